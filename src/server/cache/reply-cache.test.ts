import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisLink, watchRedis } from './redis.ts';
import { createReplyCache, type ReplyCache } from './reply-cache.ts';

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
  const links: RedisLink[] = [];
  const caches: ReplyCache[] = [];
  afterAll(() => {
    for (const c of caches) c.close();
    for (const l of links) {
      l.close();
      l.client.disconnect();
    }
  });
  /** One "instance": its own Redis connection and cache, sharing a prefix with the others. */
  async function instance(prefix: string) {
    const link = watchRedis(connectRedis(redisUrl as string), { log: { info() {}, warn() {} } });
    links.push(link);
    await link.ready();
    const cache = createReplyCache({ redis: link, log, prefix });
    caches.push(cache);
    // Subscribed once peek can offer a value.
    for (let i = 0; i < 100; i++) {
      await cache.getOrBuild('probe', 5000, async () => 'probe');
      if (cache.peek('probe') !== undefined) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    return cache;
  }
  const newPrefix = () => `futurecast-test:${Math.random().toString(36).slice(2)}:`;
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
    return check();
  };

  it('is shared by instances, and a write on one invalidates it for all', async () => {
    const prefix = newPrefix();
    const a = await instance(prefix);
    const b = await instance(prefix);
    expect(await a.getOrBuild('x', 5000, async () => 'from-a')).toEqual({ value: 'from-a', cached: false });
    expect(await b.getOrBuild('x', 5000, async () => 'from-b')).toEqual({ value: 'from-a', cached: true });
    await b.invalidate('x');
    expect(await until(() => a.peek('x') === undefined)).toBe(true);
    expect(await a.getOrBuild('x', 5000, async () => 'rebuilt')).toEqual({ value: 'rebuilt', cached: false });
  });

  it("never stores a value another instance's write overtook (the generation is checked in Redis)", async () => {
    const prefix = newPrefix();
    const a = await instance(prefix);
    const b = await instance(prefix);
    // B starts a rebuild from what the database held before A's write…
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = b.getOrBuild('hot', 30_000, async () => {
      await gate;
      return 'before-the-write';
    });
    await new Promise((r) => setTimeout(r, 20));
    // …A commits and invalidates while B is still building, then B finishes.
    await a.invalidate('hot');
    release();
    expect((await slow).value).toBe('before-the-write');
    // Neither instance serves B's stale build afterwards, from Redis or from its first level.
    expect(a.peek('hot')).toBeUndefined();
    expect(b.peek('hot')).toBeUndefined();
    expect(await a.getOrBuild('hot', 30_000, async () => 'after-the-write')).toEqual({
      value: 'after-the-write',
      cached: false,
    });
    expect((await b.getOrBuild('hot', 30_000, async () => 'other')).value).toBe('after-the-write');
  });

  it('offers its first level to the micro-cache, and drops it when another instance writes', async () => {
    const prefix = newPrefix();
    const a = await instance(prefix);
    const b = await instance(prefix);
    await a.getOrBuild('m', 5000, async () => 'shared');
    await b.getOrBuild('m', 5000, async () => 'unused');
    expect(a.peek('m')).toBe('shared');
    expect(b.peek('m')).toBe('shared');
    await a.invalidate('m');
    expect(a.peek('m')).toBeUndefined();
    expect(await until(() => b.peek('m') === undefined)).toBe(true);
  });
});
