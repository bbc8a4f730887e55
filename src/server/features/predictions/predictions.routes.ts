import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReplySchema } from '#shared/schemas/common.ts';
import {
  DailyActivityReplySchema,
  MemberStatsReplySchema,
  MyPredictionsReplySchema,
  PREDICTION_MESSAGES as MSG,
  PreviewReplySchema,
  ReliabilityReplySchema,
  SubmitPredictionBodySchema,
  SubmitPredictionReplySchema,
  SubmitStatsReplySchema,
  UsernameParamsSchema,
} from '#shared/schemas/predictions.ts';
import type { Database } from '#server/db/connect.ts';
import { lshResignJob } from './lsh-resign.job.ts';
import { rescoreJob } from './rescore.job.ts';
import type { Scheduler } from '#server/jobs/scheduler.ts';
import { requireMember } from '#server/plugins/auth.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import { previewPerMinute, submitPerDayLimiter, submitPerMinute } from './limits.ts';
import { createPredictionsService } from './predictions.service.ts';

const tags = ['predictions'];
const security = [{ bearer: [] }];
const memberErrors = { 401: ErrorReplySchema, 403: ErrorReplySchema };

export interface PredictionsRoutesDeps {
  database: Database;
  /** The app's reply cache: a new prediction that may rank invalidates the hot topics. */
  cache?: ReplyCache | undefined;
  /** The app's job scheduler, when this process runs jobs: the band re-signing and the re-scoring register with it. */
  scheduler?: Scheduler | undefined;
}

export const predictionsRoutes =
  ({ database, scheduler, cache }: PredictionsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const predictions = createPredictionsService({ db: database.db, cache });
    scheduler?.add(lshResignJob(database.db));
    scheduler?.add(rescoreJob(database.db));
    const perDay = submitPerDayLimiter(app);

    app.post(
      '/api/predictions',
      {
        config: submitPerMinute,
        // Before validation, so a guest hears 401 whatever they sent.
        preValidation: async (request, reply) => {
          await requireMember(request);
          await perDay(request, reply);
        },
        schema: {
          tags,
          security,
          summary: 'Publish a prediction: analysed, de-duplicated, then stored (or refused)',
          body: SubmitPredictionBodySchema,
          response: {
            201: SubmitPredictionReplySchema,
            400: ErrorReplySchema,
            ...memberErrors,
            409: ErrorReplySchema,
            429: ErrorReplySchema,
          },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        const { prediction, warning } = await predictions.submit(member, request.body);
        return reply.status(201).send(
          warning
            ? {
                success: true,
                message: warning.message,
                prediction: { ...prediction, flagged: true },
                details: { warning: warning.warning, suggestions: warning.suggestions },
              }
            : { success: true, message: MSG.published, prediction: { ...prediction, flagged: false } },
        );
      },
    );

    app.post(
      '/api/predictions/preview',
      {
        config: previewPerMinute,
        preValidation: async (request) => void (await requireMember(request)),
        schema: {
          tags,
          security,
          summary:
            'What publishing this text now would give (quality, reasons, flag, resolve-by): nothing is stored',
          body: SubmitPredictionBodySchema,
          response: {
            200: PreviewReplySchema,
            400: ErrorReplySchema,
            401: ErrorReplySchema,
            429: ErrorReplySchema,
          },
        },
      },
      async (request, reply) => {
        const result = await predictions.preview(await requireMember(request), request.body);
        reply.header('cache-control', 'no-store');
        return result;
      },
    );

    app.get(
      '/api/my-predictions',
      {
        schema: {
          tags,
          security,
          summary: "The signed-in member's predictions, newest first",
          response: { 200: MyPredictionsReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const list = await predictions.mine(await requireMember(request));
        reply.header('cache-control', 'no-store');
        return { success: true as const, total: list.length, predictions: list };
      },
    );

    app.get(
      '/api/auth/stats',
      {
        schema: {
          tags,
          security,
          summary: "The signed-in member's dashboard figures",
          response: { 200: MemberStatsReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const stats = await predictions.stats(await requireMember(request));
        reply.header('cache-control', 'no-store');
        return stats;
      },
    );

    app.get(
      '/api/user/:username/reliability',
      {
        schema: {
          tags,
          security,
          summary: "A member's reliability; only the member may ask",
          params: UsernameParamsSchema,
          response: { 200: ReliabilityReplySchema, ...memberErrors },
        },
      },
      async (request, reply) => {
        const result = await predictions.reliability(await requireMember(request), request.params.username);
        reply.header('cache-control', 'no-store');
        return result;
      },
    );

    app.get(
      '/api/debug/daily-activity/:username',
      {
        schema: {
          tags,
          security,
          summary: "A member's predictions per UTC day, last 30 days; only the member may ask",
          params: UsernameParamsSchema,
          response: { 200: DailyActivityReplySchema, ...memberErrors },
        },
      },
      async (request, reply) => {
        const result = await predictions.dailyActivity(await requireMember(request), request.params.username);
        reply.header('cache-control', 'no-store');
        return result;
      },
    );

    app.get(
      '/api/stats/submit',
      {
        schema: {
          tags,
          summary: 'Predictions and new members in the last 7 days (submit screen counters)',
          response: { 200: SubmitStatsReplySchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return predictions.submitStats();
      },
    );
  };
