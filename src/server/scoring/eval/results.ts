import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { CrossValidated } from './cross-validate.ts';
import type { SetFigures } from './measure.ts';
import { SET_FILES } from './sets.ts';
import type { Timing } from './timing.ts';

// results.json: what `npm run eval:scoring` measured for the current SCORING_VERSION. The analytics
// page advertises the held-out flags set's agreement, with its size (scoring-accuracy.ts), never a
// dev figure. history.json keeps one line of figures per version.

export interface Results {
  version: string;
  /** The engine measured (fingerprint.ts). */
  engine: string;
  generatedBy: 'npm run eval:scoring';
  dev: { inSample: SetFigures; crossValidated: CrossValidated };
  heldout: SetFigures;
  advertised: { agreement: number; items: number; source: string } | null;
  timing: Timing;
}

export const RESULTS_URL = new URL('./results.json', import.meta.url);
const HISTORY_URL = new URL('./history.json', import.meta.url);

/** The advertised figure: the held-out flags set's agreement, or none without that set. */
export function advertised(heldout: SetFigures): Results['advertised'] {
  const flags = heldout.flags;
  if (!flags || flags.agreement === null) return null;
  return { agreement: flags.agreement, items: flags.items, source: `heldout/${SET_FILES.flags}` };
}

/** Per-item disagreements stay out of the committed files: only their count. */
function counted(figures: SetFigures): SetFigures {
  const strip = <T extends { disagreements: string[] }>(f: T | null) =>
    f ? ({ ...f, disagreements: [] as string[], disagreementCount: f.disagreements.length } as T) : null;
  return {
    flags: strip(figures.flags),
    pairs: strip(figures.pairs),
    sentiment: strip(figures.sentiment),
    bands: strip(figures.bands),
  };
}

export function writeResults(results: Results): void {
  const stored = {
    ...results,
    dev: {
      inSample: counted(results.dev.inSample),
      crossValidated: {
        ...results.dev.crossValidated,
        ...counted({ pairs: null, ...results.dev.crossValidated }),
      },
    },
    heldout: counted(results.heldout),
  };
  writeFileSync(RESULTS_URL, `${JSON.stringify(stored, null, 1)}\n`);
  appendHistory(results);
}

interface HistoryEntry {
  version: string;
  measuredOn: string;
  set: string;
  figures: Record<string, number | null>;
}

/** One entry per version and set; measuring a version again replaces its entries. */
function appendHistory(r: Results): void {
  const history = existsSync(HISTORY_URL)
    ? (JSON.parse(readFileSync(HISTORY_URL, 'utf8')) as { about: string; entries: HistoryEntry[] })
    : {
        about:
          'The scoring engine measured once per version (npm run eval:scoring appends). dev-cv: the dev set by 5-fold cross-validation (rules tuned on all of it); heldout: the frozen held-out sets, measured once per release.',
        entries: [],
      };
  const measuredOn = new Date().toISOString().slice(0, 10);
  const cv = r.dev.crossValidated;
  const line = (set: string, figures: Record<string, number | null>) => ({
    version: r.version,
    measuredOn,
    set,
    figures,
  });
  const entries = [
    line('dev-cv', {
      flagAgreement: cv.flags.agreement,
      flagF1: cv.flags.flagged.f1,
      falseFlagsOnGood: cv.flags.falseFlagsOnGood,
      duplicateRecall: r.dev.inSample.pairs?.duplicateRecall ?? null,
      distinctMerged: r.dev.inSample.pairs?.distinctMerged ?? null,
      sentimentAgreement: cv.sentiment.agreement,
      bandsExact: cv.bands.exact,
      p99Ms500: r.timing.longestP99Ms,
    }),
    ...(r.heldout.flags || r.heldout.pairs || r.heldout.sentiment || r.heldout.bands
      ? [
          line('heldout', {
            flagAgreement: r.heldout.flags?.agreement ?? null,
            flagF1: r.heldout.flags?.flagged.f1 ?? null,
            falseFlagsOnGood: r.heldout.flags?.falseFlagsOnGood ?? null,
            duplicateRecall: r.heldout.pairs?.duplicateRecall ?? null,
            distinctMerged: r.heldout.pairs?.distinctMerged ?? null,
            sentimentAgreement: r.heldout.sentiment?.agreement ?? null,
            bandsExact: r.heldout.bands?.exact ?? null,
          }),
        ]
      : []),
  ];
  const kept = history.entries.filter(
    (e) => !(e.version === r.version && entries.some((n) => n.set === e.set)),
  );
  writeFileSync(HISTORY_URL, `${JSON.stringify({ ...history, entries: [...kept, ...entries] }, null, 1)}\n`);
}
