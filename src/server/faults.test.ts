import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { connectRedis } from './cache/redis.ts';
import { hotScore } from './features/community/hot-score.ts';
import { UNAVAILABLE } from './plugins/errors.ts';
import { prediction } from './test/community.ts';
import { buildTestApp, type TestApp } from './test/helpers.ts';
import { createMember } from './test/members.ts';
import { startTcpProxy } from './test/tcp-proxy.ts';

// The scale-out path when its parts fail (docs/decisions/012-scale-out-failures.md): PostgreSQL
// connections ended under load, PostgreSQL away and back, Redis stopped, hung and restarted. Each
// case: no crash, 503 or graceful service meanwhile, recovery without a restart. Only this
// test's own connections and servers are ended; the machine's PostgreSQL and Redis are untouched.

const pgUrl = process.env.TEST_DATABASE_URL;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A logger whose JSON lines the test can read. */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return {
    logger: { level: 'info', stream },
    lines,
    count: (msg: RegExp) => lines.filter((l) => msg.test(l.msg)).length,
  };
}

/** Polls until `check` holds or `ms` pass; returns how long it took (or Infinity). */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await sleep(50);
  }
  return Number.POSITIVE_INFINITY;
}

const expectUnavailable = (res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) => {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ success: false, message: UNAVAILABLE.message, code: UNAVAILABLE.code });
  expect(res.headers['retry-after']).toBe(String(UNAVAILABLE.retryAfterSeconds));
};

describe.runIf(pgUrl)('PostgreSQL connections ended by the server', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('mid-traffic: requests succeed or get 503, never 500, and the instance recovers by itself', async () => {
    t = await buildTestApp({ dialect: 'postgres' });
    const app = t.app;
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(t as TestApp)));
    const author = await createMember(t);
    const id = await prediction(t, { userId: author.id });
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    // Only this test's own connections, found by their application_name.
    const terminate = async () =>
      (
        await admin.query(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
          [t?.database.applicationName],
        )
      ).rowCount ?? 0;
    try {
      const statuses: number[] = [];
      const bodies: unknown[] = [];
      let stop = false;
      const worker = async (i: number) => {
        for (let n = 0; !stop && n < 400; n++) {
          const res =
            n % 2 === 0
              ? await app.inject({
                  method: 'POST',
                  url: `/api/predictions/${id}/${i % 2 ? 'like' : 'dislike'}`,
                  headers: members[i]?.headers,
                })
              : await app.inject(`/api/predictions/${id}/comments`);
          statuses.push(res.statusCode);
          if (res.statusCode !== 200)
            bodies.push({ status: res.statusCode, headers: res.headers, body: res.json() });
          // Paced under the per-member vote limit (a 429 is not what this test is about).
          await sleep(12);
        }
      };
      const traffic = Promise.all([0, 1, 2, 3].map(worker));
      let ended = 0;
      for (const at of [150, 400, 700]) {
        await sleep(at === 150 ? 150 : 250);
        ended += await terminate();
      }
      stop = true;
      await traffic;
      expect(ended).toBeGreaterThan(0);
      expect(statuses.length).toBeGreaterThan(20);
      for (const b of bodies as Array<{ status: number; headers: Record<string, unknown>; body: unknown }>) {
        expect(b.status).toBe(503);
        expect(b.body).toEqual({ success: false, message: UNAVAILABLE.message, code: UNAVAILABLE.code });
      }

      // Now the idle connections: ending them used to crash the process ~1.5 s later. Reads side by
      // side first, so the pool holds some however the traffic ended.
      await Promise.all([1, 2, 3].map(() => app.inject('/api/health')));
      expect(await terminate()).toBeGreaterThan(0);
      await sleep(300);
      const healthy = await within(5000, async () => (await app.inject('/api/health')).statusCode === 200);
      expect(healthy).toBeLessThan(5000);
      const like = await app.inject({
        method: 'POST',
        url: `/api/predictions/${id}/like`,
        headers: author.headers,
      });
      expect(like.statusCode).toBe(200);

      // The one-statement toggle kept the counters and the hot score exact through all of it.
      const row = await t.database.db
        .selectFrom('predictions')
        .select(['likes_count', 'dislikes_count', 'engagement_score', 'hot_score', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const votes = await t.database.db
        .selectFrom('votes')
        .select(['value'])
        .where('prediction_id', '=', id)
        .execute();
      const likes = votes.filter((v) => Number(v.value) === 1).length;
      const dislikes = votes.length - likes;
      expect([row.likes_count, row.dislikes_count]).toEqual([likes, dislikes]);
      expect(row.engagement_score).toBe(likes - dislikes);
      expect(row.hot_score).toBeCloseTo(hotScore(likes - dislikes, row.created_at), 6);
    } finally {
      await admin.end();
    }
  });
});

