import { readFileSync } from 'node:fs';
import {
  AnalyticsDashboardReplySchema,
  CategoryActivityReplySchema,
  CommunityHealthReplySchema,
  MomentumReplySchema,
  QualityVsLengthReplySchema,
  TimingReplySchema,
} from '#shared/schemas/analytics.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { growth, interpretCorrelation, pearson } from './analytics.figures.ts';
import type { AnalyticsSource, DayTotals } from './analytics.source.ts';
import { createAnalyticsService, SCATTER_SAMPLE_LIMIT, windowOf } from './analytics.service.ts';
import { unionSize } from './member-sets.ts';
import { createUsers, publishRandom } from '#server/test/analytics.ts';

const NOW = Date.parse('2026-03-18T15:20:00.000Z'); // a Wednesday

const day = (d: string, n: Partial<DayTotals>): DayTotals => ({
  day: d,
  predictions: 0,
  publicPredictions: 0,
  flagged: 0,
  scored: 0,
  qualitySum: 0,
  lengthSum: 0,
  tierHigh: 0,
  tierGood: 0,
  tierFair: 0,
  tierLow: 0,
  ...n,
});

/** A hand-made source: figures whose every derived value is worked out below by hand. */
const fixture: AnalyticsSource = {
  async daily(category, from) {
    const all = [
      day('2026-03-06', { predictions: 4 }), // the week before (momentum)
      day('2026-03-16', {
        predictions: 6,
        publicPredictions: 5,
        flagged: 1,
        scored: 6,
        qualitySum: 420,
        lengthSum: 600,
        tierHigh: 2,
        tierGood: 2,
        tierFair: 1,
        tierLow: 1,
      }), // Monday
      day('2026-03-18', {
        predictions: 4,
        publicPredictions: 4,
        scored: 4,
        qualitySum: 260,
        lengthSum: 200,
        tierGood: 2,
        tierFair: 2,
      }), // Wednesday
    ];
    const rows = all.filter((r) => r.day >= from);
    return category === '*' ? rows : rows.map((r) => ({ ...r, predictions: Math.floor(r.predictions / 2) }));
  },
  categoryTotals: async () => [
    { category: 'Technology', predictions: 6 },
    { category: 'Economy', predictions: 3 },
    { category: 'Sports', predictions: 3 },
  ],
  hourly: async () => [
    { hour: 9, predictions: 3 },
    { hour: 14, predictions: 5 },
    { hour: 15, predictions: 2 },
  ],
  activeUsers: async () => 7,
  dailyUsers: async () => [
    { day: '2026-03-16', users: 5 },
    { day: '2026-03-18', users: 3 },
  ],
  usersByCategory: async () => [
    { category: 'Economy', users: 2 },
    { category: 'Technology', users: 4 },
  ],
  sample: async () => [
    { length: 50, score: 40 },
    { length: 100, score: 60 },
    { length: 150, score: 80 },
    { length: 200, score: 85 },
  ],
};

