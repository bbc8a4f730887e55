/**
 * What the analytics service needs to know about a window, whoever answers: the rollup tables
 * (analytics.repository.ts, the app's path) or a direct GROUP BY over the raw tables
 * (analytics-raw.repository.ts, for the consistency test and the benchmark's comparison).
 * `category` is a named category or '*' (every prediction once); days are UTC 'YYYY-MM-DD', inclusive.
 */
export interface DayTotals {
  day: string;
  predictions: number;
  publicPredictions: number;
  flagged: number;
  scored: number;
  qualitySum: number;
  lengthSum: number;
  tierHigh: number;
  tierGood: number;
  tierFair: number;
  tierLow: number;
}

/** A day's rollup-shaped row (rollup_daily columns, or the same names from a direct query). */
export interface DayTotalsRow {
  day: string;
  predictions: number | string;
  public_predictions: number | string;
  flagged: number | string;
  scored: number | string;
  quality_sum: number | string;
  length_sum: number | string;
  tier_high: number | string;
  tier_good: number | string;
  tier_fair: number | string;
  tier_low: number | string;
}

export const toDayTotals = (r: DayTotalsRow): DayTotals => ({
  day: r.day,
  predictions: Number(r.predictions),
  publicPredictions: Number(r.public_predictions),
  flagged: Number(r.flagged),
  scored: Number(r.scored),
  qualitySum: Number(r.quality_sum),
  lengthSum: Number(r.length_sum),
  tierHigh: Number(r.tier_high),
  tierGood: Number(r.tier_good),
  tierFair: Number(r.tier_fair),
  tierLow: Number(r.tier_low),
});

export interface SamplePoint {
  length: number;
  score: number;
}

export interface AnalyticsSource {
  /** One entry per day that has predictions. */
  daily(category: string, from: string, to: string): Promise<DayTotals[]>;
  /** Predictions per named category (never '*') over the window; categories without any are left out. */
  categoryTotals(from: string, to: string): Promise<{ category: string; predictions: number }[]>;
  /** Predictions per UTC hour of day over the window; hours without any are left out. */
  hourly(category: string, from: string, to: string): Promise<{ hour: number; predictions: number }[]>;
  /** Distinct members who published in the window. */
  activeUsers(category: string, from: string, to: string): Promise<number>;
  /** Distinct members per day; days without any are left out. */
  dailyUsers(category: string, from: string, to: string): Promise<{ day: string; users: number }[]>;
  /** Distinct members per named category over the window. */
  usersByCategory(from: string, to: string): Promise<{ category: string; users: number }[]>;
  /** The latest `limit` scored predictions of the window, newest first: numbers only, never text. */
  sample(category: string, from: string, limit: number): Promise<SamplePoint[]>;
}

export const ALL = '*';
