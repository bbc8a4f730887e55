import type { QualityTier } from '#shared/schemas/predictions.ts';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

// Keeps the analytics rollups (docs/decisions/002-data-model.md) current, called inside the
// transaction that stores the prediction, so the rollups always equal a direct GROUP BY over
// `predictions`. Category '*' counts each prediction once; each of its categories counts it once.

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

/** `table.column + excluded.column`: adds the new row's figure to the stored one (both dialects). */
const add = (table: string, column: string) =>
  sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;

export async function recordPredictionInRollups(db: Db, fact: RollupFact): Promise<void> {
  const { day, hour } = utcDayHour(fact.createdAt);
  const categories = [ALL_CATEGORIES, ...new Set(fact.categories)];

  await db
    .insertInto('rollup_daily')
    .values(dailyDeltas(fact))
    .onConflict((oc) =>
      oc.columns(['day', 'category']).doUpdateSet({
        predictions: add('rollup_daily', 'predictions'),
        public_predictions: add('rollup_daily', 'public_predictions'),
        flagged: add('rollup_daily', 'flagged'),
        scored: add('rollup_daily', 'scored'),
        quality_sum: add('rollup_daily', 'quality_sum'),
        length_sum: add('rollup_daily', 'length_sum'),
        tier_high: add('rollup_daily', 'tier_high'),
        tier_good: add('rollup_daily', 'tier_good'),
        tier_fair: add('rollup_daily', 'tier_fair'),
        tier_low: add('rollup_daily', 'tier_low'),
      }),
    )
    .execute();

  await db
    .insertInto('rollup_hourly')
    .values(categories.map((category) => ({ day, hour, category, predictions: 1 })))
    .onConflict((oc) =>
      oc
        .columns(['day', 'category', 'hour'])
        .doUpdateSet({ predictions: add('rollup_hourly', 'predictions') }),
    )
    .execute();

  await db
    .insertInto('rollup_daily_members')
    .values(categories.map((category) => ({ day, category, user_id: fact.userId, predictions: 1 })))
    .onConflict((oc) =>
      oc
        .columns(['category', 'day', 'user_id'])
        .doUpdateSet({ predictions: add('rollup_daily_members', 'predictions') }),
    )
    .execute();
}