describe('analytics figures (hand-computed)', () => {
  const service = createAnalyticsService({
    source: fixture,
    now: () => NOW,
    accuracy: () => ({ agreement: 0.97, evaluatedPredictions: 100, version: '1' }),
  });
  const week = { timeframe: 'week', category: 'all' } as const;

  it('windows are the last N UTC days, today included', () => {
    expect(windowOf(week, NOW)).toMatchObject({ from: '2026-03-12', to: '2026-03-18', days: 7 });
    expect(windowOf({ timeframe: 'month', category: 'all' }, NOW)).toMatchObject({
      from: '2026-02-17',
      days: 30,
    });
    expect(windowOf({ timeframe: 'quarter', category: 'all' }, NOW)).toMatchObject({ days: 90 });
    expect(windowOf({ timeframe: 'year', category: 'Sports' }, NOW)).toMatchObject({
      from: '2025-03-19',
      days: 365,
      key: 'Sports',
    });
  });

  it('dashboard', async () => {
    const d = await service.dashboard(week);
    expect(d.metrics).toEqual({
      totalPredictions: 10,
      avgPredictionsPerDay: 1.4,
      activeUsers: 7,
      categoriesActive: 3,
      publicPredictions: 9,
    });
    expect(d.summary).toEqual({ totalDaysAnalyzed: 7, activeDays: 2 });
    expect(d.categoryDistribution).toEqual([
      { category: 'Technology', count: 6, percentage: 60 },
      { category: 'Economy', count: 3, percentage: 30 },
      { category: 'Sports', count: 3, percentage: 30 },
    ]);
    expect(d.userCategoryDistribution).toEqual([
      { category: 'Technology', user_count: 4 },
      { category: 'Economy', user_count: 2 },
    ]);
    expect(d.weeklyActivity).toEqual({
      labels: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      data: [6, 0, 4, 0, 0, 0, 0],
      total: 10,
    });
    expect(d.dailyActivity).toHaveLength(7);
    expect(d.dailyActivity[0]).toEqual({ date: '2026-03-12', predictions_count: 0, unique_users: 0 });
    expect(d.dailyActivity[4]).toEqual({ date: '2026-03-16', predictions_count: 6, unique_users: 5 });
    expect(d.scoring.agreement).toBe(0.97);
    AnalyticsDashboardReplySchema.parse(d);
  });

  it('category activity, for all and for one category', async () => {
    const all = await service.categoryActivity(week);
    expect(all).toMatchObject({
      categoryName: 'Technology',
      categoryPredictions: 6,
      totalPredictions: 10,
      activityScore: 60,
    });
    expect(all.description).toBe(
      'Technology is the most active category: 60% of the 10 predictions in the last 7 days (6) carry it.',
    );
    const economy = await service.categoryActivity({ timeframe: 'week', category: 'Economy' });
    expect(economy).toMatchObject({ categoryName: 'Economy', categoryPredictions: 3, activityScore: 30 });
    const society = await service.categoryActivity({ timeframe: 'week', category: 'Society' });
    expect(society.description).toBe('No Society predictions were published in the last 7 days.');
    CategoryActivityReplySchema.parse(all);
  });

  it('momentum compares the window with the one before it', async () => {
    const m = await service.momentum(week);
    expect(m).toMatchObject({ recentCount: 10, previousCount: 4, growthRate: 150, trend: 'surging' });
    expect(m.previousWindow).toEqual({ from: '2026-03-05', to: '2026-03-11' });
    expect(m.momentumText).toBe(
      'Predictions are surging: up 150% in the last 7 days on the 7 days before (10 against 4).',
    );
    MomentumReplySchema.parse(m);
    expect(growth(0, 0)).toEqual({ rate: null, trend: 'quiet' });
    expect(growth(3, 0)).toEqual({ rate: null, trend: 'new' });
    expect(growth(102, 100)).toEqual({ rate: 2, trend: 'steady' });
    expect(growth(80, 100)).toEqual({ rate: -20, trend: 'slowing' });
    expect(growth(50, 100)).toEqual({ rate: -50, trend: 'falling' });
  });

  it('momentum past tenfold says how many times as many, not a four-digit percentage', async () => {
    const day = (d: string, predictions: number): DayTotals => ({
      day: d,
      predictions,
      publicPredictions: predictions,
      flagged: 0,
      scored: predictions,
      qualitySum: 0,
      lengthSum: 0,
      tierHigh: 0,
      tierGood: 0,
      tierFair: 0,
      tierLow: 0,
    });
    const growing = createAnalyticsService({
      source: { ...fixture, daily: async () => [day('2026-03-06', 1), day('2026-03-15', 305)] },
      now: () => NOW,
      accuracy: () => ({ agreement: null, evaluatedPredictions: null, version: null }),
    });
    const m = await growing.momentum(week);
    expect(m).toMatchObject({ recentCount: 305, previousCount: 1, growthRate: 30400, trend: 'surging' });
    expect(m.momentumText).toBe(
      'Predictions are surging: 305 times as many in the last 7 days as in the 7 days before (305 against 1).',
    );
  });

  it('timing', async () => {
    const t = await service.timing(week);
    expect(t).toMatchObject({
      peakHour: 14,
      peakHourFormatted: '14:00–15:00 UTC',
      peakDay: 'Monday',
      primaryPeriod: 'Afternoon',
      weekdayVsWeekend: { weekdayPercentage: 100, weekendPercentage: 0 },
      totalPredictions: 10,
    });
    expect(t.hourly[9]).toBe(3);
    TimingReplySchema.parse(t);
  });

  it('community health: tiers from the engine cut-offs, score = mean quality', async () => {
    const h = await service.communityHealth(week);
    expect(h.data).toEqual([
      { tier: 'High Quality', count: 2, percentage: 20 },
      { tier: 'Good Quality', count: 4, percentage: 40 },
      { tier: 'Fair Quality', count: 3, percentage: 30 },
      { tier: 'Needs Improvement', count: 1, percentage: 10 },
    ]);
    expect(h.summary).toMatchObject({
      overall_health_score: 68, // (420 + 260) / 10
      health_label: 'Good',
      flagged_predictions: 1,
      flagged_percentage: 10,
      cutoffs: { high: 80, good: 60, fair: 40 },
    });
    CommunityHealthReplySchema.parse(h);
  });

  it('quality vs length: Pearson r and its reading', async () => {
    const q = await service.qualityVsLength(week);
    expect(q.data[0]).toEqual({ x: 50, y: 40, tier: 'Fair Quality' });
    expect(q.data[3]?.tier).toBe('High Quality');
    // r by hand: x̄ = 125, ȳ = 66.25; Σdxdy = 3875, Σdx² = 12500, Σdy² = 1268.75 → 0.973
    expect(q.statistics).toMatchObject({
      correlation: 0.973,
      correlation_interpretation: 'very strong positive',
      data_points: 4,
      avg_text_length: 80,
      scored_in_window: 10,
      sample_limit: SCATTER_SAMPLE_LIMIT,
    });
    QualityVsLengthReplySchema.parse(q);
    expect(
      pearson([
        { x: 1, y: 1 },
        { x: 2, y: 1 },
        { x: 3, y: 1 },
      ]),
    ).toBeNull();
    expect(interpretCorrelation(0.2)).toBe('weak positive');
    expect(interpretCorrelation(-0.45)).toBe('moderate negative');
    expect(interpretCorrelation(0.05)).toBe('no meaningful correlation');
    expect(interpretCorrelation(null)).toBe('not enough data');
  });

  it('counts the union of two sorted id sets', () => {
    expect(unionSize(Int32Array.from([1, 3, 5]), Int32Array.from([2, 3, 6, 7]))).toBe(6);
    expect(unionSize(new Int32Array(0), Int32Array.from([4]))).toBe(1);
  });
});

