import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { connectRedis } from '#server/cache/redis.ts';
import type { Database } from '#server/db/connect.ts';
import { prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp } from '#server/test/helpers.ts';
import { createMember } from '#server/test/members.ts';

// Two instances on one PostgreSQL and one Redis: a deletion on A ends the explore pages B has
// cached, through the one explore version key (features/explore/explore-cache.ts).

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(pgUrl && redisUrl)('explore pages on two instances', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bDatabase: Database;
  const clients: Redis[] = [];
  const namespace = `futurecast-test:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    const redis = () => {
      const c = connectRedis(redisUrl as string);
      clients.push(c);
      return c;
    };
    a = await buildTestApp({ dialect: 'postgres', deps: { redis: redis(), redisNamespace: namespace } });
    const again = a.database.connectAgain?.();
    if (!again) throw new Error('no second pool');
    bDatabase = again;
    b = await buildApp({
      config: a.config,
      database: bDatabase,
      redis: redis(),
      redisNamespace: namespace,
      logger: false,
      webRoot: '/nonexistent',
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
    for (const c of clients) c.disconnect();
  });

  it("drops B's cached list, detail and profile at once when A deletes a prediction", async () => {
    const author = await createMember(a);
    const id = await prediction(a, {
      userId: author.id,
      text: 'By 2034 the quokka census will count 90,000.',
    });
    const urls = ['/api/predictions?sort=new', `/api/predictions/${id}`, `/api/users/${author.username}`];
    for (const url of urls) {
      await b.inject(url);
      const cached = await b.inject(url);
      expect(cached.headers['x-explore-cache'], url).toBe('hit');
      expect(cached.body).toContain(url.startsWith('/api/users') ? '"public_predictions":1' : 'quokka');
    }
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/predictions/${id}`,
      headers: author.headers,
    });
    expect(deleted.statusCode).toBe(200);
    // B hears of it through Redis pub/sub: milliseconds, not the pages' 30-second lifetime.
    const started = Date.now();
    const gone = async () => {
      const [list, detail, profile] = await Promise.all(urls.map((url) => b.inject(url)));
      return (
        !list?.body.includes('quokka') &&
        detail?.statusCode === 404 &&
        profile?.body.includes('"public_predictions":0') === true
      );
    };
    while (!(await gone()) && Date.now() - started < 2000) await sleep(5);
    expect(await gone()).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
