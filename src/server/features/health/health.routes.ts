import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthReplySchema } from '#shared/schemas/common.ts';
import { ping } from '#server/db/dialect.ts';
import type { Database } from '#server/db/connect.ts';

export interface HealthDeps {
  database: Database;
  version: string;
}

export const healthRoutes =
  ({ database, version }: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database check',
          response: { 200: HealthReplySchema, 503: HealthReplySchema },
        },
      },
      async (request, reply) => {
        const started = performance.now();
        let ok = true;
        try {
          await ping.execute(database.db);
        } catch (err) {
          ok = false;
          request.log.error({ err }, 'database health check failed');
        }
        reply.header('cache-control', 'no-store');
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          database: {
            ok,
            dialect: database.dialect,
            latencyMs: Math.round((performance.now() - started) * 100) / 100,
          },
          version,
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    );
  };