const PATHS = [
  '/api/analytics-dashboard',
  '/api/analytics/category-activity',
  '/api/analytics/momentum',
  '/api/analytics/timing',
  '/api/analytics/community-quality-health',
  '/api/analytics/quality-vs-length',
];

describe.each(testDialects)('analytics API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    const users = await createUsers(t.database.db, 8);
    await publishRandom(t.database.db, users, { count: 40, now: Date.now(), spanDays: 20, seed: 3 });
  }, 120_000);
  afterAll(() => t.close());

  it('answers every call for every timeframe and category, publicly', async () => {
    for (const path of PATHS) {
      for (const timeframe of ['week', 'month', 'quarter', 'year']) {
        for (const category of ['all', 'Technology', 'Society']) {
          const res = await t.app.inject(`${path}?timeframe=${timeframe}&category=${category}`);
          expect(res.statusCode, `${path} ${timeframe} ${category}`).toBe(200);
          expect(res.json()).toMatchObject({ success: true, window: { timeframe, category } });
        }
      }
    }
  });

  it('defaults to the last week and all categories; category may be omitted', async () => {
    const res = await t.app.inject('/api/analytics-dashboard');
    const body = AnalyticsDashboardReplySchema.parse(res.json());
    expect(body.window).toMatchObject({ timeframe: 'week', category: 'all', days: 7 });
    expect(body.dailyActivity).toHaveLength(7);
    expect(body.metrics.totalPredictions).toBeGreaterThan(0);
    // The banner's figure is the held-out flags set's agreement, with its size, as written by
    // `npm run eval:scoring` (none until the held-out sets are measured).
    const results = JSON.parse(
      readFileSync(new URL('../../scoring/eval/results.json', import.meta.url), 'utf8'),
    ) as { advertised: { agreement: number; items: number } | null };
    expect(body.scoring.agreement).toBe(results.advertised?.agreement ?? null);
    expect(body.scoring.evaluatedPredictions).toBe(results.advertised?.items ?? null);
    const health = await t.app.inject('/api/analytics/community-quality-health?timeframe=month');
    expect(CommunityHealthReplySchema.parse(health.json()).data.map((d) => d.tier)).toEqual([
      'High Quality',
      'Good Quality',
      'Fair Quality',
      'Needs Improvement',
    ]);
  });

  it('the per-category figures agree with the category distribution', async () => {
    const all = AnalyticsDashboardReplySchema.parse(
      (await t.app.inject('/api/analytics-dashboard?timeframe=month')).json(),
    );
    for (const entry of all.categoryDistribution.slice(0, 3)) {
      if (entry.category === 'Futurecast' || entry.category === 'Other') continue;
      const one = AnalyticsDashboardReplySchema.parse(
        (await t.app.inject(`/api/analytics-dashboard?timeframe=month&category=${entry.category}`)).json(),
      );
      expect(one.metrics.totalPredictions).toBe(entry.count);
      const users = all.userCategoryDistribution.find((u) => u.category === entry.category);
      expect(one.metrics.activeUsers).toBe(users?.user_count);
    }
  });

  it('rejects an unknown timeframe or category with 400 and a clear message', async () => {
    for (const path of PATHS) {
      const bad = await t.app.inject(`${path}?timeframe=decade`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Unknown timeframe: use one of week, month, quarter, year',
      });
      const cat = await t.app.inject(`${path}?category=Cooking`);
      expect(cat.statusCode).toBe(400);
      expect(cat.json().message).toBe(
        'Unknown category: use one of all, Technology, Politics, Economy, Sports, Entertainment, Healthcare, Environment, Society',
      );
    }
  });

  it('caches a reply briefly, and computes afresh on Cache-Control: no-cache', async () => {
    const url = '/api/analytics/timing?timeframe=quarter&category=Economy';
    const first = await t.app.inject(url);
    const second = await t.app.inject(url);
    expect(first.headers['x-analytics-cache']).toBe('miss');
    expect(second.headers['x-analytics-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    const fresh = await t.app.inject({ url, headers: { 'cache-control': 'no-cache' } });
    expect(fresh.headers['x-analytics-cache']).toBe('miss');
  });

  it('samples a bounded number of scatter points, numbers only', async () => {
    const q = QualityVsLengthReplySchema.parse(
      (await t.app.inject('/api/analytics/quality-vs-length?timeframe=year')).json(),
    );
    expect(q.data.length).toBeLessThanOrEqual(SCATTER_SAMPLE_LIMIT);
    expect(q.data.length).toBe(q.statistics.data_points);
    expect(JSON.stringify(q)).not.toMatch(/By 20\d\d/);
  });
});
