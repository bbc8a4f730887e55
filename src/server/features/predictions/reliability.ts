import { type Reliability, reliabilityLabel } from '#shared/schemas/predictions.ts';

// A member's reliability (SPEC.md §3 'Reliability', §9 labels); docs/decisions/007 explains it.
//
//   score = (PRIOR × WEIGHT + Σ quality) / (WEIGHT + n)  −  FLAG_PENALTY × flagged / (WEIGHT + n)
//
// A Bayesian average: with few predictions the score stays near the neutral prior of 50, so one
// excellent post does not make an 'excellent' member; it needs a record. Each flagged prediction
// already scores low (the engine caps flagged scores) and also costs FLAG_PENALTY points spread
// over the same smoothed count, so a habit of flags pulls the score down even among good posts.
export const RELIABILITY_PRIOR = { mean: 50, weight: 5, flagPenalty: 40 } as const;

export interface ReliabilityInput {
  /** Every prediction the member has published. */
  total: number;
  flagged: number;
  /** How many of them carry a quality score, and their sum (0..100 each). */
  scored: number;
  scoreSum: number;
  /** Sum of text quality (0..1) over the scored ones. */
  textQualitySum: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function memberReliability(input: ReliabilityInput): Reliability {
  const { total, flagged, scored, scoreSum, textQualitySum } = input;
  if (total <= 0) {
    return {
      overall_reliability_score: null,
      total_predictions: 0,
      flagged_predictions: 0,
      avg_text_quality: null,
      label: null,
    };
  }
  const { mean, weight, flagPenalty } = RELIABILITY_PRIOR;
  const denominator = weight + scored;
  const raw = (mean * weight + scoreSum) / denominator - (flagPenalty * flagged) / (weight + total);
  const score = round1(Math.min(100, Math.max(0, raw)));
  return {
    overall_reliability_score: score,
    total_predictions: total,
    flagged_predictions: flagged,
    avg_text_quality: scored > 0 ? Math.round((textQualitySum / scored) * 1000) / 1000 : null,
    label: reliabilityLabel(score),
  };
}
