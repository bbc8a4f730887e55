import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { ALL_CATEGORIES, dailyDeltas, type RollupFact, utcDayHour } from './rollups.ts';

// Keeps the analytics rollups current, called inside the transaction that stores the prediction,
// so the rollups always equal a direct GROUP BY over `predictions`.

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
