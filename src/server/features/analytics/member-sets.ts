import type { Db } from '#server/db/database.ts';
import { addDays } from './analytics.figures.ts';
import {
  dailyMemberCounts,
  memberIds,
  predictionsByCategoryUntil,
  predictionsByDay,
  predictionsUntil,
} from './member-sets.repository.ts';

/**
 * Exact distinct active members over a window, without counting a year of member-day rows on every
 * request. A window [from, to] is split into its closed part [from, to−1] and its last day; the
 * distinct member ids of each part are kept as a sorted Int32Array, stamped with the number of
 * predictions ever written or deleted in that part (member-sets.repository.ts). A part is re-read
 * only when its stamp moves (a prediction landed in it or left it), so the answer always equals
 * count(distinct) over rollup_daily_members: the stamp is exact, not a time-to-live
 * (docs/decisions/010-analytics.md). Per-day member counts are kept the same way, one stamp per
 * day. Stamps only ever grow: a deletion adds one to rollup_removals' doubled count while taking
 * one from the predictions (docs/decisions/014-explore.md).
 */
export function createMemberCounter(db: Db) {
  const sets = new Map<string, { stamp: number; ids: Promise<Int32Array> }>();
  const days = new Map<string, { stamp: number; users: number }>();
  const MAX_SETS = 256;
  const MAX_DAYS = 20_000;

  function idsOf(category: string, from: string, to: string, stamp: number): Promise<Int32Array> {
    const key = `${category}|${from}|${to}`;
    const hit = sets.get(key);
    if (hit && hit.stamp === stamp) return hit.ids;
    const ids = stamp === 0 ? Promise.resolve(new Int32Array(0)) : memberIds(db, category, from, to);
    sets.delete(key);
    sets.set(key, { stamp, ids });
    ids.catch(() => sets.delete(key));
    if (sets.size > MAX_SETS) sets.delete(sets.keys().next().value as string);
    return ids;
  }

  async function distinct(
    category: string,
    from: string,
    to: string,
    stamps: { closed: number; last: number },
  ): Promise<number> {
    const [closed, last] = await Promise.all([
      from < to ? idsOf(category, from, addDays(to, -1), stamps.closed) : Promise.resolve(new Int32Array(0)),
      idsOf(category, to, to, stamps.last),
    ]);
    return unionSize(closed, last);
  }

  return {
    async activeUsers(category: string, from: string, to: string): Promise<number> {
      return distinct(category, from, to, await predictionsUntil(db, category, from, to));
    },

    async usersByCategory(from: string, to: string): Promise<{ category: string; users: number }[]> {
      const stamps = await predictionsByCategoryUntil(db, from, to);
      return Promise.all(
        stamps.map(async (s) => ({ category: s.category, users: await distinct(s.category, from, to, s) })),
      );
    },

    async dailyUsers(category: string, from: string, to: string): Promise<{ day: string; users: number }[]> {
      const stamps = await predictionsByDay(db, category, from, to);
      const stale = stamps.filter((s) => days.get(`${category}|${s.day}`)?.stamp !== s.predictions);
      if (stale.length > 0) {
        const counts = await dailyMemberCounts(db, category, stale[0]?.day ?? from, stale.at(-1)?.day ?? to);
        const byDay = new Map(counts.map((c) => [c.day, c.users]));
        for (const s of stale)
          days.set(`${category}|${s.day}`, { stamp: s.predictions, users: byDay.get(s.day) ?? 0 });
        if (days.size > MAX_DAYS) days.clear();
      }
      return stamps.map((s) => ({ day: s.day, users: days.get(`${category}|${s.day}`)?.users ?? 0 }));
    },
  };
}

/** |a ∪ b| for two sorted arrays of distinct ids. */
export function unionSize(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    n++;
    if (x === y) {
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return n + (a.length - i) + (b.length - j);
}
