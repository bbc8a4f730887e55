import { plural } from '#shared/rules/numbers.ts';
import {
  ALL_CATEGORIES,
  type AnalyticsDashboardReply,
  type AnalyticsQuery,
  type AnalyticsWindow,
  type CategoryActivityReply,
  type CommunityHealthReply,
  type MomentumReply,
  QUALITY_TIERS,
  type QualityVsLengthReply,
  TIMEFRAME_DAYS,
  type TimingReply,
} from '#shared/schemas/analytics.ts';
import {
  addDays,
  argmax,
  daysBetween,
  formatCount,
  formatHour,
  growth,
  healthLabel,
  interpretCorrelation,
  pearson,
  percent,
  periodOf,
  QUALITY_TIER_CUTOFFS,
  round1,
  tierLabel,
  WEEKDAYS,
  weekdayIndex,
  windowPhrase,
} from './analytics.figures.ts';
import { ALL, type AnalyticsSource, type DayTotals } from './analytics.source.ts';
import { type ScoringAccuracy, scoringAccuracy } from './scoring-accuracy.ts';

/** The scatter plots at most this many points: the latest scored predictions of the window. */
export const SCATTER_SAMPLE_LIMIT = 300;

export interface AnalyticsWindowRange extends AnalyticsWindow {
  /** The source's category key: '*' for all. */
  key: string;
}

/** The window of a query: the last N UTC days, today included (SPEC.md §9). */
export function windowOf(query: AnalyticsQuery, now: number): AnalyticsWindowRange {
  const days = TIMEFRAME_DAYS[query.timeframe];
  const to = new Date(now).toISOString().slice(0, 10);
  return {
    timeframe: query.timeframe,
    category: query.category,
    from: addDays(to, -(days - 1)),
    to,
    days,
    key: query.category === ALL_CATEGORIES ? ALL : query.category,
  };
}

const publicWindow = ({ key: _key, ...w }: AnalyticsWindowRange): AnalyticsWindow => w;

const sum = (rows: readonly DayTotals[], pick: (r: DayTotals) => number) =>
  rows.reduce((total, r) => total + pick(r), 0);

export interface AnalyticsServiceOptions {
  source: AnalyticsSource;
  now?: () => number;
  accuracy?: () => ScoringAccuracy;
}

