import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assessText } from '#server/scoring/engine.ts';
import { DENSE_FEATURES, FLAG_CLASSES, flagInput } from '#server/scoring/flag-model.ts';
import { type FeatureConfig, type LinearModel, quantize } from '#server/scoring/linear-model.ts';
import { SENTIMENT_CLASSES, SENTIMENT_FEATURES, sentimentInput } from '#server/scoring/sentiment.ts';
import { extractFeatures } from '#server/scoring/text-features.ts';
import type { FlagLabel, FlagSet, Outlook, SentimentSet } from './sets.ts';
import { type Example, type TrainOptions, trainModel } from './train-model.ts';

// What `npm run train:scoring` trains, on what, and how: shared by the trainer, the
// cross-validation and the test that checks the committed models are current.

export type Setup = FeatureConfig & TrainOptions;

/** The flag classifier's setup, chosen by cross-validation (docs/decisions/005). */
export const FLAG_TRAINING: Setup = {
  bits: 14,
  minN: 2,
  maxN: 5,
  dense: Object.keys(DENSE_FEATURES),
  l2: 1e-5,
  iterations: 200,
  learningRate: 0.05,
  balance: 0.5,
};

/** The outlook classifier's setup, chosen by cross-validation (docs/decisions/005). */
export const SENTIMENT_TRAINING: Setup = {
  ...SENTIMENT_FEATURES,
  l2: 1e-4,
  iterations: 300,
  learningRate: 0.05,
  balance: 0.5,
};

export interface FlagItem {
  id: string;
  label: FlagLabel;
  text: string;
}

export interface OutlookItem {
  id: string;
  sentiment: Outlook;
  text: string;
}

export function flagExamples(
  items: readonly FlagItem[],
  now: Date,
  setup: FeatureConfig = FLAG_TRAINING,
): Example[] {
  return items.map((item) => ({
    input: flagInput(assessText(item.text, now), setup),
    label: FLAG_CLASSES.indexOf(item.label),
  }));
}

export function sentimentExamples(
  items: readonly OutlookItem[],
  setup: FeatureConfig = SENTIMENT_TRAINING,
): Example[] {
  return items.map((item) => {
    const f = extractFeatures(item.text);
    return {
      input: sentimentInput(f.lower, f.language, setup),
      label: SENTIMENT_CLASSES.indexOf(item.sentiment),
    };
  });
}

/**
 * Identifies a model's training inputs: the items (id, label, text), the reference date and the
 * setup. The committed model records it; a test recomputes it in milliseconds.
 */
function inputsHash(
  items: readonly { id: string; text: string }[],
  label: (i: number) => string,
  extra: unknown,
): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(extra));
  items.forEach((item, i) => {
    hash.update(`${item.id}\u0000${label(i)}\u0000${item.text}\u0001`);
  });
  return hash.digest('hex');
}

export function trainFlagModel(
  items: readonly FlagItem[],
  now: Date,
  setup: Setup = FLAG_TRAINING,
): LinearModel {
  return quantize(trainModel(flagExamples(items, now, setup), FLAG_CLASSES, setup, setup));
}

export function trainSentimentModel(
  items: readonly OutlookItem[],
  setup: Setup = SENTIMENT_TRAINING,
): LinearModel {
  return quantize(trainModel(sentimentExamples(items, setup), SENTIMENT_CLASSES, setup, setup));
}

/** The flag model's inputs hash: the dev flags, their reference date and the setup. */
export function flagInputsHash(set: FlagSet): string {
  return inputsHash(set.predictions, (i) => set.predictions[i]?.label ?? '', {
    referenceDate: set.referenceDate,
    setup: FLAG_TRAINING,
  });
}

export function sentimentInputsHash(set: SentimentSet): string {
  // The lexicon's counts are features too.
  const lexicon = readFileSync(new URL('../data/outlook.json', import.meta.url), 'utf8');
  return inputsHash(set.predictions, (i) => set.predictions[i]?.sentiment ?? '', {
    setup: SENTIMENT_TRAINING,
    lexicon: createHash('sha256').update(lexicon).digest('hex'),
  });
}
