import { z } from 'zod';

// SPEC.md §3 'Homepage stats' and §9 'Default home stats before load'.

export const HomepageStatsSchema = z.object({
  success: z.literal(true),
  /** Every member, the demo community included. */
  totalUsers: z.number().int(),
  /** Predictions since 00:00 UTC. */
  predictionsToday: z.number().int(),
  /** Distinct members who published since 00:00 UTC. */
  predictorsToday: z.number().int(),
  /** Average predictions per day over the last 30 UTC days (today included). */
  dailyPredictions: z.number().int(),
  /** Distinct members who published in the last 30 UTC days. */
  activePredictors: z.number().int(),
  /** Every prediction ever published (shown as total predictions). */
  dataPoints: z.number().int(),
  /** Predictions in the last 7 UTC days (today included). */
  weeklyPredictions: z.number().int(),
  generated: z.string(),
});
export type HomepageStats = z.infer<typeof HomepageStatsSchema>;

/** What the page shows before the figures load and keeps when loading fails (SPEC.md §9). */
export const DEFAULT_HOME_STATS = {
  totalUsers: 2898,
  predictionsToday: 567,
  predictorsToday: 87,
  dailyPredictions: 567,
  activePredictors: 150,
  dataPoints: 25,
} as const;

/** SPEC.md §9: when a reply leaves them out. */
export const HOME_STATS_FALLBACKS = { totalUsers: 10, dataPoints: 25 } as const;

/** SPEC.md §9 'Weekly predictions default: 23% of daily, rounded down'. */
export const weeklyDefault = (daily: number): number => Math.floor(daily * 0.23);
