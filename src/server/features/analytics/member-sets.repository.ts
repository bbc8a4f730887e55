import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { ALL } from './analytics.source.ts';

// SQL behind member-sets.ts: the stamps (predictions written and deleted per part of a window, from
// rollup_daily and rollup_removals) and the member ids and per-day member counts (from
// rollup_daily_members), all ranges on primary keys.

/**
 * A stamp per window part: predictions added plus twice those deleted (rollup_removals), i.e. how
 * many predictions were ever written or deleted there. Each write and each deletion moves it up,
 * so a stamp seen once never comes back with a different set of members behind it.
 */
function stampRows(db: Db, from: string, to: string, category: string | null) {
  const live = db
    .selectFrom('rollup_daily')
    .select(['day', 'category', 'predictions as n', 'predictions as live'])
    .where('day', '>=', from)
    .where('day', '<=', to);
  const removed = db
    .selectFrom('rollup_removals')
    .select(['day', 'category', sql<number>`2 * removed`.as('n'), sql<number>`0`.as('live')])
    .where('day', '>=', from)
    .where('day', '<=', to);
  return category === null
    ? live.where('category', '<>', ALL).unionAll(removed.where('category', '<>', ALL))
    : live.where('category', '=', category).unionAll(removed.where('category', '=', category));
}

/** The stamps of one category in [from, to−1] and on `to`. */
export async function predictionsUntil(
  db: Db,
  category: string,
  from: string,
  to: string,
): Promise<{ closed: number; last: number }> {
  const row = await db
    .selectFrom(stampRows(db, from, to, category).as('s'))
    .select([
      sql<number>`coalesce(sum(case when day < ${to} then n else 0 end), 0)`.as('closed'),
      sql<number>`coalesce(sum(case when day = ${to} then n else 0 end), 0)`.as('last'),
    ])
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
    .selectFrom(stampRows(db, from, to, null).as('s'))
    .select([
      'category',
      sql<number>`sum(case when day < ${to} then n else 0 end)`.as('closed'),
      sql<number>`sum(case when day = ${to} then n else 0 end)`.as('last'),
      sql<number>`sum(live)`.as('live'),
    ])
    .groupBy('category')
    .execute();
  return rows
    .filter((r) => Number(r.live) > 0)
    .map((r) => ({ category: r.category, closed: Number(r.closed), last: Number(r.last) }));
}

/** The days of [from, to] with predictions, each with its stamp (as predictionsUntil's). */
export async function predictionsByDay(
  db: Db,
  category: string,
  from: string,
  to: string,
): Promise<{ day: string; predictions: number }[]> {
  const rows = await db
    .selectFrom('rollup_daily as d')
    .leftJoin('rollup_removals as r', (join) =>
      join.onRef('r.category', '=', 'd.category').onRef('r.day', '=', 'd.day'),
    )
    .select(['d.day', sql<number>`d.predictions + 2 * coalesce(r.removed, 0)`.as('stamp')])
    .where('d.category', '=', category)
    .where('d.day', '>=', from)
    .where('d.day', '<=', to)
    .where('d.predictions', '>', 0)
    .orderBy('d.day')
    .execute();
  return rows.map((r) => ({ day: r.day, predictions: Number(r.stamp) }));
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
