import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { connectRedis } from './cache/redis.ts';
import type { Database } from './db/connect.ts';
import { prediction } from './test/community.ts';
import { buildTestApp, type TestApp } from './test/helpers.ts';
import { createMember, type TestMember } from './test/members.ts';

// Two app instances on one PostgreSQL and one Redis, as behind a load balancer: each with its own
// connection pool, Redis connections and in-process caches; they share only the database and
// Redis (docs/decisions/012-scale-out-failures.md).

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(pgUrl && redisUrl)('two instances on PostgreSQL + Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bDatabase: Database;
  // B's reads of the hot-topic candidates can be held here, between reading and storing a reply.
  let hold: Promise<void> | undefined;
  let held: (() => void) | undefined;
  const holdCandidates: KyselyPlugin = {
    transformQuery: (args) => args.node,
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const first = args.result.rows[0];
      if (hold && first && 'prediction_text' in first && 'username' in first) {
        held?.();
        await hold;
      }
      return args.result;
    },
  };
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
      database: { ...bDatabase, db: bDatabase.db.withPlugin(holdCandidates) },
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

  it("never stores a reply B built before A's write, whatever the interleaving", async () => {
    const author = await createMember(a);
    const voter = await createMember(a);
    const id = await prediction(a, {
      userId: author.id,
      text: 'By 2033 every new bus in Lisbon will be electric.',
    });
    const likesIn = (res: { json(): unknown }) =>
      (res.json() as { topics: Array<{ id: number; engagement: { likes: number } }> }).topics.find(
        (x) => x.id === id,
      )?.engagement.likes;
    await a.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/comments`,
      headers: author.headers,
      payload: { comment: 'Warm-up.' },
    });

    // B starts rebuilding the hot topics and has read the candidates (no likes yet)…
    let release!: () => void;
    hold = new Promise<void>((r) => {
      release = r;
    });
    const readCandidates = new Promise<void>((r) => {
      held = r;
    });
    const slowRead = b.inject('/api/hot-topics/ai');
    await readCandidates;
    // …A's like commits and invalidates while B's rebuild is still in flight…
    const like = await a.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/like`,
      headers: voter.headers,
    });
    expect(like.json()).toMatchObject({ likes_count: 1 });
    hold = undefined;
    release();
    // …B answers that request with what it read, but must not keep it.
    expect(likesIn(await slowRead)).toBe(0);
    expect(likesIn(await b.inject('/api/hot-topics/ai'))).toBe(1);
    expect(likesIn(await a.app.inject('/api/hot-topics/ai'))).toBe(1);
  });

  it('shows every like on A in the hot topics B serves at once, while B is serving reads', async () => {
    const author = await createMember(a);
    const id = await prediction(a, { userId: author.id });
    const voters: TestMember[] = [];
    for (let i = 0; i < 40; i++) voters.push(await createMember(a));
    const likesOnB = async () => {
      const res = await b.inject('/api/hot-topics/ai');
      expect(res.statusCode).toBe(200);
      return (res.json().topics as Array<{ id: number; engagement: { likes: number } }>).find(
        (x) => x.id === id,
      )?.engagement.likes;
    };
    // Fixtures are written straight to the database: a comment on A announces the new prediction.
    const warmUp = await a.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/comments`,
      headers: author.headers,
      payload: { comment: 'Now in the hot topics.' },
    });
    expect(warmUp.statusCode).toBe(201);
    let first = await likesOnB();
    for (let i = 0; i < 200 && first === undefined; i++) {
      await sleep(5);
      first = await likesOnB();
    }
    expect(first).toBe(0);

    // B keeps rebuilding and serving the reply while A's likes land: the interleaving in which a
    // rebuild B started before A's commit used to be stored after A's invalidation (stale ~30 s).
    let reading = true;
    const readers = Promise.all(
      [0, 1, 2].map(async () => {
        for (let n = 0; reading && n < 5000; n++) await likesOnB();
      }),
    );
    const delays: number[] = [];
    try {
      for (const [i, voter] of voters.entries()) {
        const like = await a.app.inject({
          method: 'POST',
          url: `/api/predictions/${id}/like`,
          headers: voter.headers,
        });
        expect(like.json()).toMatchObject({ likes_count: i + 1 });
        const started = Date.now();
        let seen = await likesOnB();
        // B hears of the write through Redis pub/sub: a few milliseconds, never the cache's 30 s TTL.
        while (seen !== i + 1 && Date.now() - started < 1000) {
          await sleep(5);
          seen = await likesOnB();
        }
        expect(seen).toBe(i + 1);
        delays.push(Date.now() - started);
      }
    } finally {
      reading = false;
      await readers;
    }
    expect(Math.max(...delays)).toBeLessThan(1000);
    // And a comment on B shows on A.
    const comment = await b.inject({
      method: 'POST',
      url: `/api/predictions/${id}/comments`,
      headers: author.headers,
      payload: { comment: 'Counted on the other instance.' },
    });
    expect(comment.statusCode).toBe(201);
    let onA = 0;
    for (let i = 0; i < 200 && onA !== 2; i++) {
      const topics = (await a.app.inject('/api/hot-topics/ai')).json().topics as Array<{
        id: number;
        engagement: { comments: number };
      }>;
      onA = topics.find((x) => x.id === id)?.engagement.comments ?? 0;
      if (onA !== 2) await sleep(5);
    }
    expect(onA).toBe(2);
  }, 60_000);

  it('trips a rate limit at the same count whichever instance is asked', async () => {
    const ip = '10.77.0.1';
    const statuses: number[] = [];
    // The captcha challenge: 60 a minute per IP.
    for (let i = 0; i < 61; i++) {
      const app = i % 2 ? b : a.app;
      statuses.push((await app.inject({ url: '/api/captcha/challenge', remoteAddress: ip })).statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  }, 30_000);
});
