import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHistoryTexts } from '#server/demo/demo-history.ts';
import { DEMO_PREDICTIONS } from '#server/demo/demo-predictions.ts';
import { seedDemo } from '#server/demo/seed.ts';
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
    const expected = personal + history;
    const first = await seedDemo(database.db);
    // Every history text is distinct enough to be published (none refused as a near-duplicate).
    expect(first).toMatchObject({ members: 12, predictions: personal, history });
    expect(await seedDemo(database.db)).toMatchObject({ members: 0, predictions: 0, history: 0 });

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
  });
});
