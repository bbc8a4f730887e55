import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHistoryTexts } from '#server/demo/demo-history.ts';
import { DEMO_PREDICTIONS } from '#server/demo/demo-predictions.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { createResolutionService } from '#server/features/resolution/resolution.service.ts';
import { createTestDatabase, type TestDatabase, testDialects } from '#server/test/helpers.ts';

describe.each(testDialects)('demo predictions on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it('publishes every demo prediction once, through the real path, with rollups to match', async () => {
    const personal = Object.values(DEMO_PREDICTIONS).flat().length;
    const history = demoHistoryTexts().length;
    // Each demo member's resolved forecasts (12) and one left due (issue 26).
    const forecasts = 12 * 13;
    const expected = personal + history + forecasts;
    const first = await seedDemo(database.db);
    // Every history text is distinct enough to be published (none refused as a near-duplicate).
    expect(first).toMatchObject({ members: 12, predictions: personal, history, resolved: 144, due: 12 });
    expect(await seedDemo(database.db)).toMatchObject({
      members: 0,
      predictions: 0,
      history: 0,
      resolved: 0,
      due: 0,
    });

    const db = database.db;
    const stored = await db
      .selectFrom('predictions')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('is_demo').as('demo')])
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(expected);
    expect(Number(stored.demo)).toBe(expected);
    const rolled = await db
      .selectFrom('rollup_daily')
      .select((eb) => eb.fn.sum<number>('predictions').as('n'))
      .where('category', '=', '*')
      .executeTakeFirstOrThrow();
    expect(Number(rolled.n)).toBe(expected);
    // Spread over the year, so every analytics timeframe has a shape; some private, one flagged.
    const days = await db.selectFrom('rollup_daily').select('day').where('category', '=', '*').execute();
    expect(days.length).toBeGreaterThan(150);
    const months = new Set(days.map((d) => d.day.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    const flags = await db
      .selectFrom('predictions')
      .select((eb) => [
        eb.fn.sum<number>('is_flagged').as('flagged'),
        eb.fn.sum<number>('is_public').as('pub'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(flags.flagged)).toBeGreaterThanOrEqual(1);
    expect(Number(flags.pub)).toBeLessThan(expected);

    // A living track record: a leaderboard of demo members, the community's calibration.
    const resolution = createResolutionService({ db, secret: 'x' });
    const board = await resolution.leaderboard();
    expect(board.entries.length).toBeGreaterThanOrEqual(6);
    expect(board.entries.every((e) => e.is_demo && e.username.startsWith('demo_'))).toBe(true);
    const community = (await resolution.communityResolution()).track_record;
    expect(community.resolved).toBeGreaterThan(100);
    expect(community.calibration.every((b) => b.count > 0)).toBe(true);
    // About 700 submissions through the scoring engine: seconds alone, longer on a busy machine.
  }, 60_000);
});
