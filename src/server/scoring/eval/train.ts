// npm run train:scoring: rebuilds the English synonyms from WordNet and trains the two classifiers
// on the dev set (flags: dataset.json; outlook: dev-sentiment.json), writing data/*.json beside the
// engine. Deterministic (full-batch, fixed step count, zero start): the same inputs always give the
// same files, and each file records the hash of its inputs (evaluation.test.ts checks it).
import { writeFileSync } from 'node:fs';
import { encodeModel } from '#server/scoring/linear-model.ts';
import { buildSynonyms } from './build-synonyms.ts';
import { devSets } from './sets.ts';
import {
  FLAG_TRAINING,
  flagInputsHash,
  SENTIMENT_TRAINING,
  sentimentInputsHash,
  trainFlagModel,
  trainSentimentModel,
} from './training.ts';

const write = (file: string, data: unknown, indent?: number) =>
  writeFileSync(new URL(`../data/${file}`, import.meta.url), `${JSON.stringify(data, null, indent)}\n`);

write('synonyms-en.json', buildSynonyms());

const sets = devSets();
const only = process.argv[2];
if (!only || only === 'flags') {
  const started = performance.now();
  const items = sets.flags.predictions;
  const model = trainFlagModel(items, new Date(sets.flags.referenceDate ?? ''));
  write(
    'flag-model.json',
    encodeModel(model, {
      examples: items.length,
      inputsHash: flagInputsHash(sets.flags),
      training: { ...FLAG_TRAINING },
    }),
    1,
  );
  console.log(`flag model: ${items.length} examples, ${Math.round(performance.now() - started)} ms`);
}
if (!only || only === 'sentiment') {
  const started = performance.now();
  const items = sets.sentiment.predictions;
  const model = trainSentimentModel(items);
  write(
    'sentiment-model.json',
    encodeModel(model, {
      examples: items.length,
      inputsHash: sentimentInputsHash(sets.sentiment),
      training: { ...SENTIMENT_TRAINING },
    }),
    1,
  );
  console.log(`outlook model: ${items.length} examples, ${Math.round(performance.now() - started)} ms`);
}
