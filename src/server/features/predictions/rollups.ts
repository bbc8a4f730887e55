import type { QualityTier } from '#shared/schemas/predictions.ts';

// What one prediction adds to the analytics rollups (docs/decisions/002-data-model.md); the SQL is
// in rollups.repository.ts. Category '*' counts each prediction once; each of its categories once.

export const ALL_CATEGORIES = '*';

/** The facts of one prediction that the rollups count. */
export interface RollupFact {
  createdAt: string;
  userId: number;
  categories: readonly string[];
  isPublic: boolean;
  isFlagged: boolean;
  /** The quality percent; null for a prediction not yet analysed. */
  reliabilityScore: number | null;
  tier: QualityTier | null;
  textLength: number;
}

export interface DailyDelta {
  day: string;
  category: string;
  predictions: number;
  public_predictions: number;
  flagged: number;
  scored: number;
  quality_sum: number;
  length_sum: number;
  tier_high: number;
  tier_good: number;
  tier_fair: number;
  tier_low: number;
}

/** The figures of a rollup_daily row, each the sum of what its predictions added. */
export const DAILY_FIGURES = [
  'predictions',
  'public_predictions',
  'flagged',
  'scored',
  'quality_sum',
  'length_sum',
  'tier_high',
  'tier_good',
  'tier_fair',
  'tier_low',
] as const satisfies readonly (keyof DailyDelta)[];

/** The UTC day and hour of an ISO timestamp. */
export function utcDayHour(iso: string): { day: string; hour: number } {
  const d = new Date(iso);
  return { day: d.toISOString().slice(0, 10), hour: d.getUTCHours() };
}

/** Pure: the rows one prediction adds to rollup_daily ('*' first, then each category). */
export function dailyDeltas(fact: RollupFact): DailyDelta[] {
  const { day } = utcDayHour(fact.createdAt);
  const scored = fact.reliabilityScore === null ? 0 : 1;
  const base = {
    day,
    predictions: 1,
    public_predictions: fact.isPublic ? 1 : 0,
    flagged: fact.isFlagged ? 1 : 0,
    scored,
    quality_sum: fact.reliabilityScore ?? 0,
    length_sum: fact.textLength,
    tier_high: fact.tier === 'high' ? 1 : 0,
    tier_good: fact.tier === 'good' ? 1 : 0,
    tier_fair: fact.tier === 'fair' ? 1 : 0,
    tier_low: fact.tier === 'needs_improvement' ? 1 : 0,
  };
  return [ALL_CATEGORIES, ...new Set(fact.categories)].map((category) => ({ ...base, category }));
}
