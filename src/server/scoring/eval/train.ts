// npm run train:scoring: trains the flag model on every labelled prediction in dataset.json and
// writes flag-model.json next to the engine. Deterministic (full-batch, fixed step count, zero
// start), so the same dataset always gives the same file; evaluate.test.ts checks that it does.
import { writeFileSync } from 'node:fs';
import { encodeModel } from '#server/scoring/flag-model.ts';
import { datasetHash, examplesFor } from './cross-validate.ts';
import { loadDataset } from './evaluate.ts';
import { TRAINING, trainModel } from './train-model.ts';

const dataset = loadDataset();
const started = performance.now();
const model = trainModel(examplesFor(dataset.predictions, TRAINING), TRAINING, TRAINING);
const stored = encodeModel(model, {
  predictions: dataset.predictions.length,
  datasetHash: datasetHash(dataset.predictions),
  training: { ...TRAINING, dense: [...TRAINING.dense] },
});
writeFileSync(new URL('../flag-model.json', import.meta.url), `${JSON.stringify(stored, null, 1)}\n`);
console.log(
  `Trained on ${dataset.predictions.length} predictions in ${Math.round(performance.now() - started)} ms; wrote flag-model.json (${stored.gramWeights.length} base64 characters of n-gram weights).`,
);
