import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { createMemberCounter } from './member-sets.ts';
import { ALL, type AnalyticsSource, type SamplePoint, toDayTotals } from './analytics.source.ts';

// Analytics SQL on the rollup tables (STYLE.md rule 2; the member counts are in
// member-sets.repository.ts). Every query is a range on the (category, day) prefix of a primary key
// or index: its cost follows days × categories, never the number of predictions.

export function rollupSource(db: Db): AnalyticsSource {
  const members = createMemberCounter(db);
  return {
    async daily(category, from, to) {
      const rows = await db
        .selectFrom('rollup_daily')
        .select([
          'day',
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
        ])
        .where('category', '=', category)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .execute();
      return rows.filter((r) => Number(r.predictions) > 0).map(toDayTotals);
    },

    async categoryTotals(from, to) {
      const rows = await db
        .selectFrom('rollup_daily')
        .select(['category', (eb) => eb.fn.sum<number>('predictions').as('n')])
        .where('category', '<>', ALL)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('category')
        .execute();
      return rows
        .map((r) => ({ category: r.category, predictions: Number(r.n) }))
        .filter((r) => r.predictions > 0);
    },

    async hourly(category, from, to) {
      const rows = await db
        .selectFrom('rollup_hourly')
        .select(['hour', (eb) => eb.fn.sum<number>('predictions').as('n')])
        .where('category', '=', category)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('hour')
        .execute();
      return rows
        .map((r) => ({ hour: Number(r.hour), predictions: Number(r.n) }))
        .filter((r) => r.predictions > 0);
    },

    // Distinct members: exact, from rollup_daily_members, memoised per window part (member-sets.ts).
    activeUsers: members.activeUsers,
    dailyUsers: members.dailyUsers,
    usersByCategory: members.usersByCategory,

    sample: (category, from, limit) => latestScored(db, category, from, limit),
  };
}

/**
 * The latest `limit` scored predictions since `from` (UTC day), newest first, through the created_at
 * index: bounded work whatever the table's size. Numbers only: a private prediction's text never leaves.
 */
export async function latestScored(
  db: Db,
  category: string,
  from: string,
  limit: number,
): Promise<SamplePoint[]> {
  let query = db
    .selectFrom('predictions as p')
    .select(['p.text_length', 'p.reliability_score'])
    .where('p.created_at', '>=', `${from}T00:00:00.000Z`)
    .where('p.reliability_score', 'is not', null)
    .orderBy('p.created_at', 'desc')
    .limit(limit);
  if (category !== ALL) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prediction_categories as pc')
          .select(sql`1`.as('one'))
          .whereRef('pc.prediction_id', '=', 'p.id')
          .where('pc.category', '=', category),
      ),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({ length: Number(r.text_length), score: Number(r.reliability_score) }));
}
