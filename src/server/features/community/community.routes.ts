import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FEEDBACK_MESSAGES } from '#shared/rules/community-messages.ts';
import { ErrorReplySchema } from '#shared/schemas/common.ts';
import {
  COMMUNITY_MESSAGES as MSG,
  CommentBodySchema,
  CommentPostReplySchema,
  FaqFeedbackBodySchema,
  FaqFeedbackReplySchema,
  HotTopicsReplySchema,
  InteractionsBodySchema,
  InteractionsReplySchema,
  PredictionIdParamsSchema,
  VoteReplySchema,
} from '#shared/schemas/community.ts';
import { HomepageStatsSchema } from '#shared/schemas/home.ts';
import type { Database } from '#server/db/connect.ts';
import { optionalMember, requireMember } from '#server/plugins/auth.ts';
import { sendCachedJson } from '#server/plugins/cached-json.ts';
import type { HotReplies } from '#server/plugins/hot-replies.ts';
import { memberOrIpKey, sharedLimit } from '#server/plugins/rate-limit.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import { HOT_TOPICS } from '#shared/rules/hot-topics.ts';
import { createCommunityService } from './community.service.ts';
import { createStatsService, HOME_STATS } from './stats.service.ts';

export interface CommunityRoutesDeps {
  database: Database;
  /** The app's reply cache (in-process, or Redis when configured). */
  cache: ReplyCache;
  /** The HTTP server's micro-cache, which answers the cached reads while they hold a value. */
  hot?: HotReplies | undefined;
}

const MINUTE = 60_000;

/** Per-member limits (per IP for guests); docs/decisions/008-community-and-hot-topics.md. */
const COMMUNITY_LIMITS = {
  /** A toggle every second, sustained: far beyond a person, well below a script. */
  votes: { max: 60, timeWindow: MINUTE },
  comments: { max: 10, timeWindow: MINUTE },
  interactions: { max: 60, timeWindow: MINUTE },
  faqFeedback: { max: 10, timeWindow: 10 * MINUTE },
} as const;

const limit = (name: string, l: { max: number; timeWindow: number }) => ({
  rateLimit: {
    ...l,
    keyGenerator: (request: Parameters<typeof memberOrIpKey>[0]) => `${name}:${memberOrIpKey(request)}`,
  },
});

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 404: ErrorReplySchema, 429: ErrorReplySchema };

export const communityRoutes =
  ({ database, cache, hot }: CommunityRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const community = createCommunityService({ db: database.db, dialect: database.dialect, cache });
    const stats = createStatsService({ db: database.db, cache });
    hot?.add('/api/hot-topics/ai', () => cache.peek(HOT_TOPICS.cacheKey));
    hot?.add('/api/stats/homepage', () => cache.peek(HOME_STATS.cacheKey));
    const tags = ['community'];
    // Like and dislike share one bucket: one vote limit per member, whatever the direction.
    const voteLimit = sharedLimit(app, 'vote', COMMUNITY_LIMITS.votes);

    app.get(
      '/api/hot-topics/ai',
      {
        schema: {
          tags,
          summary: 'Community predictions ranked by stored hot score, quality-filtered',
          response: { 200: HotTopicsReplySchema },
        },
      },
      async (request, reply) => sendCachedJson(request, reply, await community.hotTopicsJson()),
    );

    app.post(
      '/api/predictions/:id/like',
      {
        onRequest: voteLimit,
        schema: { tags, params: PredictionIdParamsSchema, response: { 200: VoteReplySchema, ...errors } },
      },
      async (request) => community.vote(await requireMember(request), request.params.id, 1),
    );

    app.post(
      '/api/predictions/:id/dislike',
      {
        onRequest: voteLimit,
        schema: { tags, params: PredictionIdParamsSchema, response: { 200: VoteReplySchema, ...errors } },
      },
      async (request) => community.vote(await requireMember(request), request.params.id, -1),
    );

    app.post(
      '/api/predictions/:id/comments',
      {
        config: limit('comment', COMMUNITY_LIMITS.comments),
        schema: {
          tags,
          params: PredictionIdParamsSchema,
          body: CommentBodySchema,
          response: { 201: CommentPostReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        const result = await community.addComment(member, request.params.id, request.body.comment);
        return reply.status(201).send({ success: true, message: MSG.commentAdded, ...result });
      },
    );

    app.post(
      '/api/predictions/interactions',
      {
        config: limit('interactions', COMMUNITY_LIMITS.interactions),
        schema: { tags, body: InteractionsBodySchema, response: { 200: InteractionsReplySchema, ...errors } },
      },
      async (request) => community.interactions(await requireMember(request), request.body.predictionIds),
    );

    app.get(
      '/api/stats/homepage',
      { schema: { tags, summary: 'Live homepage figures', response: { 200: HomepageStatsSchema } } },
      async (request, reply) => sendCachedJson(request, reply, await stats.homepageJson()),
    );

    app.post(
      '/api/faq-feedback',
      {
        config: limit('faq', COMMUNITY_LIMITS.faqFeedback),
        schema: { tags, body: FaqFeedbackBodySchema, response: { 201: FaqFeedbackReplySchema, ...errors } },
      },
      async (request, reply) => {
        const id = await community.faqFeedback(request.body, await optionalMember(request));
        return reply.status(201).send({ success: true, message: FEEDBACK_MESSAGES.feedbackThanks, id });
      },
    );
  };
