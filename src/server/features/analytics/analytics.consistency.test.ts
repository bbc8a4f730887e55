import { TIMEFRAMES } from '#shared/schemas/analytics.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialects } from '#server/test/helpers.ts';
import { rawSource } from './analytics-raw.repository.ts';
import { rollupSource } from './analytics.repository.ts';
import type { AnalyticsSource } from './analytics.source.ts';
import { ANALYTICS_CALLS, type AnalyticsService, createAnalyticsService } from './analytics.service.ts';
import { createUsers, publishRandom } from '#server/test/analytics.ts';

// Random predictions through the real write path; every figure of every call, from the rollups,
// must equal the same figure computed by a direct GROUP BY over the raw tables.

const NOW = Date.parse('2026-03-18T15:20:00.000Z');
const CALLS = ANALYTICS_CALLS;
const FILTERS = ['all', 'Technology', 'Economy', 'Sports', 'Society'] as const;

describe.each(testDialects)('analytics rollups equal a direct query on %s', (dialect) => {
  let database: TestDatabase;
  let rollups: AnalyticsService;
  let raw: AnalyticsService;
  let rollupReader: AnalyticsSource;
  let users: { id: number; username: string }[];
  let published = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    users = await createUsers(database.db, 25);
    // Spread over two years so every window and the one before it (momentum) have data.
    published = await publishRandom(database.db, users, { count: 260, now: NOW, spanDays: 800, seed: 7 });
    published += await publishRandom(database.db, users, { count: 60, now: NOW, spanDays: 3, seed: 8 });
    rollupReader = rollupSource(database.db);
    const accuracy = () => ({ agreement: 0.9, evaluatedPredictions: 10, version: 'test' });
    rollups = createAnalyticsService({ source: rollupReader, now: () => NOW, accuracy });
    raw = createAnalyticsService({ source: rawSource(database.db, dialect), now: () => NOW, accuracy });
  }, 240_000);
  afterAll(() => database.close());

  async function compareAll() {
    for (const timeframe of TIMEFRAMES) {
      for (const category of FILTERS) {
        for (const call of CALLS) {
          const query = { timeframe, category } as const;
          const [a, b] = await Promise.all([rollups[call](query), raw[call](query)]);
          expect(a, `${call} ${timeframe} ${category}`).toEqual(b);
        }
      }
    }
  }

  it('has a realistic random data set', async () => {
    expect(published).toBeGreaterThan(150);
    const week = await rollups.dashboard({ timeframe: 'week', category: 'all' });
    expect(week.metrics.totalPredictions).toBeGreaterThan(40);
    const year = await rollups.dashboard({ timeframe: 'year', category: 'all' });
    expect(year.metrics.activeUsers).toBeGreaterThan(10);
    expect(year.categoryDistribution.length).toBeGreaterThan(5);
  });

  it('gives every figure of every call, timeframe and category exactly as a direct query does', async () => {
    await compareAll();
  });

  it('stays exact after more predictions arrive (memoised member sets are re-read)', async () => {
    await compareAll(); // warm every memo
    const before = await rollups.dashboard({ timeframe: 'month', category: 'all' });
    const newcomers = await createUsers(database.db, 3, 'late');
    const more = await publishRandom(database.db, newcomers, { count: 12, now: NOW, spanDays: 10, seed: 9 });
    expect(more).toBeGreaterThan(5);
    const after = await rollups.dashboard({ timeframe: 'month', category: 'all' });
    expect(after.metrics.totalPredictions).toBe(before.metrics.totalPredictions + more);
    expect(after.metrics.activeUsers).toBeGreaterThan(before.metrics.activeUsers);
    await compareAll();
  });

  it('reads private predictions as numbers only', async () => {
    const total = await database.db
      .selectFrom('predictions')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('is_public').as('pub')])
      .where('created_at', '>=', '2025-03-19T00:00:00.000Z')
      .executeTakeFirstOrThrow();
    const year = await rollups.dashboard({ timeframe: 'year', category: 'all' });
    expect(year.metrics.totalPredictions).toBe(Number(total.n));
    expect(year.metrics.publicPredictions).toBe(Number(total.pub));
    expect(Number(total.n)).toBeGreaterThan(Number(total.pub));
    const scatter = await rollups.qualityVsLength({ timeframe: 'year', category: 'all' });
    for (const point of scatter.data) expect(Object.keys(point).sort()).toEqual(['tier', 'x', 'y']);
  });
});
