import { z } from 'zod';
import { ANALYTICS_CATEGORIES } from '#shared/rules/categories.ts';

// Public analytics (SPEC.md §3 'Analytics dashboard' … 'Quality vs length', §7, §9).
// Every figure is computed on UTC days; the client labels them (docs/decisions/010-analytics.md).

export const TIMEFRAMES = ['week', 'month', 'quarter', 'year'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** SPEC.md §9 'Analytics timeframes': week 7 days, month 30, quarter 3 months (90 days), year 365. */
export const TIMEFRAME_DAYS: Record<Timeframe, number> = { week: 7, month: 30, quarter: 90, year: 365 };

export const DEFAULT_TIMEFRAME: Timeframe = 'week';
export const ALL_CATEGORIES = 'all';
export const ANALYTICS_FILTER_CATEGORIES = [ALL_CATEGORIES, ...ANALYTICS_CATEGORIES] as const;
export type AnalyticsFilterCategory = (typeof ANALYTICS_FILTER_CATEGORIES)[number];

const TIMEFRAME_MESSAGE = `Unknown timeframe: use one of ${TIMEFRAMES.join(', ')}`;
const CATEGORY_MESSAGE = `Unknown category: use one of ${ANALYTICS_FILTER_CATEGORIES.join(', ')}`;

export const AnalyticsQuerySchema = z.object({
  timeframe: z.enum(TIMEFRAMES, { message: TIMEFRAME_MESSAGE }).default(DEFAULT_TIMEFRAME),
  category: z.enum(ANALYTICS_FILTER_CATEGORIES, { message: CATEGORY_MESSAGE }).default(ALL_CATEGORIES),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** SPEC.md §3 'Quality tiers', from the scoring engine's cut-offs (80 / 60 / 40). */
export const QUALITY_TIERS = ['High Quality', 'Good Quality', 'Fair Quality', 'Needs Improvement'] as const;
export type QualityTierLabel = (typeof QUALITY_TIERS)[number];

const WindowSchema = z.object({
  timeframe: z.enum(TIMEFRAMES),
  category: z.enum(ANALYTICS_FILTER_CATEGORIES),
  /** First and last UTC day of the window, inclusive ('YYYY-MM-DD'). */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
});
export type AnalyticsWindow = z.infer<typeof WindowSchema>;

export const AnalyticsDashboardReplySchema = z.object({
  success: z.literal(true),
  window: WindowSchema,
  metrics: z.object({
    totalPredictions: z.number().int(),
    avgPredictionsPerDay: z.number(),
    activeUsers: z.number().int(),
    categoriesActive: z.number().int(),
    /** Of totalPredictions, how many are public (private ones count as numbers only). */
    publicPredictions: z.number().int(),
  }),
  summary: z.object({ totalDaysAnalyzed: z.number().int(), activeDays: z.number().int() }),
  categoryDistribution: z.array(
    z.object({ category: z.string(), count: z.number().int(), percentage: z.number() }),
  ),
  userCategoryDistribution: z.array(z.object({ category: z.string(), user_count: z.number().int() })),
  weeklyActivity: z.object({
    labels: z.array(z.string()),
    data: z.array(z.number().int()),
    total: z.number().int(),
  }),
  dailyActivity: z.array(
    z.object({ date: z.string(), predictions_count: z.number().int(), unique_users: z.number().int() }),
  ),
  /** The scoring evaluation's measured agreement (npm run eval:scoring), for the banner's claim. */
  scoring: z.object({
    agreement: z.number().nullable(),
    evaluatedPredictions: z.number().int().nullable(),
    version: z.string().nullable(),
  }),
});
export type AnalyticsDashboardReply = z.infer<typeof AnalyticsDashboardReplySchema>;

export const CategoryActivityReplySchema = z.object({
  success: z.literal(true),
  window: WindowSchema,
  /** Share of the window's predictions that carry the category, 0..100. */
  activityScore: z.number(),
  categoryName: z.string().nullable(),
  description: z.string(),
  categoryPredictions: z.number().int(),
  totalPredictions: z.number().int(),
});
export type CategoryActivityReply = z.infer<typeof CategoryActivityReplySchema>;

export const MOMENTUM_TRENDS = [
  'surging',
  'growing',
  'steady',
  'slowing',
  'falling',
  'new',
  'quiet',
] as const;

export const MomentumReplySchema = z.object({
  success: z.literal(true),
  window: WindowSchema,
  /** Percent change of the window over the one before it; null when the one before was empty. */
  growthRate: z.number().nullable(),
  trend: z.enum(MOMENTUM_TRENDS),
  momentumText: z.string(),
  recentCount: z.number().int(),
  previousCount: z.number().int(),
  previousWindow: z.object({ from: z.string(), to: z.string() }),
});
export type MomentumReply = z.infer<typeof MomentumReplySchema>;

export const TimingReplySchema = z.object({
  success: z.literal(true),
  window: WindowSchema,
  /** UTC hour 0..23 with the most predictions; null without data. */
  peakHour: z.number().int().nullable(),
  peakHourFormatted: z.string(),
  peakDay: z.string(),
  primaryPeriod: z.string(),
  weekdayVsWeekend: z.object({ weekdayPercentage: z.number(), weekendPercentage: z.number() }),
  /** Predictions per UTC hour, index 0..23. */
  hourly: z.array(z.number().int()),
  description: z.string(),
  totalPredictions: z.number().int(),
});
export type TimingReply = z.infer<typeof TimingReplySchema>;

export const CommunityHealthReplySchema = z.object({
  success: z.literal(true),
  window: WindowSchema,
  data: z.array(z.object({ tier: z.enum(QUALITY_TIERS), count: z.number().int(), percentage: z.number() })),
  summary: z.object({
    /** The mean quality score (0..100) of the window's scored predictions; null without any. */
    overall_health_score: z.number().nullable(),
    health_label: z.string(),
    scored_predictions: z.number().int(),
    flagged_predictions: z.number().int(),
    flagged_percentage: z.number(),
    cutoffs: z.object({ high: z.number(), good: z.number(), fair: z.number() }),
  }),
});
export type CommunityHealthReply = z.infer<typeof CommunityHealthReplySchema>;

export const QualityVsLengthReplySchema = z.object({
  success: z.literal(true),
  window: WindowSchema,
  data: z.array(z.object({ x: z.number().int(), y: z.number(), tier: z.enum(QUALITY_TIERS) })),
  statistics: z.object({
    /** Pearson r over the sampled points; null with fewer than 3 points or no variation. */
    correlation: z.number().nullable(),
    correlation_interpretation: z.string(),
    data_points: z.number().int(),
    /** Mean text length over every prediction of the window (from the rollups). */
    avg_text_length: z.number().nullable(),
    /** Scored predictions in the window; data holds the latest `sample_limit` of them. */
    scored_in_window: z.number().int(),
    sample_limit: z.number().int(),
  }),
});
export type QualityVsLengthReply = z.infer<typeof QualityVsLengthReplySchema>;
