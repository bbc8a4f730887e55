import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;

// Runs where Redis is configured (CI sets TEST_REDIS_URL); the in-memory store is covered in app.test.ts.
describe.runIf(redisUrl)('rate limits in Redis', () => {
  const apps: TestApp[] = [];
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const c of clients) c.disconnect();
  });

  it('are shared by every instance, so a limit holds behind a load balancer', async () => {
    const route = `/api/test-shared-${Date.now()}`;
    // Both instances share one key space, as instances of one deployment do.
    const redisNamespace = `futurecast-test:shared-${Date.now()}:`;
    const instance = async () => {
      const redis = new Redis(redisUrl as string);
      clients.push(redis);
      const t = await buildTestApp({
        deps: { redis, redisNamespace },
        setup: (app) => {
          app.post(route, { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({
            ok: true,
          }));
        },
      });
      apps.push(t);
      return t;
    };
    const a = await instance();
    const b = await instance();
    const hit = (t: TestApp) => t.app.inject({ method: 'POST', url: route, remoteAddress: '10.7.7.7' });
    expect((await hit(a)).statusCode).toBe(200);
    expect((await hit(b)).statusCode).toBe(200);
    expect((await hit(a)).statusCode).toBe(200);
    const limited = await hit(b);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
