import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountExportSchema } from '#shared/schemas/account-data.ts';
import { ErrorReplySchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/connect.ts';
import { requireMember } from '#server/plugins/auth.ts';
import { memberOrIpKey } from '#server/plugins/rate-limit.ts';
import { createAccountDataService } from './account-data.service.ts';

/** Ours: an export reads all of a member's rows; a few an hour is plenty for a person. */
const EXPORT_LIMIT = { max: 10, timeWindow: 60 * 60_000 };

export const accountDataRoutes =
  ({ database }: { database: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const data = createAccountDataService({ db: database.db });

    app.get(
      '/api/account/export',
      {
        config: {
          rateLimit: {
            ...EXPORT_LIMIT,
            // Per member: the auth plugin has resolved the bearer token before the limit is checked.
            keyGenerator: (request) => `export:${memberOrIpKey(request)}`,
          },
        },
        schema: {
          tags: ['accounts'],
          security: [{ bearer: [] }],
          summary: "'Export my data': the member's profile, predictions with analysis, comments and votes",
          response: { 200: AccountExportSchema, 401: ErrorReplySchema, 429: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        const document = await data.exportFor(member);
        const day = document.exported_at.slice(0, 10);
        reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="futurecast-${member.username}-${day}.json"`);
        return document;
      },
    );
  };
