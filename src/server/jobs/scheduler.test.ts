import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialects } from '#server/test/helpers.ts';
import { loadCheckpoint } from './job-state.repository.ts';
import { createScheduler, type Job } from './scheduler.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const redisUrl = process.env.TEST_REDIS_URL;

function slowJob(name: string, runs: string[], who: string): Job<{ lastRunAt: string; n: number }> {
  return {
    name,
    intervalMs: 60_000,
    leaseMs: 10_000,
    lastRunAt: (c) => (c ? Date.parse(c.lastRunAt) : null),
    run: async ({ checkpoint }) => {
      runs.push(who);
      await new Promise((r) => setTimeout(r, 100));
      return { lastRunAt: new Date().toISOString(), n: (checkpoint?.n ?? 0) + 1 };
    },
  };
}

describe.each([
  ...testDialects.map((d) => [d, false] as const),
  ...(redisUrl ? [['sqlite', true] as const] : []),
])('scheduler on %s (redis lock: %s)', (dialect, useRedis) => {
  let database: TestDatabase;
  let redis: Redis | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    if (useRedis && redisUrl) redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    redis?.disconnect();
    await database.close();
  });

  it('runs a job on one instance at a time, keeps a checkpoint, and skips while it is fresh', async () => {
    const name = `job-${Math.random().toString(36).slice(2)}`;
    const runs: string[] = [];
    const a = createScheduler({ db: database.db, redis, log: quiet });
    const b = createScheduler({ db: database.db, redis, log: quiet });
    a.add(slowJob(name, runs, 'a'));
    b.add(slowJob(name, runs, 'b'));
    const outcomes = await Promise.all([a.runOnce(name), b.runOnce(name)]);
    expect(outcomes.sort()).toEqual(['locked', 'ran']);
    expect(runs).toHaveLength(1);
    expect(await loadCheckpoint<{ n: number }>(database.db, name)).toMatchObject({ n: 1 });
    // Another instance (or a restart) within the interval does not run it again…
    expect(await b.runOnce(name)).toBe('fresh');
    // …unless forced; the checkpoint carries over.
    expect(await b.runOnce(name, { force: true })).toBe('ran');
    expect(await loadCheckpoint<{ n: number }>(database.db, name)).toMatchObject({ n: 2 });
    await Promise.all([a.stop(), b.stop()]);
  });

  it('releases the lock when a run fails, and logs it', async () => {
    const name = `fail-${Math.random().toString(36).slice(2)}`;
    const errors: unknown[] = [];
    const s = createScheduler({ db: database.db, redis, log: { ...quiet, error: (o) => errors.push(o) } });
    let fail = true;
    s.add({
      name,
      intervalMs: 60_000,
      leaseMs: 10_000,
      lastRunAt: () => null,
      run: async () => {
        if (fail) throw new Error('feed host down');
        return { ok: true };
      },
    });
    expect(await s.runOnce(name)).toBe('failed');
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await s.runOnce(name)).toBe('ran');
    await s.stop();
  });

  it('starts on a timer and stops cleanly', async () => {
    const name = `timer-${Math.random().toString(36).slice(2)}`;
    const runs: string[] = [];
    const s = createScheduler({ db: database.db, redis, log: quiet, firstRunDelayMs: 10 });
    s.add(slowJob(name, runs, 'timer'));
    s.start();
    await new Promise((r) => setTimeout(r, 400));
    await s.stop();
    expect(runs).toEqual(['timer']);
  });
});