export function createAnalyticsService({
  source,
  now = Date.now,
  accuracy = scoringAccuracy,
}: AnalyticsServiceOptions) {
  async function dashboard(query: AnalyticsQuery): Promise<AnalyticsDashboardReply> {
    const w = windowOf(query, now());
    const all = w.key === ALL;
    const [daily, activeUsers, dailyUsers, categories, users] = await Promise.all([
      source.daily(w.key, w.from, w.to),
      source.activeUsers(w.key, w.from, w.to),
      source.dailyUsers(w.key, w.from, w.to),
      all ? source.categoryTotals(w.from, w.to) : Promise.resolve(null),
      all ? source.usersByCategory(w.from, w.to) : Promise.resolve(null),
    ]);
    const total = sum(daily, (r) => r.predictions);
    const byDay = new Map(daily.map((r) => [r.day, r.predictions]));
    const usersByDay = new Map(dailyUsers.map((r) => [r.day, r.users]));
    const weekly = WEEKDAYS.map(() => 0);
    for (const r of daily) weekly[weekdayIndex(r.day)] = (weekly[weekdayIndex(r.day)] ?? 0) + r.predictions;
    const categoryCounts = categories ?? (total > 0 ? [{ category: w.category, predictions: total }] : []);
    const categoryUsers = users ?? (activeUsers > 0 ? [{ category: w.category, users: activeUsers }] : []);
    return {
      success: true,
      window: publicWindow(w),
      metrics: {
        totalPredictions: total,
        avgPredictionsPerDay: round1(total / w.days),
        activeUsers,
        categoriesActive: categoryCounts.length,
        publicPredictions: sum(daily, (r) => r.publicPredictions),
      },
      summary: { totalDaysAnalyzed: w.days, activeDays: daily.length },
      categoryDistribution: categoryCounts
        .map((c) => ({
          category: c.category,
          count: c.predictions,
          percentage: percent(c.predictions, total),
        }))
        .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
      userCategoryDistribution: categoryUsers
        .map((c) => ({ category: c.category, user_count: c.users }))
        .sort((a, b) => b.user_count - a.user_count || a.category.localeCompare(b.category)),
      weeklyActivity: { labels: [...WEEKDAYS], data: weekly, total },
      dailyActivity: daysBetween(w.from, w.to).map((date) => ({
        date,
        predictions_count: byDay.get(date) ?? 0,
        unique_users: usersByDay.get(date) ?? 0,
      })),
      scoring: accuracy(),
    };
  }

  async function categoryActivity(query: AnalyticsQuery): Promise<CategoryActivityReply> {
    const w = windowOf(query, now());
    const [totals, categories] = await Promise.all([
      source.daily(ALL, w.from, w.to),
      source.categoryTotals(w.from, w.to),
    ]);
    const total = sum(totals, (r) => r.predictions);
    const span = windowPhrase(w.days);
    let name: string | null;
    let count: number;
    if (w.key === ALL) {
      const top = [...categories].sort(
        (a, b) => b.predictions - a.predictions || a.category.localeCompare(b.category),
      )[0];
      name = top?.category ?? null;
      count = top?.predictions ?? 0;
    } else {
      name = w.category;
      count = categories.find((c) => c.category === w.key)?.predictions ?? 0;
    }
    const score = percent(count, total);
    let description: string;
    if (total === 0) description = `No predictions were published in ${span}.`;
    else if (count === 0) description = `No ${name} predictions were published in ${span}.`;
    else if (w.key === ALL)
      description = `${name} is the most active category: ${score}% of the ${formatCount(total)} ${plural(total, 'prediction')} in ${span} (${formatCount(count)}) carry it.`;
    else
      description = `${name} appears on ${formatCount(count)} of the ${formatCount(total)} ${plural(total, 'prediction')} in ${span}: ${score}% of all activity.`;
    return {
      success: true,
      window: publicWindow(w),
      activityScore: score,
      categoryName: name,
      description,
      categoryPredictions: count,
      totalPredictions: total,
    };
  }

  async function momentum(query: AnalyticsQuery): Promise<MomentumReply> {
    const w = windowOf(query, now());
    const previous = { from: addDays(w.from, -w.days), to: addDays(w.from, -1) };
    const rows = await source.daily(w.key, previous.from, w.to);
    const recentCount = sum(
      rows.filter((r) => r.day >= w.from),
      (r) => r.predictions,
    );
    const previousCount = sum(
      rows.filter((r) => r.day < w.from),
      (r) => r.predictions,
    );
    const { rate, trend } = growth(recentCount, previousCount);
    const subject = w.key === ALL ? 'Predictions' : `${w.category} predictions`;
    const span = windowPhrase(w.days);
    const before = `the ${w.days} days before`;
    const counts = `${formatCount(recentCount)} against ${formatCount(previousCount)}`;
    const text: Record<typeof trend, string> = {
      // Past tenfold a percentage stops meaning anything to a reader; say how many times as many.
      surging:
        (rate ?? 0) >= 1000
          ? `${subject} are surging: ${formatCount(Math.round(recentCount / previousCount))} times as many in ${span} as in ${before} (${counts}).`
          : `${subject} are surging: up ${rate}% in ${span} on ${before} (${counts}).`,
      growing: `${subject} are growing: up ${rate}% in ${span} on ${before} (${counts}).`,
      steady: `${subject} are steady: ${counts} in ${span} and ${before} (${rate}%).`,
      slowing: `${subject} are slowing: down ${Math.abs(rate ?? 0)}% in ${span} on ${before} (${counts}).`,
      falling: `${subject} are falling: down ${Math.abs(rate ?? 0)}% in ${span} on ${before} (${counts}).`,
      new: `${subject} are new: ${formatCount(recentCount)} in ${span}, none in ${before}.`,
      quiet: `No ${subject.toLowerCase()} in ${span} or ${before}.`,
    };
    return {
      success: true,
      window: publicWindow(w),
      growthRate: rate,
      trend,
      momentumText: text[trend],
      recentCount,
      previousCount,
      previousWindow: previous,
    };
  }

  async function timing(query: AnalyticsQuery): Promise<TimingReply> {
    const w = windowOf(query, now());
    const [daily, hours] = await Promise.all([
      source.daily(w.key, w.from, w.to),
      source.hourly(w.key, w.from, w.to),
    ]);
    const hourly = Array.from({ length: 24 }, () => 0);
    for (const h of hours) hourly[h.hour] = h.predictions;
    const weekly = WEEKDAYS.map(() => 0);
    for (const r of daily) weekly[weekdayIndex(r.day)] = (weekly[weekdayIndex(r.day)] ?? 0) + r.predictions;
    const total = sum(daily, (r) => r.predictions);
    const weekday = weekly.slice(0, 5).reduce((a, b) => a + b, 0);
    const peakHour = argmax(hourly);
    const peakDay = argmax(weekly);
    const periods = new Map<string, number>();
    hourly.forEach((n, h) => {
      periods.set(periodOf(h), (periods.get(periodOf(h)) ?? 0) + n);
    });
    const periodNames = [...periods.keys()];
    const primary = periodNames[argmax([...periods.values()])];
    const none = 'Not enough data';
    const weekdayPercentage = percent(weekday, total);
    return {
      success: true,
      window: publicWindow(w),
      peakHour: peakHour >= 0 ? peakHour : null,
      peakHourFormatted: peakHour >= 0 ? formatHour(peakHour) : none,
      peakDay: WEEKDAYS[peakDay] ?? none,
      primaryPeriod: primary ?? none,
      weekdayVsWeekend: {
        weekdayPercentage,
        weekendPercentage: total > 0 ? round1(100 - weekdayPercentage) : 0,
      },
      hourly,
      description:
        total === 0
          ? `No predictions were published in ${windowPhrase(w.days)}.`
          : `Most predictions arrive on ${WEEKDAYS[peakDay]}s, around ${formatHour(peakHour)}; ${weekdayPercentage}% are published on weekdays.`,
      totalPredictions: total,
    };
  }

  async function communityHealth(query: AnalyticsQuery): Promise<CommunityHealthReply> {
    const w = windowOf(query, now());
    const daily = await source.daily(w.key, w.from, w.to);
    const scored = sum(daily, (r) => r.scored);
    const counts = [
      sum(daily, (r) => r.tierHigh),
      sum(daily, (r) => r.tierGood),
      sum(daily, (r) => r.tierFair),
      sum(daily, (r) => r.tierLow),
    ];
    const total = sum(daily, (r) => r.predictions);
    const flagged = sum(daily, (r) => r.flagged);
    const score = scored > 0 ? round1(sum(daily, (r) => r.qualitySum) / scored) : null;
    return {
      success: true,
      window: publicWindow(w),
      data: QUALITY_TIERS.map((tier, i) => ({
        tier,
        count: counts[i] ?? 0,
        percentage: percent(counts[i] ?? 0, scored),
      })),
      summary: {
        overall_health_score: score,
        health_label: healthLabel(score),
        scored_predictions: scored,
        flagged_predictions: flagged,
        flagged_percentage: percent(flagged, total),
        cutoffs: { ...QUALITY_TIER_CUTOFFS },
      },
    };
  }

  async function qualityVsLength(query: AnalyticsQuery): Promise<QualityVsLengthReply> {
    const w = windowOf(query, now());
    const [daily, points] = await Promise.all([
      source.daily(w.key, w.from, w.to),
      source.sample(w.key, w.from, SCATTER_SAMPLE_LIMIT),
    ]);
    const data = points.map((p) => ({ x: p.length, y: p.score, tier: tierLabel(p.score) }));
    const r = pearson(data);
    const total = sum(daily, (d) => d.predictions);
    return {
      success: true,
      window: publicWindow(w),
      data,
      statistics: {
        correlation: r,
        correlation_interpretation: interpretCorrelation(r),
        data_points: data.length,
        avg_text_length: total > 0 ? round1(sum(daily, (d) => d.lengthSum) / total) : null,
        scored_in_window: sum(daily, (d) => d.scored),
        sample_limit: SCATTER_SAMPLE_LIMIT,
      },
    };
  }

  return { dashboard, categoryActivity, momentum, timing, communityHealth, qualityVsLength };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Every analytics call, in the order the page shows them (tests and the bench iterate over it). */
export const ANALYTICS_CALLS = [
  'dashboard',
  'categoryActivity',
  'momentum',
  'timing',
  'communityHealth',
  'qualityVsLength',
] as const satisfies ReadonlyArray<keyof AnalyticsService>;
