import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ScoringAccuracy {
  /** Share (0..1) of the blind evaluation set (never tuned on) on which the engine agrees with the label. */
  agreement: number | null;
  evaluatedPredictions: number | null;
  version: string | null;
}

const RESULTS = resolve(import.meta.dirname, '../../scoring/eval/results.json');
let cached: ScoringAccuracy | undefined;

/**
 * The banner's accuracy claim is the figure `npm run eval:scoring` measured on the blind set, which the
 * engine was never tuned on (ARCHITECTURE.md; docs/decisions/005), read once from its results file.
 * The in-sample figure is never advertised; without a blind measurement the page states no figure.
 */
export function scoringAccuracy(): ScoringAccuracy {
  if (cached) return cached;
  try {
    const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as {
      advertised?: { accuracy?: unknown };
      version?: unknown;
      blind?: { datasetSize?: { predictions?: unknown } } | null;
    };
    const accuracy = results.advertised?.accuracy;
    const size = results.blind?.datasetSize?.predictions;
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
