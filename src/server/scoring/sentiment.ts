import { type FeatureConfig, gramText, type LinearModel, modelInput, readModel } from './linear-model.ts';
import { OUTLOOK_FEATURES, outlookFeatures } from './outlook-lexicon.ts';

// Sentiment as outlook: is the predicted outcome good, bad or neither for the people it concerns?
// A classifier trained on labelled outlooks (eval/dev-sentiment.json) reads the outlook lexicon's
// counts (outlook-lexicon.ts, every language it has) and the text's n-grams. The score is
// p(positive) - p(negative), kept inside SPEC §2's ±0.1 neutral zone when 'neutral' is likeliest,
// so the dashboard's badge says what the classifier decided.

export const SENTIMENT_CLASSES = ['negative', 'neutral', 'positive'] as const;

export const SENTIMENT_FEATURES: FeatureConfig = {
  bits: 12,
  minN: 3,
  maxN: 4,
  wordN: 2,
  dense: [...OUTLOOK_FEATURES],
};

/** The classifier's input for a text in a language. */
export function sentimentInput(lower: string, language: string, config: FeatureConfig = SENTIMENT_FEATURES) {
  return modelInput(gramText(lower), config, outlookFeatures(lower, language));
}

let committed: LinearModel | undefined;
export function committedSentimentModel(): LinearModel {
  committed ??= readModel('sentiment-model.json', SENTIMENT_CLASSES);
  return committed;
}

const NEUTRAL_ZONE = 0.1;

/** The outlook score in −1..1: positive above 0.1, negative below −0.1 (SPEC §2). */
export function sentimentScore(probabilities: Float64Array): number {
  const [neg = 0, neu = 0, pos = 0] = probabilities;
  const raw = pos - neg;
  let score: number;
  if (neu >= pos && neu >= neg) score = raw * NEUTRAL_ZONE;
  else if (pos > neg) score = Math.max(raw, NEUTRAL_ZONE + 0.001);
  else score = Math.min(raw, -NEUTRAL_ZONE - 0.001);
  return Math.round(Math.max(-1, Math.min(1, score)) * 1000) / 1000;
}
