// npm run eval:first-sight -- <folder> [--old-dev] [--mistakes]:
// measures a folder of labelled sets in the held-out formats (flags.json, pairs.json,
// sentiment.json, bands.json) with the committed models, or with `--old-dev` with models trained
// on the dev set minus that folder's items: a 'first sight' figure for new data.
// Items are split into an even half (ids listed with --mistakes, to look at) and an odd half
// (never listed), so a change made after looking at the even half is judged on the odd one.
import { pathToFileURL } from 'node:url';
import { analyzePrediction, committedModels, type EngineModels } from '#server/scoring/engine.ts';
import { measureSets, type Scorer } from './measure.ts';
import { setLines } from './report.ts';
import { devSets, type LabelledSets, loadSets } from './sets.ts';
import { trainFlagModel, trainSentimentModel } from './training.ts';

const dirArg = process.argv[2];
if (!dirArg) throw new Error('usage: first-sight.ts <folder> [--old-dev] [--mistakes]');
const dir = pathToFileURL(dirArg.endsWith('/') ? dirArg : `${dirArg}/`);
const sets = loadSets(dir);
const date = sets.flags?.referenceDate ?? '2026-11-28';

let models: EngineModels = committedModels();
if (process.argv.includes('--old-dev')) {
  const dev = devSets();
  const seen = new Set(
    [...(sets.flags?.predictions ?? []), ...(sets.sentiment?.predictions ?? [])].map((p) => p.id),
  );
  const flags = dev.flags.predictions.filter((p) => !seen.has(p.id));
  const outlooks = dev.sentiment.predictions.filter((p) => !seen.has(p.id));
  models = {
    flags: trainFlagModel(flags, new Date(dev.flags.referenceDate ?? '')),
    sentiment: trainSentimentModel(outlooks),
  };
  console.log(`models trained on ${flags.length} flags, ${outlooks.length} outlooks of the old dev set`);
}
const score: Scorer = (text, now) => analyzePrediction({ text, categories: [], now }, models);

const half = (odd: boolean): LabelledSets => {
  const keep = <T>(xs: T[]) => xs.filter((_, i) => i % 2 === (odd ? 1 : 0));
  return {
    flags: sets.flags && { ...sets.flags, predictions: keep(sets.flags.predictions) },
    pairs: sets.pairs && { ...sets.pairs, pairs: keep(sets.pairs.pairs) },
    sentiment: sets.sentiment && { ...sets.sentiment, predictions: keep(sets.sentiment.predictions) },
    bands: sets.bands && { ...sets.bands, predictions: keep(sets.bands.predictions) },
  };
};

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const pick = (s: LabelledSets): LabelledSets =>
  only
    ? { flags: null, pairs: null, sentiment: null, bands: null, [only]: s[only as keyof LabelledSets] }
    : s;
const all = measureSets(pick(sets), score, date);
console.log(setLines(`first sight, ${dirArg}`, all).join('\n'));
if (process.argv.includes('--halves')) {
  for (const odd of [false, true])
    console.log(
      setLines(odd ? 'odd half' : 'even half', measureSets(pick(half(odd)), score, date)).join('\n'),
    );
}
if (process.argv.includes('--mistakes')) {
  const even = measureSets(pick(half(false)), score, date);
  for (const [kind, f] of Object.entries(even))
    if (f) console.log(`even-half ${kind} disagreements: ${f.disagreements.join(' ')}`);
}
