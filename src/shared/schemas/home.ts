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