describe.runIf(pgUrl)('PostgreSQL away, then back', () => {
  it('answers 503 with the error shape and Retry-After, says so in /api/health, logs once, recovers', async () => {
    const t = await buildTestApp({ dialect: 'postgres' });
    const url = new URL(pgUrl as string);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const database = t.database.connectAgain?.(`${t.database.applicationName}-proxied`, proxy.port);
    if (!database) throw new Error('no second connection');
    const logs = capturedLogger();
    const app = await buildApp({ config: t.config, database, logger: logs.logger, webRoot: '/nonexistent' });
    await app.ready();
    try {
      const member = await createMember({ ...t, app });
      const id = await prediction(t, { userId: member.id });
      expect((await app.inject('/api/health')).statusCode).toBe(200);

      await proxy.stop();
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        expectUnavailable(
          await app.inject({ method: 'POST', url: `/api/predictions/${id}/like`, headers: member.headers }),
        );
        expect(Date.now() - started).toBeLessThan(4000);
        expectUnavailable(await app.inject(`/api/predictions/${id}/comments`));
      }
      const down = await app.inject('/api/health');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'degraded', database: { ok: false, dialect: 'postgres' } });
      expect(logs.count(/database is unreachable/)).toBe(1);

      await proxy.start();
      const back = await within(5000, async () => (await app.inject('/api/health')).statusCode === 200);
      expect(back).toBeLessThan(5000);
      const like = await app.inject({
        method: 'POST',
        url: `/api/predictions/${id}/like`,
        headers: member.headers,
      });
      expect(like.statusCode).toBe(200);
      expect(await within(2000, async () => logs.count(/database is reachable again/) === 1)).toBeLessThan(
        2000,
      );
      expect(logs.count(/database is unreachable/)).toBe(1);
      expect(logs.lines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await app.close();
      await database.close();
      await proxy.stop();
      await t.close();
    }
  });
});

/** A free loopback port (the OS picks one, then it is released for redis-server to take). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A Redis server of this test's own, on a spare port, that the test may stop and start again. */
function ownRedis(port: number) {
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      for (let i = 0; i < 50; i++) {
        if (
          spawnSync('redis-cli', ['-p', String(port), 'ping'])
            .stdout?.toString()
            .includes('PONG')
        )
          return;
        await sleep(50);
      }
      throw new Error('redis-server did not start');
    },
    async stop() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      await new Promise((r) => {
        c.once('exit', r);
        c.kill('SIGKILL');
      });
    },
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}

describe.runIf(hasRedisServer)('Redis away, hung, then back', () => {
  let redisServer: ReturnType<typeof ownRedis> | undefined;
  let client: Redis | undefined;
  afterAll(async () => {
    redisServer?.resume();
    client?.disconnect();
    await redisServer?.stop();
  });

  it('keeps every route up, limits per instance, reads from the database, reports it, recovers', async () => {
    redisServer = ownRedis(await freePort());
    await redisServer.start();
    client = connectRedis(redisServer.url);
    const logs = capturedLogger();
    const route = '/api/test-limited';
    const t = await buildTestApp({
      deps: { redis: client, logger: logs.logger },
      setup: (app: FastifyInstance) => {
        app.post(route, { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({
          ok: true,
        }));
      },
    });
    const app = t.app;
    try {
      const member = await createMember(t);
      const author = await createMember(t);
      const id = await prediction(t, { userId: author.id });
      const health = async () => (await app.inject('/api/health')).json();
      expect(await health()).toMatchObject({ status: 'ok', redis: { ok: true } });

      await redisServer.stop();
      expect(await within(3000, async () => (await health()).redis?.ok === false)).toBeLessThan(3000);
      const h = await app.inject('/api/health');
      // A load balancer keeps the instance: every instance shares this Redis and each still serves.
      expect(h.statusCode).toBe(200);
      expect(h.json()).toMatchObject({
        status: 'degraded',
        database: { ok: true },
        redis: { ok: false, latencyMs: null },
      });

      // Rate-limited routes answer as usual: the captcha challenge, a like…
      expect(
        (await app.inject({ url: '/api/captcha/challenge', remoteAddress: '10.9.0.1' })).statusCode,
      ).toBe(200);
      const like = await app.inject({
        method: 'POST',
        url: `/api/predictions/${id}/like`,
        headers: member.headers,
      });
      expect(like.statusCode).toBe(200);
      // …and the limits still hold, counted by this instance (fail safe, not open).
      const hit = () => app.inject({ method: 'POST', url: route, remoteAddress: '10.9.0.2' });
      for (let i = 0; i < 3; i++) expect((await hit()).statusCode).toBe(200);
      const limited = await hit();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Cached reads come from the database at once, and show the like.
      const started = Date.now();
      const hot = await app.inject('/api/hot-topics/ai');
      expect(Date.now() - started).toBeLessThan(500);
      expect(hot.json().topics[0]).toMatchObject({ id, engagement: { likes: 1 } });

      // Hung rather than gone: a cache call gives up quickly instead of waiting on Redis.
      await redisServer.start();
      expect(await within(5000, async () => (await health()).redis?.ok === true)).toBeLessThan(5000);
      redisServer.pause();
      await app.inject({ method: 'POST', url: `/api/predictions/${id}/like`, headers: member.headers });
      const hungStarted = Date.now();
      const hungRead = await app.inject('/api/hot-topics/ai');
      expect(hungRead.statusCode).toBe(200);
      expect(Date.now() - hungStarted).toBeLessThan(500);
      expect(await within(4000, async () => (await health()).redis?.ok === false)).toBeLessThan(4000);
      // Two missed heartbeats mark it down and reconnect (one log line).
      expect(await within(5000, async () => logs.count(/Redis is unreachable/) === 2)).toBeLessThan(5000);
      redisServer.resume();

      // Back without a restart, shared again.
      expect(await within(5000, async () => (await health()).redis?.ok === true)).toBeLessThan(5000);
      expect((await app.inject({ method: 'POST', url: route, remoteAddress: '10.9.0.3' })).statusCode).toBe(
        200,
      );
      // One line per change of state, not one per request, and no stack traces.
      expect(logs.count(/Redis is unreachable/)).toBe(2);
      expect(logs.count(/Redis is reachable again/)).toBe(2);
      expect(logs.lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(logs.lines.filter((l) => /cache (read|write) failed/.test(l.msg)).length).toBeLessThanOrEqual(2);
    } finally {
      await t.close();
    }
  }, 40_000);
});
