import type { Db } from '#server/db/database.ts';

// Homepage figures from the rollups kept current on every write (docs/decisions/002-data-model.md):
// O(days) rows for the counts and O(active members) index entries for the distinct counts, never
// a scan of predictions. Category '*' counts each prediction once.

const ALL = '*';

export async function totalUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Predictions per UTC day from `fromDay` on (inclusive), and the total over all time. */
export async function predictionCounts(
  db: Db,
  days: { today: string; weekFrom: string; monthFrom: string },
): Promise<{ today: number; week: number; month: number; total: number }> {
  const row = await db
    .selectFrom('rollup_daily')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('predictions'), eb.lit(0)).as('total'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb.case().when('day', '>=', days.monthFrom).then(eb.ref('predictions')).else(0).end(),
          ),
          eb.lit(0),
        )
        .as('month'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb.case().when('day', '>=', days.weekFrom).then(eb.ref('predictions')).else(0).end(),
          ),
          eb.lit(0),
        )
        .as('week'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('day', '=', days.today).then(eb.ref('predictions')).else(0).end()),
          eb.lit(0),
        )
        .as('today'),
    ])
    .where('category', '=', ALL)
    .executeTakeFirstOrThrow();
  return {
    today: Number(row.today),
    week: Number(row.week),
    month: Number(row.month),
    total: Number(row.total),
  };
}

/** Distinct members who published on or after `fromDay`. */
export async function distinctPredictors(db: Db, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('rollup_daily_members')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
    .where('category', '=', ALL)
    .where('day', '>=', fromDay)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
