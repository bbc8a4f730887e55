import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HOT_TOPICS } from '#shared/rules/hot-topics.ts';
import { MessageReplySchema } from '#shared/schemas/accounts.ts';
import { ErrorReplySchema } from '#shared/schemas/common.ts';
import {
  CommunityResolutionReplySchema,
  LeaderboardReplySchema,
  MyTrackRecordReplySchema,
  OptOutBodySchema,
  OptOutQuerySchema,
  PredictionIdParamsSchema,
  RESOLUTION_LIMITS,
  RESOLUTION_MESSAGES as MSG,
  ReminderSettingsReplySchema,
  ReminderSettingsSchema,
  ResolveBodySchema,
  ResolveReplySchema,
  VoteBodySchema,
  VoteReplySchema,
} from '#shared/schemas/resolution.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/connect.ts';
import type { Scheduler } from '#server/jobs/scheduler.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { sendCachedJson } from '#server/plugins/cached-json.ts';
import type { HotReplies } from '#server/plugins/hot-replies.ts';
import { memberOrIpKey } from '#server/plugins/rate-limit.ts';
import { requireMember } from '#server/plugins/auth.ts';
import { reminderJob } from './reminder.job.ts';
import { createResolutionService } from './resolution.service.ts';
import { EXPLORE_VERSION_KEY } from '#server/features/explore/explore-cache.ts';
import { RESOLUTION_PUBLIC, TRACK_RECORD_KEYS } from './resolution-cache.ts';

export interface ResolutionRoutesDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** The app's reply cache: the public leaderboard and community figures, dropped on each write. */
  cache: ReplyCache;
  /** The HTTP server's micro-cache: answers the public figures while their reply is cached. */
  hot?: Pick<HotReplies, 'add'> | undefined;
  /** The app's job scheduler, when this process runs jobs: the reminders register with it. */
  scheduler?: Scheduler | undefined;
  now?: () => Date;
}

/** The public replies, serialised once and shared until a resolution, vote or due date changes them. */
const PUBLIC = RESOLUTION_PUBLIC;
const PUBLIC_TTL_MS = 30_000;
const publicCacheControl = `public, max-age=${PUBLIC_TTL_MS / 1000}`;

const tags = ['resolution'];
const security = [{ bearer: [] }];
const MINUTE = 60_000;
/** Resolving and voting are a few clicks a minute for a person. */
const writesPerMember = (name: string) => ({
  rateLimit: {
    max: 30,
    timeWindow: MINUTE,
    keyGenerator: (r: Parameters<typeof memberOrIpKey>[0]) => `${name}:${memberOrIpKey(r)}`,
  },
});
/** The opt-out link is public: the same per-IP budget as the other mailed links (decision 004). */
const OPT_OUT_PER_IP = { max: 25, timeWindow: 5 * MINUTE };
const memberErrors = { 401: ErrorReplySchema, 403: ErrorReplySchema, 404: ErrorReplySchema };

