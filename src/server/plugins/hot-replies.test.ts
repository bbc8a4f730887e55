import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRedis } from '#server/cache/redis.ts';
import { hoursAgo, prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp } from '#server/test/helpers.ts';
import { createMember } from '#server/test/members.ts';

// The HTTP server answers the cached home-page reads itself (plugins/hot-replies.ts): these tests
// drive a listening server over real sockets, since inject() never reaches the server factory.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

const withoutDate = (h: Raw['headers']) => {
  const { date: _date, ...rest } = h;
  return rest;
};

const PATHS = [
  '/api/hot-topics/ai',
  '/api/stats/homepage',
  '/api/enhanced-hot-topics',
  '/api/hot-topics',
  '/api/analytics-dashboard',
  '/api/analytics/timing',
];

describe('replies answered by the HTTP server while the cache holds them', () => {
  let t: TestApp;
  afterEach(() => t.close());

  async function start(env: Record<string, string> = {}, redis?: Redis) {
    t = await buildTestApp({ env, ...(redis ? { deps: { redis } } : {}) });
    const author = await createMember(t);
    // Enough topics for a reply above the compression threshold.
    for (let i = 0; i < 6; i++)
      await prediction(t, { userId: author.id, createdAt: hoursAgo(i + 1), likes: i });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }
  const served = async (port: number, path: string) => {
    const metrics = (await get(port, '/metrics')).body.toString();
    const line = metrics.split('\n').find((l) => l.startsWith(`http_hot_replies_total{path="${path}"}`));
    return Number(line?.split(' ')[1] ?? 0);
  };

  it.each(['br', 'gzip', 'identity'])(
    'sends exactly the bytes and headers of the route (%s), and only once the cache holds a value',
    async (encoding) => {
      const port = await start();
      const accept = { 'accept-encoding': encoding };
      for (const path of PATHS) {
        const first = await get(port, path, accept);
        expect(first.status).toBe(200);
        expect(await served(port, path)).toBe(0);
        const hot = await get(port, path, accept);
        expect(await served(port, path)).toBe(1);
        // A query string takes the framework's route, which sends the same cached value.
        const routed = await get(port, `${path}?via=route`, accept);
        expect(await served(port, path)).toBe(1);
        expect(hot.status).toBe(200);
        expect(withoutDate(hot.headers)).toEqual(withoutDate(routed.headers));
        expect(hot.body.equals(routed.body)).toBe(true);
      }
      const hot = await get(port, '/api/hot-topics/ai', accept);
      expect(hot.headers['content-security-policy']).toContain("object-src 'none'");
      expect(hot.headers['x-content-type-options']).toBe('nosniff');
      if (encoding !== 'identity') expect(hot.headers['content-encoding']).toBe(encoding);
    },
  );

  it('stops answering as soon as a write invalidates the value, and answers the new one after', async () => {
    const port = await start();
    const voter = await createMember(t);
    const author = await createMember(t);
    const id = await prediction(t, { userId: author.id, createdAt: hoursAgo(1), likes: 50 });
    const path = '/api/hot-topics/ai';
    await get(port, path);
    const before = JSON.parse((await get(port, path)).body.toString());
    expect(await served(port, path)).toBe(1);
    expect(before.topics.find((x: { id: number }) => x.id === id).engagement.likes).toBe(50);

    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/like`,
      headers: voter.headers,
    });
    expect(vote.statusCode).toBe(200);
    const after = JSON.parse((await get(port, path)).body.toString());
    expect(after.topics.find((x: { id: number }) => x.id === id).engagement.likes).toBe(51);
    expect(await served(port, path)).toBe(1);
    // The rebuild said metadata.cached false; the held copy says true, with the same topics.
    expect(JSON.parse((await get(port, path)).body.toString()).topics).toEqual(after.topics);
    expect(await served(port, path)).toBe(2);
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    'answers from its first level with Redis too, until a write',
    async () => {
      const redis = connectRedis(process.env.TEST_REDIS_URL as string);
      try {
        const port = await start({}, redis);
        const voter = await createMember(t);
        const author = await createMember(t);
        const id = await prediction(t, { userId: author.id, createdAt: hoursAgo(1), likes: 50 });
        const path = '/api/hot-topics/ai';
        await get(port, path);
        for (let i = 0; i < 100 && (await served(port, path)) === 0; i++) await get(port, path);
        expect(await served(port, path)).toBeGreaterThan(0);
        const before = await served(port, path);
        const vote = await t.app.inject({
          method: 'POST',
          url: `/api/predictions/${id}/like`,
          headers: voter.headers,
        });
        expect(vote.statusCode).toBe(200);
        const after = JSON.parse((await get(port, path)).body.toString());
        expect(after.topics.find((x: { id: number }) => x.id === id).engagement.likes).toBe(51);
        expect(await served(port, path)).toBe(before);
      } finally {
        // The app itself is closed after each test; the client is this test's.
        redis.disconnect();
      }
    },
  );

  it('answers analytics only for the default filters, and never a request asking for fresh figures', async () => {
    const port = await start();
    const path = '/api/analytics-dashboard';
    await get(port, path);
    const hot = await get(port, path);
    expect(await served(port, path)).toBe(1);
    expect(hot.headers['x-analytics-cache']).toBe('hit');
    expect(hot.headers['cache-control']).toBe('public, max-age=30');
    const fresh = await get(port, path, { 'cache-control': 'no-cache' });
    expect(fresh.headers['x-analytics-cache']).toBe('miss');
    const other = await get(port, `${path}?timeframe=year`);
    expect(other.headers['x-analytics-cache']).toBe('miss');
    expect(await served(port, path)).toBe(1);
    // Another call's entry is its own: the timing figures are not the dashboard's.
    await get(port, '/api/analytics/timing');
    expect(await served(port, '/api/analytics/timing')).toBe(0);
  });

  it('leaves other methods to the framework', async () => {
    const port = await start();
    const path = '/api/stats/homepage';
    await get(port, path);
    const head = await get(port, path, {}, 'HEAD');
    expect(head.status).toBe(200);
    const post = await get(port, path, {}, 'POST');
    expect(post.status).toBe(404);
    expect(await served(port, path)).toBe(0);
  });

  it('adds HSTS exactly when the framework does: behind a trusted proxy that says https', async () => {
    const port = await start({ TRUST_PROXY: 'true' });
    const path = '/api/stats/homepage';
    const https = { 'x-forwarded-proto': 'https' };
    await get(port, path, https);
    const hot = await get(port, path, https);
    const routed = await get(port, `${path}?via=route`, https);
    expect(await served(port, path)).toBe(1);
    expect(hot.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(withoutDate(hot.headers)).toEqual(withoutDate(routed.headers));
    const plain = await get(port, path);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends every request through the framework when request logging is on', async () => {
    const port = await start({ LOG_LEVEL: 'debug' });
    const path = '/api/stats/homepage';
    await get(port, path);
    await get(port, path);
    expect(await served(port, path)).toBe(0);
  });
});
