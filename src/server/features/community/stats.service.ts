import type { HomepageStats } from '#shared/schemas/home.ts';
import type { Db } from '#server/db/database.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import { distinctPredictors, predictionCounts, totalUsers } from './stats.repository.ts';

export const HOME_STATS = {
  cacheKey: 'stats:homepage',
  cacheTtlMs: 30_000,
  monthDays: 30,
  weekDays: 7,
} as const;

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Live homepage figures (SPEC.md §3 'Homepage stats'), computed from the rollups. */
export async function computeHomepageStats(db: Db, now = Date.now()): Promise<HomepageStats> {
  const today = utcDay(now);
  const weekFrom = utcDay(now - (HOME_STATS.weekDays - 1) * DAY_MS);
  const monthFrom = utcDay(now - (HOME_STATS.monthDays - 1) * DAY_MS);
  const [users, counts, predictorsToday, activePredictors] = await Promise.all([
    totalUsers(db),
    predictionCounts(db, { today, weekFrom, monthFrom }),
    distinctPredictors(db, today),
    distinctPredictors(db, monthFrom),
  ]);
  return {
    success: true,
    totalUsers: users,
    predictionsToday: counts.today,
    predictorsToday,
    dailyPredictions: Math.round(counts.month / HOME_STATS.monthDays),
    activePredictors,
    dataPoints: counts.total,
    weeklyPredictions: counts.week,
    generated: new Date(now).toISOString(),
  };
}

export function createStatsService({ db, cache }: { db: Db; cache: ReplyCache }) {
  return {
    async homepageJson(): Promise<string> {
      const { value } = await cache.getOrBuild(HOME_STATS.cacheKey, HOME_STATS.cacheTtlMs, async () =>
        JSON.stringify(await computeHomepageStats(db)),
      );
      return value;
    },
  };
}
