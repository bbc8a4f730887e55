import { type Reliability, reliabilityLabel } from '#shared/schemas/predictions.ts';
import type { TrackRecord } from '#shared/schemas/resolution.ts';

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

/**
 * Track record (issue 26, docs/decisions/015-resolution.md): as resolutions accumulate the score
 * moves from text quality to how the member's forecasts turned out:
 *
 *   track   = 100 × (0.4 × calibration + 0.3 × skill + 0.3 × resolution rate)
 *   overall = (1 − w) × text + w × track,   w = n / (n + HALF_WEIGHT_AT)
 *
 * n is the number of scored resolutions (yes/no with a confidence); calibration = 1 − 2 × the
 * count-weighted mean gap between predicted and observed per bucket (a gap of 0.5 or more scores
 * 0); skill = 1 − Brier / 0.25 (always saying 50% scores 0), at least 0; a member with nothing
 * due yet counts a resolution rate of 1. With 10 scored resolutions text and track weigh the same;
 * with 40, the track record is 80% of the score.
 */
const TRACK_BLEND = { halfWeightAt: 10, calibration: 0.4, skill: 0.3, resolutionRate: 0.3 } as const;

type TrackEvidence = Pick<TrackRecord, 'scored' | 'brier' | 'calibration' | 'resolution_rate'>;

/** The track-record score 0..100 and its weight 0..1; weight 0 without scored resolutions. */
function trackScore(track: TrackEvidence | undefined): { score: number; weight: number } {
  if (!track || track.scored <= 0 || track.brier === null) return { score: 0, weight: 0 };
  let gap = 0;
  let count = 0;
  for (const b of track.calibration) {
    if (b.count === 0 || b.predicted === null || b.observed === null) continue;
    gap += b.count * Math.abs(b.predicted - b.observed);
    count += b.count;
  }
  const calibration = count ? Math.max(0, 1 - 2 * (gap / count)) : 0;
  const skill = Math.max(0, 1 - track.brier / 0.25);
  const rate = track.resolution_rate ?? 1;
  const score =
    100 *
    (TRACK_BLEND.calibration * calibration + TRACK_BLEND.skill * skill + TRACK_BLEND.resolutionRate * rate);
  return { score, weight: track.scored / (track.scored + TRACK_BLEND.halfWeightAt) };
}

export function memberReliability(input: ReliabilityInput, track?: TrackEvidence): Reliability {
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
  const text = (mean * weight + scoreSum) / denominator - (flagPenalty * flagged) / (weight + total);
  const fromTrack = trackScore(track);
  const raw = (1 - fromTrack.weight) * Math.min(100, Math.max(0, text)) + fromTrack.weight * fromTrack.score;
  const score = round1(Math.min(100, Math.max(0, raw)));
  return {
    overall_reliability_score: score,
    total_predictions: total,
    flagged_predictions: flagged,
    avg_text_quality: scored > 0 ? Math.round((textQualitySum / scored) * 1000) / 1000 : null,
    label: reliabilityLabel(score),
  };
}
