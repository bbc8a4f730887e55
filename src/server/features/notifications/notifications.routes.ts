import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReplySchema } from '#shared/schemas/common.ts';
import {
  ActivityReplySchema,
  NOTIFICATION_MESSAGES as MSG,
  NotificationSettingsReplySchema,
  NotificationSettingsSchema,
  UnsubscribeBodySchema,
  UnsubscribeQuerySchema,
} from '#shared/schemas/notifications.ts';
import { MessageReplySchema } from '#shared/schemas/accounts.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/connect.ts';
import type { Scheduler } from '#server/jobs/scheduler.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { requireMember } from '#server/plugins/auth.ts';
import { digestJob } from './digest.job.ts';
import { createNotificationsService } from './notifications.service.ts';

export interface NotificationsRoutesDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** The app's job scheduler, when this process runs jobs: the digest registers with it. */
  scheduler?: Scheduler | undefined;
}

const tags = ['notifications'];
const security = [{ bearer: [] }];
/** The unsubscribe link is public: the same per-IP budget as the other mailed links (decision 004). */
const UNSUBSCRIBE_PER_IP = { max: 25, timeWindow: 5 * 60_000 };

export const notificationsRoutes =
  ({ config, database, mailer, scheduler }: NotificationsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const secret = config.sessionSecret;
    const notifications = createNotificationsService({ db: database.db, secret });
    scheduler?.add(digestJob({ db: database.db, mailer, publicUrl: config.publicUrl, secret, log: app.log }));
    // RFC 8058's one-click unsubscribe posts a form body; only this plugin's routes accept one.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/api/account/activity',
      {
        schema: {
          tags,
          security,
          summary: "New likes and comments on the member's predictions since their last visit",
          response: { 200: ActivityReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const activity = await notifications.visit(await requireMember(request));
        reply.header('cache-control', 'no-store');
        return activity;
      },
    );

    app.get(
      '/api/account/notifications',
      {
        schema: {
          tags,
          security,
          summary: "The member's notification settings",
          response: { 200: NotificationSettingsReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const settings = await notifications.settings(await requireMember(request));
        reply.header('cache-control', 'no-store');
        return settings;
      },
    );

    app.put(
      '/api/account/notifications',
      {
        schema: {
          tags,
          security,
          summary: 'Turns the daily email digest on or off',
          body: NotificationSettingsSchema,
          response: { 200: NotificationSettingsReplySchema, 400: ErrorReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request) => notifications.setDigest(await requireMember(request), request.body.digest),
    );

    app.post(
      '/api/digest/unsubscribe',
      {
        config: {
          rateLimit: { ...UNSUBSCRIBE_PER_IP, keyGenerator: (request) => `unsubscribe:${request.ip}` },
        },
        schema: {
          tags,
          summary: "The digest's unsubscribe link: a signed, expiring token; no session needed",
          querystring: UnsubscribeQuerySchema,
          body: UnsubscribeBodySchema,
          response: { 200: MessageReplySchema, 400: ErrorReplySchema, 429: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        await notifications.unsubscribeWithToken(request.body?.token ?? request.query.token);
        reply.header('cache-control', 'no-store');
        return { success: true as const, message: MSG.unsubscribed };
      },
    );
  };