export const resolutionRoutes =
  ({ config, database, mailer, cache, hot, scheduler, now }: ResolutionRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const secret = config.sessionSecret;
    // The explore pages and the hot topics show each prediction's resolution too.
    const onRecordsChanged = () =>
      cache.invalidate(...TRACK_RECORD_KEYS, EXPLORE_VERSION_KEY, HOT_TOPICS.cacheKey);
    const service = createResolutionService({
      db: database.db,
      secret,
      onRecordsChanged,
      ...(now ? { now } : {}),
    });
    scheduler?.add(
      reminderJob({
        db: database.db,
        mailer,
        publicUrl: config.publicUrl,
        secret,
        log: app.log,
        onRecordsChanged,
      }),
    );
    for (const { key, path } of Object.values(PUBLIC))
      hot?.add(path, () => cache.peek(key), { 'cache-control': publicCacheControl });
    // RFC 8058's one-click opt-out posts a form body; only this plugin's routes accept one.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // Before validation, so a guest hears 401 whatever they sent.
    const memberFirst = {
      preValidation: async (request: Parameters<typeof requireMember>[0]) =>
        void (await requireMember(request)),
    };

    app.post(
      '/api/predictions/:id/resolution',
      {
        config: writesPerMember('resolve'),
        ...memberFirst,
        schema: {
          tags,
          security,
          summary: 'The author resolves their prediction (yes, no, ambiguous); changeable for 24 hours',
          params: PredictionIdParamsSchema,
          body: ResolveBodySchema,
          response: {
            200: ResolveReplySchema,
            400: ErrorReplySchema,
            ...memberErrors,
            409: ErrorReplySchema,
            429: ErrorReplySchema,
          },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        reply.header('cache-control', 'no-store');
        return service.resolve(member, request.params.id, request.body);
      },
    );

    app.post(
      '/api/predictions/:id/resolution/vote',
      {
        config: writesPerMember('resolution-vote'),
        ...memberFirst,
        schema: {
          tags,
          security,
          summary: "Another member agrees or disagrees with a prediction's resolution",
          params: PredictionIdParamsSchema,
          body: VoteBodySchema,
          response: {
            200: VoteReplySchema,
            400: ErrorReplySchema,
            ...memberErrors,
            409: ErrorReplySchema,
            429: ErrorReplySchema,
          },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        reply.header('cache-control', 'no-store');
        return service.vote(member, request.params.id, request.body.agree);
      },
    );

    app.get(
      '/api/my-track-record',
      {
        schema: {
          tags,
          security,
          summary: "The signed-in member's track record, private predictions included",
          response: { 200: MyTrackRecordReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const result = await service.myTrackRecord(await requireMember(request));
        reply.header('cache-control', 'no-store');
        return result;
      },
    );

    /** A public figure's reply: serialised once and shared until a resolution, vote or due date changes it. */
    const sendPublicFigure =
      (entry: { key: string }, build: () => Promise<unknown>) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { value } = await cache.getOrBuild(entry.key, PUBLIC_TTL_MS, async () =>
          JSON.stringify(await build()),
        );
        reply.header('cache-control', publicCacheControl);
        return sendCachedJson(request, reply, value);
      };
    app.get(
      '/api/leaderboard',
      {
        schema: {
          tags,
          summary: `Members with ${RESOLUTION_LIMITS.leaderboardMinScored}+ scored public resolutions, by Brier score (lower is better)`,
          response: { 200: LeaderboardReplySchema },
        },
      },
      sendPublicFigure(PUBLIC.leaderboard, () => service.leaderboard()),
    );
    app.get(
      '/api/analytics/resolution',
      {
        schema: {
          tags,
          summary: "The community's resolved public predictions: counts, Brier score and calibration",
          response: { 200: CommunityResolutionReplySchema },
        },
      },
      sendPublicFigure(PUBLIC.community, () => service.communityResolution()),
    );

    app.get(
      '/api/account/resolution-reminders',
      {
        schema: {
          tags,
          security,
          summary: 'Whether the member gets a mail when a prediction falls due',
          response: { 200: ReminderSettingsReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const result = await service.reminderSettings(await requireMember(request));
        reply.header('cache-control', 'no-store');
        return result;
      },
    );

    app.put(
      '/api/account/resolution-reminders',
      {
        ...memberFirst,
        schema: {
          tags,
          security,
          summary: 'Turns resolution reminder mails on or off',
          body: ReminderSettingsSchema,
          response: { 200: ReminderSettingsReplySchema, 400: ErrorReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request) => service.setReminders(await requireMember(request), request.body.reminders),
    );

    app.post(
      '/api/resolution-reminders/opt-out',
      {
        config: {
          rateLimit: { ...OPT_OUT_PER_IP, keyGenerator: (request) => `reminder-opt-out:${request.ip}` },
        },
        schema: {
          tags,
          summary: "The reminder mail's opt-out link: a signed, expiring token; no session needed",
          querystring: OptOutQuerySchema,
          body: OptOutBodySchema,
          response: { 200: MessageReplySchema, 400: ErrorReplySchema, 429: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        await service.optOutWithToken(request.body?.token ?? request.query.token);
        reply.header('cache-control', 'no-store');
        return { success: true as const, message: MSG.optedOut };
      },
    );
  };
