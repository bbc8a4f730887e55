import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '#server/db/connect.ts';
import type { Db } from '#server/db/database.ts';
import { utcDayOf, utcHourOf } from '#server/db/dialect.ts';
import { QUALITY_TIER_CUTOFFS as TIER } from '#server/scoring/engine.ts';
import { latestScored } from './analytics.repository.ts';
import { ALL, type AnalyticsSource, toDayTotals } from './analytics.source.ts';

/**
 * The same figures as the rollups, by a direct GROUP BY over `predictions` (and
 * `prediction_categories` for a named category). Never on a request path: the consistency test
 * compares it with the rollups on both dialects, and `npm run bench` times it against them.
 */
export function rawSource(db: Db, dialect: Dialect): AnalyticsSource {
  const day = utcDayOf(dialect, 'p.created_at');
  const hour = utcHourOf(dialect, 'p.created_at');
  const start = (from: string) => `${from}T00:00:00.000Z`;
  const end = (to: string) => new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString();

  // Predictions of the window, as `p`, joined to the chosen category when one is asked for.
  const base = (category: string, from: string, to: string) => {
    const q = db
      .selectFrom('predictions as p')
      .where('p.created_at', '>=', start(from))
      .where('p.created_at', '<', end(to));
    return category === ALL
      ? q
      : q
          .innerJoin('prediction_categories as pc', 'pc.prediction_id', 'p.id')
          .where('pc.category', '=', category);
  };
  const named = (from: string, to: string) =>
    db
      .selectFrom('predictions as p')
      .innerJoin('prediction_categories as pc', 'pc.prediction_id', 'p.id')
      .where('p.created_at', '>=', start(from))
      .where('p.created_at', '<', end(to));
  const count = (condition: RawBuilder<unknown>) =>
    sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  const score = sql.ref('p.reliability_score');

  return {
    async daily(category, from, to) {
      const rows = await base(category, from, to)
        .select([
          day.as('day'),
          sql<number>`count(*)`.as('predictions'),
          sql<number>`sum(p.is_public)`.as('public_predictions'),
          sql<number>`sum(p.is_flagged)`.as('flagged'),
          sql<number>`count(p.reliability_score)`.as('scored'),
          sql<number>`coalesce(sum(p.reliability_score), 0)`.as('quality_sum'),
          sql<number>`sum(p.text_length)`.as('length_sum'),
          count(sql`${score} >= ${sql.lit(TIER.high)}`).as('tier_high'),
          count(sql`${score} >= ${sql.lit(TIER.good)} and ${score} < ${sql.lit(TIER.high)}`).as('tier_good'),
          count(sql`${score} >= ${sql.lit(TIER.fair)} and ${score} < ${sql.lit(TIER.good)}`).as('tier_fair'),
          count(sql`${score} < ${sql.lit(TIER.fair)}`).as('tier_low'),
        ])
        .groupBy(day)
        .orderBy(day)
        .execute();
      return rows.map(toDayTotals);
    },

    async categoryTotals(from, to) {
      const rows = await named(from, to)
        .select(['pc.category', sql<number>`count(*)`.as('n')])
        .groupBy('pc.category')
        .execute();
      return rows.map((r) => ({ category: r.category, predictions: Number(r.n) }));
    },

    async hourly(category, from, to) {
      const rows = await base(category, from, to)
        .select([hour.as('hour'), sql<number>`count(*)`.as('n')])
        .groupBy(hour)
        .execute();
      return rows.map((r) => ({ hour: Number(r.hour), predictions: Number(r.n) }));
    },

    async activeUsers(category, from, to) {
      const row = await base(category, from, to)
        .select(sql<number>`count(distinct p.user_id)`.as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async dailyUsers(category, from, to) {
      const rows = await base(category, from, to)
        .select([day.as('day'), sql<number>`count(distinct p.user_id)`.as('n')])
        .groupBy(day)
        .execute();
      return rows.map((r) => ({ day: r.day, users: Number(r.n) }));
    },

    async usersByCategory(from, to) {
      const rows = await named(from, to)
        .select(['pc.category', sql<number>`count(distinct p.user_id)`.as('n')])
        .groupBy('pc.category')
        .execute();
      return rows.map((r) => ({ category: r.category, users: Number(r.n) }));
    },

    sample: (category, from, limit) => latestScored(db, category, from, limit),
  };
}
