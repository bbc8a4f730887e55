// npm run eval:scoring: measures the engine on the dev set (in sample, and by cross-validation) and
// on the held-out sets in eval/heldout/ when they are there, prints the figures, and writes
// results.json (which the analytics page advertises) and history.json. `--mistakes` lists the ids
// of the dev items the engine gets wrong; held-out items are never listed (nobody tunes on them).
// `--dev-only` skips the held-out sets entirely and writes nothing: the dev figures for tuning.
import { analyzePrediction, SCORING_VERSION } from '#server/scoring/engine.ts';
import { crossValidate } from './cross-validate.ts';
import { engineFingerprint } from './fingerprint.ts';
import { measureSets, type Scorer } from './measure.ts';
import { bandLines, flagLines, sentimentLines, setLines } from './report.ts';
import { advertised, writeResults } from './results.ts';
import { devSets, HELDOUT_DIR, loadSets } from './sets.ts';
import { measureTiming } from './timing.ts';

const devOnly = process.argv.includes('--dev-only');
const score: Scorer = (text, now) => analyzePrediction({ text, categories: [], now });
const dev = devSets();
const devDate = dev.flags.referenceDate ?? '';

const inSample = measureSets(dev, score, devDate);
const crossValidated = crossValidate(dev);
const heldout = devOnly ? null : measureSets(loadSets(HELDOUT_DIR), score, devDate);
const timing = measureTiming(
  dev.flags.predictions.map((p) => p.text),
  devDate,
);

console.log(`Futurecast scoring engine ${SCORING_VERSION}\n`);
if (heldout) console.log(`${setLines('held-out (eval/heldout/)', heldout).join('\n')}\n`);
console.log(
  [
    ...flagLines(`dev, ${crossValidated.folds}-fold cross-validated`, crossValidated.flags),
    ...sentimentLines(`dev, ${crossValidated.folds}-fold cross-validated`, crossValidated.sentiment),
    ...bandLines('dev, flags cross-validated', crossValidated.bands),
  ].join('\n'),
);
console.log('');
console.log(setLines('dev, in sample', inSample).join('\n'));
console.log(
  `\nscoring time per prediction: p50 ${timing.p50Ms} ms, p99 ${timing.p99Ms} ms; 500-character texts p50 ${timing.longestP50Ms} ms, p99 ${timing.longestP99Ms} ms (CPU p99 ${timing.longestCpuP99Ms} ms); budget p99 under 5 ms`,
);

if (process.argv.includes('--mistakes')) {
  for (const [kind, f] of Object.entries(inSample))
    if (f) console.log(`dev ${kind} disagreements: ${f.disagreements.join(' ')}`);
}

if (heldout)
  writeResults({
    version: SCORING_VERSION,
    engine: engineFingerprint(),
    generatedBy: 'npm run eval:scoring',
    dev: { inSample, crossValidated },
    heldout,
    advertised: advertised(heldout),
    timing,
  });
