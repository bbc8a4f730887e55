import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import {
  ALL_CATEGORIES,
  DAILY_FIGURES,
  type DailyDelta,
  dailyDeltas,
  type RollupFact,
  utcDayHour,
} from './rollups.ts';

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

/**
 * Takes deleted predictions back out of the rollups: the exact opposite of what
 * recordPredictionInRollups added for each, rows that fall to zero removed (a direct GROUP BY has
 * no row for them), and each deletion counted in rollup_removals, which only grows, so the
 * analytics member-set stamps move forward (features/analytics/member-sets.ts).
 */
export async function removePredictionsFromRollups(db: Db, facts: readonly RollupFact[]): Promise<void> {
  const daily = new Map<string, DailyDelta>();
  const hourly = new Map<string, { day: string; hour: number; category: string; n: number }>();
  const members = new Map<string, { day: string; category: string; userId: number; n: number }>();
  const removals = new Map<string, { day: string; category: string; n: number }>();
  const sep = '\u0000';
  for (const fact of facts) {
    const { day, hour } = utcDayHour(fact.createdAt);
    for (const d of dailyDeltas(fact)) {
      const key = `${d.day}${sep}${d.category}`;
      const sum = daily.get(key);
      if (!sum) daily.set(key, { ...d });
      else for (const k of DAILY_FIGURES) sum[k] += d[k];
      const r = removals.get(key) ?? { day: d.day, category: d.category, n: 0 };
      r.n++;
      removals.set(key, r);
    }
    for (const category of [ALL_CATEGORIES, ...new Set(fact.categories)]) {
      const h = `${day}${sep}${hour}${sep}${category}`;
      const hs = hourly.get(h) ?? { day, hour, category, n: 0 };
      hs.n++;
      hourly.set(h, hs);
      const m = `${day}${sep}${category}${sep}${fact.userId}`;
      const ms = members.get(m) ?? { day, category, userId: fact.userId, n: 0 };
      ms.n++;
      members.set(m, ms);
    }
  }
  const minus = (column: string, n: number) => sql<number>`${sql.ref(column)} - ${n}`;
  for (const d of daily.values()) {
    await db
      .updateTable('rollup_daily')
      .set(Object.fromEntries(DAILY_FIGURES.map((k) => [k, minus(k, d[k])])))
      .where('day', '=', d.day)
      .where('category', '=', d.category)
      .execute();
    await db
      .deleteFrom('rollup_daily')
      .where('day', '=', d.day)
      .where('category', '=', d.category)
      .where('predictions', '<=', 0)
      .execute();
  }
  for (const h of hourly.values()) {
    await db
      .updateTable('rollup_hourly')
      .set({ predictions: minus('predictions', h.n) })
      .where('day', '=', h.day)
      .where('category', '=', h.category)
      .where('hour', '=', h.hour)
      .execute();
    await db
      .deleteFrom('rollup_hourly')
      .where('day', '=', h.day)
      .where('category', '=', h.category)
      .where('hour', '=', h.hour)
      .where('predictions', '<=', 0)
      .execute();
  }
  for (const m of members.values()) {
    await db
      .updateTable('rollup_daily_members')
      .set({ predictions: minus('predictions', m.n) })
      .where('category', '=', m.category)
      .where('day', '=', m.day)
      .where('user_id', '=', m.userId)
      .execute();
    await db
      .deleteFrom('rollup_daily_members')
      .where('category', '=', m.category)
      .where('day', '=', m.day)
      .where('user_id', '=', m.userId)
      .where('predictions', '<=', 0)
      .execute();
  }
  for (const r of removals.values()) {
    await db
      .insertInto('rollup_removals')
      .values({ day: r.day, category: r.category, removed: r.n })
      .onConflict((oc) =>
        oc.columns(['category', 'day']).doUpdateSet({ removed: add('rollup_removals', 'removed') }),
      )
      .execute();
  }
}
