import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ScoringAccuracy {
  /** Share (0..1) of the held-out flags set (never tuned on) on which the engine agrees with the label. */
  agreement: number | null;
  evaluatedPredictions: number | null;
  version: string | null;
}

const RESULTS = resolve(import.meta.dirname, '../../scoring/eval/results.json');
let cached: ScoringAccuracy | undefined;

/**
 * The banner's accuracy claim is the figure `npm run eval:scoring` measured on the held-out flags set,
 * which the team wrote and never tuned the engine on (ARCHITECTURE.md; docs/decisions/005), with its
 * size, read once from the results file. A dev figure is never advertised; without a held-out
 * measurement the page states no figure.
 */
export function scoringAccuracy(): ScoringAccuracy {
  if (cached) return cached;
  try {
    const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as {
      advertised?: { agreement?: unknown; items?: unknown } | null;
      version?: unknown;
    };
    const accuracy = results.advertised?.agreement;
    const size = results.advertised?.items;
    cached = {
      agreement: typeof accuracy === 'number' ? accuracy : null,
      evaluatedPredictions: typeof accuracy === 'number' && typeof size === 'number' ? size : null,
      version: typeof results.version === 'string' ? results.version : null,
    };
  } catch {
    cached = { agreement: null, evaluatedPredictions: null, version: null };
  }
  return cached;
}
