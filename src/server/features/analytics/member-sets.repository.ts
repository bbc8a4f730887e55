import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { ALL } from './analytics.source.ts';

// SQL behind member-sets.ts: the stamps (predictions per part of a window, from rollup_daily) and the
// member ids and per-day member counts (from rollup_daily_members), all ranges on primary keys.

/** Predictions of one category in [from, to−1] and on `to`. */
export async function predictionsUntil(
  db: Db,
  category: string,
  from: string,
  to: string,
): Promise<{ closed: number; last: number }> {
  const row = await db
    .selectFrom('rollup_daily')
    .select([
      sql<number>`coalesce(sum(case when day < ${to} then predictions else 0 end), 0)`.as('closed'),
      sql<number>`coalesce(sum(case when day = ${to} then predictions else 0 end), 0)`.as('last'),
    ])
    .where('category', '=', category)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return { closed: Number(row?.closed ?? 0), last: Number(row?.last ?? 0) };
}

/** The same for every named category that has predictions in the window. */
export async function predictionsByCategoryUntil(
  db: Db,
  from: string,
  to: string,
): Promise<{ category: string; closed: number; last: number }[]> {
  const rows = await db
    .selectFrom('rollup_daily')
    .select([
      'category',
      sql<number>`sum(case when day < ${to} then predictions else 0 end)`.as('closed'),
      sql<number>`sum(case when day = ${to} then predictions else 0 end)`.as('last'),
    ])
    .where('category', '<>', ALL)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('category')
    .execute();
  return rows
    .map((r) => ({ category: r.category, closed: Number(r.closed), last: Number(r.last) }))
    .filter((r) => r.closed + r.last > 0);
}

export async function predictionsByDay(
  db: Db,
  category: string,
  from: string,
  to: string,
): Promise<{ day: string; predictions: number }[]> {
  const rows = await db
    .selectFrom('rollup_daily')
    .select(['day', 'predictions'])
    .where('category', '=', category)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('predictions', '>', 0)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, predictions: Number(r.predictions) }));
}

/** Distinct member ids of a category in [from, to], ascending. */
export async function memberIds(db: Db, category: string, from: string, to: string): Promise<Int32Array> {
  const base = db
    .selectFrom('rollup_daily_members')
    .where('category', '=', category)
    .where('day', '>=', from)
    .where('day', '<=', to);
  // One day is already in user_id order (the primary key); a range needs the distinct pass.
  const rows =
    from === to
      ? await base.select('user_id').orderBy('user_id').execute()
      : await base.select('user_id').distinct().orderBy('user_id').execute();
  return Int32Array.from(rows, (r) => Number(r.user_id));
}

export async function dailyMemberCounts(
  db: Db,
  category: string,
  from: string,
  to: string,
): Promise<{ day: string; users: number }[]> {
  const rows = await db
    .selectFrom('rollup_daily_members')
    .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
    .where('category', '=', category)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, users: Number(r.n) }));
}
