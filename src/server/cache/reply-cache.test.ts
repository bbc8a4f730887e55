import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createReplyCache } from './reply-cache.ts';

const log = { warn: () => {} };
const redisUrl = process.env.TEST_REDIS_URL;

describe('reply cache (in-process)', () => {
  it('builds once for concurrent misses, serves hits, and never stores a build that a write overtook', async () => {
    const cache = createReplyCache({ log });
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 20));
      return `v${builds}`;
    };
    const results = await Promise.all([1, 2, 3].map(() => cache.getOrBuild('k', 1000, build)));
    expect(builds).toBe(1);
    expect(results.map((r) => r.cached)).toEqual([false, true, true]);
    expect(await cache.getOrBuild('k', 1000, build)).toEqual({ value: 'v1', cached: true });

    // A write lands while a rebuild is in flight: that result is served once but not kept.
    await cache.invalidate('k');
    const pending = cache.getOrBuild('k', 1000, build);
    await new Promise((r) => setTimeout(r, 5));
    await cache.invalidate('k');
    expect((await pending).value).toBe('v2');
    expect((await cache.getOrBuild('k', 1000, build)).value).toBe('v3');
  });

  it('expires after the TTL', async () => {
    const cache = createReplyCache({ log });
    let n = 0;
    await cache.getOrBuild('t', 20, async () => `${++n}`);
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.getOrBuild('t', 20, async () => `${++n}`)).toEqual({ value: '2', cached: false });
  });

  it('peeks at what it holds: nothing before a build, after a write or past the TTL', async () => {
    const cache = createReplyCache({ log });
    expect(cache.peek('p')).toBeUndefined();
    await cache.getOrBuild('p', 30, async () => 'held');
    expect(cache.peek('p')).toBe('held');
    await cache.invalidate('p');
    expect(cache.peek('p')).toBeUndefined();
    await cache.getOrBuild('p', 30, async () => 'again');
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.peek('p')).toBeUndefined();
  });
});

describe.skipIf(!redisUrl)('reply cache (Redis)', () => {
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(() => redis?.disconnect());

  it('is shared by instances, and a write on one invalidates it for all', async () => {
    const prefix = `futurecast-test:${Math.random().toString(36).slice(2)}:`;
    const a = createReplyCache({ redis, log, prefix });
    const b = createReplyCache({ redis, log, prefix });
    expect(await a.getOrBuild('x', 5000, async () => 'from-a')).toEqual({ value: 'from-a', cached: false });
    expect(await b.getOrBuild('x', 5000, async () => 'from-b')).toEqual({ value: 'from-a', cached: true });
    await b.invalidate('x');
    expect(await a.getOrBuild('x', 5000, async () => 'rebuilt')).toEqual({ value: 'rebuilt', cached: false });
  });

  it('never offers a value to the micro-cache, since another instance may have invalidated it', async () => {
    const cache = createReplyCache({
      redis,
      log,
      prefix: `futurecast-test:${Math.random().toString(36).slice(2)}:`,
    });
    await cache.getOrBuild('x', 5000, async () => 'shared');
    expect(cache.peek('x')).toBeUndefined();
  });
});
