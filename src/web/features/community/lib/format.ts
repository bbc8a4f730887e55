import type { PredictionDetail, PublicProfileReply } from '#shared/schemas/explore.ts';

// How a prediction's page and a profile put numbers and dates into words.

type Tier = NonNullable<PredictionDetail['analysis']['tier']>;
type ReliabilityLabel = NonNullable<PublicProfileReply['user']['reliability']['label']>;

/** SPEC.md §3 'Quality tiers'. */
export const TIER_LABELS: Record<Tier, string> = {
  high: 'High Quality',
  good: 'Good Quality',
  fair: 'Fair Quality',
  needs_improvement: 'Needs Improvement',
};

/** SPEC.md §9 'Reliability labels'. */
export const RELIABILITY_LABELS: Record<ReliabilityLabel, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

/** A reason's effect on the score: '+12 points', '−8 points', '±0 points'. */
export function effectText(effect: number): string {
  const points = Math.round(Math.abs(effect));
  const sign = points === 0 ? '±' : effect > 0 ? '+' : '−';
  return `${sign}${points} point${points === 1 ? '' : 's'}`;
}

const valid = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'November 22, 2026' in the reader's time zone. */
export function longDate(iso: string): string {
  return valid(iso)?.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }) ?? '—';
}

/** 'November 2026': when a member joined (UTC, as the dashboard's 'Member Since'). */
export function monthYear(iso: string): string {
  return valid(iso)?.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }) ?? '—';
}
