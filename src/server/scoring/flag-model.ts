import { type FeatureConfig, gramText, type LinearModel, modelInput, readModel } from './linear-model.ts';
import { normalizeForLists } from './moderation.ts';
import type { Moderation } from './moderation.ts';
import type { QualityOutcome } from './quality.ts';
import type { TextFeatures } from './text-features.ts';

// The flag classifier: one logistic regression decides between publishable and the five flags. It
// reads the text's character and word n-grams, a few language-neutral measurements, and what the
// explaining rules measured (their points), so a miss is fixed by a labelled example and
// `npm run train:scoring`, not by a new rule (docs/decisions/005).

export const FLAG_CLASSES = [
  'none',
  'spam',
  'abusive',
  'gibberish',
  'machine_generated',
  'not_a_prediction',
] as const;
export type FlagClass = (typeof FLAG_CLASSES)[number];

/** What the classifier reads besides the n-grams. */
export interface FlagEvidence {
  f: TextFeatures;
  mod: Moderation;
  quality: QualityOutcome;
}

const cap = (n: number, max: number) => Math.min(Math.max(n, 0), max) / max;

// Each in 0..1.
export const DENSE_FEATURES: Record<string, (e: FlagEvidence) => number> = {
  links: ({ f }) => cap(f.urls, 2),
  contact: ({ f }) => (f.phones + f.emails + f.handles > 0 ? 1 : 0),
  emojis: ({ f }) => cap(f.emojis, 4),
  years: ({ f }) => (f.years.length > 0 ? 1 : 0),
  numbers: ({ f }) => (f.numbers > 0 || f.hasPercent || f.hasCurrency ? 1 : 0),
  capitals: ({ f }) => f.upperRatio,
  exclamations: ({ f }) => (f.maxExclamationRun >= 2 ? 1 : 0),
  question: ({ f }) => (f.questionOnly ? 1 : 0),
  length: ({ f }) => Math.log1p(f.effectiveLength) / Math.log1p(500),
  implausible: ({ f }) => (f.checkedTokens ? f.implausibleTokens / f.checkedTokens : 0),
  english: ({ f }) => (f.language === 'en' ? 1 : 0),
  rule_spam: ({ mod }) => cap(mod.spam.score, 8),
  rule_abuse: ({ mod }) => cap(mod.abuse.score, 8),
  rule_gibberish: ({ mod }) => cap(mod.gibberish.score, 8),
  rule_machine: ({ mod }) => cap(mod.machine.score, 8),
  rule_not_a_prediction: ({ quality }) => (quality.notPrediction ? 1 : 0),
  rule_firm_not_a_prediction: ({ quality }) => (quality.notPrediction && quality.notPredictionFirm ? 1 : 0),
  future_strong: ({ quality }) => (quality.future === 'strong' ? 1 : 0),
  future_none: ({ quality }) => (quality.future === 'none' ? 1 : 0),
  time_ahead: ({ quality }) => (quality.ahead ? 1 : 0),
};

export function flagInput(e: FlagEvidence, config: FeatureConfig) {
  const dense = Float64Array.from(config.dense, (name) => DENSE_FEATURES[name]?.(e) ?? 0);
  return modelInput(gramText(normalizeForLists(e.f.lower)), config, dense);
}

let committed: LinearModel | undefined;
/** The committed flag model (data/flag-model.json, written by `npm run train:scoring`), read once. */
export function committedFlagModel(): LinearModel {
  committed ??= readModel('flag-model.json', FLAG_CLASSES);
  return committed;
}
