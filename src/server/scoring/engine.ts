import { scoreCategories } from '#shared/rules/category-suggestion.ts';
import { type EnglishSignals, englishSignals } from './english.ts';
import { committedFlagModel, flagInput } from './flag-model.ts';
import { decideFlag, FLAG_SCORE_CAP, FLAG_VERDICT, flagReasoning } from './flags.ts';
import { classProbabilities, type LinearModel } from './linear-model.ts';
import { type Moderation, moderate } from './moderation.ts';
import { assessQuality, BASE_POINTS, type QualityOutcome } from './quality.ts';
import { committedSentimentModel, sentimentInput, sentimentScore } from './sentiment.ts';
import { suggestionsFor } from './suggestions.ts';
import { extractFeatures, type TextFeatures } from './text-features.ts';
import type { Analysis, AuthorHistory, PredictionInput, QualityTier, Reason } from './types.ts';

// Bump on any change that can move a score or a flag: stored analyses carry it, a re-score job
// recomputes those with an older version, and eval/results.json must match it.
export const SCORING_VERSION = '2.2.1';

// SPEC.md §3 quality tiers, on the same cut-offs as §9's reliability labels (80/60/40).
export const QUALITY_TIER_CUTOFFS = { high: 80, good: 60, fair: 40 } as const;

export function qualityTier(score: number): QualityTier {
  if (score >= QUALITY_TIER_CUTOFFS.high) return 'high';
  if (score >= QUALITY_TIER_CUTOFFS.good) return 'good';
  if (score >= QUALITY_TIER_CUTOFFS.fair) return 'fair';
  return 'needs_improvement';
}

// A member's record moves a prediction's reliability by at most -10..+5 points. The clean rate
// is pulled toward a prior (85% clean, worth 5 predictions) so that one early flag, or one clean
// post, says little.
const AUTHOR_PRIOR = { cleanRate: 0.85, weight: 5, scale: 40, min: -10, max: 5 } as const;

export function authorAdjustment(author: AuthorHistory | undefined): number {
  if (!author || author.totalPredictions <= 0) return 0;
  const flagged = Math.min(author.flaggedPredictions, author.totalPredictions);
  const clean =
    (author.totalPredictions - flagged + AUTHOR_PRIOR.cleanRate * AUTHOR_PRIOR.weight) /
    (author.totalPredictions + AUTHOR_PRIOR.weight);
  const points = Math.round((clean - AUTHOR_PRIOR.cleanRate) * AUTHOR_PRIOR.scale);
  return Math.max(AUTHOR_PRIOR.min, Math.min(AUTHOR_PRIOR.max, points)) || 0;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function categoryReason(text: string, chosen: readonly string[]): Reason | null {
  const topical = chosen.filter((c) => c !== 'Other' && c !== 'Futurecast');
  if (topical.length === 0) return null;
  const scores = scoreCategories(text);
  if (topical.some((c) => (scores.find((s) => s.category === c)?.score ?? 0) > 0)) return null;
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  if (best.score <= 10) return null;
  return {
    code: 'category_mismatch',
    label: `The text reads as ${best.category}, not ${topical.join(', ')}`,
    effect: -5,
  };
}

export interface RuleAssessment {
  f: TextFeatures;
  en: EnglishSignals | null;
  mod: Moderation;
  quality: QualityOutcome;
}

/** What the hand-written rules measure in a text, before any flag is decided. */
export function assessText(text: string, now: Date | undefined): RuleAssessment {
  const f = extractFeatures(text);
  const en = f.language === 'en' ? englishSignals(f.text, f.lower) : null;
  const mod = moderate(f);
  return { f, en, mod, quality: assessQuality(f, en, mod, now) };
}

/** The trained models the engine reads; cross-validation passes its own per fold. */
export interface EngineModels {
  flags: LinearModel | null;
  sentiment: LinearModel | null;
}

export function committedModels(): EngineModels {
  return { flags: committedFlagModel(), sentiment: committedSentimentModel() };
}

export function analyzePrediction(
  input: PredictionInput,
  models: EngineModels = committedModels(),
): Analysis {
  const { f, mod, quality } = assessText(input.text, input.now);
  const probabilities = models.flags
    ? classProbabilities(models.flags, flagInput({ f, mod, quality }, models.flags))
    : null;
  const { decision, modelNote } = decideFlag(f, mod, quality, input.duplicateOf, probabilities);

  const reasons: Reason[] = [
    { code: 'base', label: 'Starting point', effect: BASE_POINTS },
    ...quality.reasons,
  ];
  // The classifier moves flags, not points: its line says what it read (the flag cap does the rest).
  if (modelNote) reasons.push({ code: 'statistical_model', label: modelNote, effect: 0 });
  const mismatch = categoryReason(f.text, input.categories);
  if (mismatch) reasons.push(mismatch);

  // Each adjustment below is itself a reason, so the listed effects always add up to the score.
  const sum = () => reasons.reduce((total, r) => total + r.effect, 0);
  const keepInBounds = (code: string, label: string) => {
    const total = sum();
    const bounded = clamp(total, 0, 100);
    if (bounded !== total) reasons.push({ code, label, effect: bounded - total });
  };
  keepInBounds('bounds', 'Kept within 0..100');
  const cap = decision ? FLAG_SCORE_CAP[decision.category] : 100;
  if (sum() > cap)
    reasons.push({ code: 'flag_cap', label: `Capped at ${cap} because it is flagged`, effect: cap - sum() });
  const textPoints = sum();

  const author = authorAdjustment(input.author);
  if (author !== 0) {
    reasons.push({
      code: 'author_history',
      label: 'Your track record of unflagged predictions',
      effect: author,
    });
    keepInBounds('bounds', 'Kept within 0..100');
    if (sum() > cap)
      reasons.push({
        code: 'flag_cap',
        label: `Capped at ${cap} because it is flagged`,
        effect: cap - sum(),
      });
  }
  const reliability = sum();

  const reasoning = decision ? flagReasoning(decision) : null;
  return {
    version: SCORING_VERSION,
    text_quality_score: Math.round(textPoints) / 100,
    sentiment_score: models.sentiment
      ? sentimentScore(
          classProbabilities(models.sentiment, sentimentInput(f.lower, f.language, models.sentiment)),
        )
      : 0,
    reliability_score: Math.round(reliability),
    quality_tier: qualityTier(reliability),
    is_flagged: decision !== null,
    flag_reason: reasoning?.reason ?? null,
    flag_reasoning: reasoning,
    suggestions: suggestionsFor(reasons),
    verdict: decision ? FLAG_VERDICT[decision.category] : 'publish',
    reasons,
    language: f.language,
  };
}
