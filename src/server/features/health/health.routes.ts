import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthReplySchema } from '#shared/schemas/common.ts';
import { ping } from '#server/db/dialect.ts';
import type { Database } from '#server/db/connect.ts';
import type { RedisLink } from '#server/cache/redis.ts';

export interface HealthDeps {
  database: Database;
  redis?: RedisLink | undefined;
  version: string;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export const healthRoutes =
  ({ database, redis, version }: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness, database and Redis check',
          description:
            '503 while the database is unreachable (take the instance out of rotation). A Redis outage answers 200 with `status: degraded` and `redis.ok: false`: every instance shares that Redis, and each keeps serving without it (decision 012).',
          response: { 200: HealthReplySchema, 503: HealthReplySchema },
        },
      },
      async (request, reply) => {
        const started = performance.now();
        let ok = true;
        const [redisMs] = await Promise.all([
          redis?.ping(),
          ping.execute(database.db).catch((err: unknown) => {
            ok = false;
            database.availability.report(err);
            // The unavailable state is logged once, when it changes; other failures each time.
            if (database.availability.isUp()) request.log.error({ err }, 'database health check failed');
          }),
        ]);
        const latencyMs = round(performance.now() - started);
        const redisOk = redis ? redisMs !== null && redisMs !== undefined && redis.isUp() : true;
        reply.header('cache-control', 'no-store');
        return reply.status(ok ? 200 : 503).send({
          status: ok && redisOk ? 'ok' : 'degraded',
          database: { ok, dialect: database.dialect, latencyMs },
          ...(redis ? { redis: { ok: redisOk, latencyMs: redisOk ? (redisMs ?? null) : null } } : {}),
          version,
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    );
  };
