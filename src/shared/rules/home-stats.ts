// SPEC.md §9 'Default home stats before load'. No Zod here: the home page imports these without it.

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
