import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DELETION_MESSAGES,
  DeleteAccountBodySchema,
  MessageReplySchema,
} from '#shared/schemas/accounts.ts';
import { ErrorReplySchema } from '#shared/schemas/common.ts';
import { PredictionIdParamsSchema } from '#shared/schemas/community.ts';
import {
  CommentIdParamsSchema,
  CommentsPageQuerySchema,
  CommentsPageReplySchema,
  DeleteReplySchema,
  ExploreListReplySchema,
  ExploreQuerySchema,
  PredictionDetailReplySchema,
  PublicProfileReplySchema,
} from '#shared/schemas/explore.ts';
import { UsernameParamsSchema } from '#shared/schemas/predictions.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import type { Database } from '#server/db/connect.ts';
import { ACCOUNT_LIMITS, keyedLimiter } from '#server/features/accounts/limits.ts';
import { optionalMember, requireMember } from '#server/plugins/auth.ts';
import { sendCachedJson } from '#server/plugins/cached-json.ts';
import type { HotReplies } from '#server/plugins/hot-replies.ts';
import { createAccountDeletionService } from './account-deletion.service.ts';
import { createExplorePages } from './explore-cache.ts';
import { createExploreService, type ExploreService } from './explore.service.ts';
import type { SearchBudget } from './search.repository.ts';

export interface ExploreRoutesDeps {
  database: Database;
  /** The app's reply cache: holds the explore version that every relevant write invalidates. */
  cache: ReplyCache;
  /** A reply cache of the explore pages' own (keyed under the version). */
  pages: ReplyCache;
  /** The HTTP server's micro-cache, which answers guests' cached pages itself. */
  hot?: Pick<HotReplies, 'addMatching'> | undefined;
  /** Replaces the search's per-request work bounds (tests). */
  searchBudget?: SearchBudget | undefined;
  /** Receives the service, for the link previews of the SPA's HTML (app.ts). */
  onService?: (service: ExploreService) => void;
}

/** The explore reads a guest's reply may be cached for: list, one prediction, comments, profiles. */
const CACHED_READS = /^\/api\/(?:predictions(?:\/\d+(?:\/comments)?)?|users\/[^/?]+)(?:\?|$)/;

const wantsFresh = (headers: { 'cache-control'?: string | undefined }) =>
  /no-cache|no-store/i.test(headers['cache-control'] ?? '');

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 404: ErrorReplySchema, 429: ErrorReplySchema };

export const exploreRoutes =
  ({ database, cache, pages, hot, searchBudget, onService }: ExploreRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const explore = createExploreService({
      db: database.db,
      cache,
      ...(searchBudget ? { searchBudget } : {}),
    });
    onService?.(explore);
    const accountDeletion = createAccountDeletionService({ db: database.db, cache });
    const cachedPages = createExplorePages(cache, pages);
    const deletionsPerMember = keyedLimiter(app, 'account-delete', ACCOUNT_LIMITS.accountChangePerMember);
    const tags = ['explore'];
    const security = [{ bearer: [] }];

    // Guests' cached pages, answered by the HTTP server while they hold (plugins/hot-replies.ts).
    hot?.addMatching(
      'explore',
      (url) => CACHED_READS.test(url),
      (req) =>
        req.headers.authorization || wantsFresh(req.headers) ? undefined : cachedPages.peek(req.url ?? ''),
      { 'cache-control': 'no-cache', 'x-explore-cache': 'hit' },
    );

    /**
     * Sends a read. Public, shared ones go through the page cache (per URL, under the explore
     * version; `Cache-Control: no-cache` asks for a fresh one). A browser revalidates every time
     * (no-cache): its own copy could not be invalidated. A request with a token gets no-store.
     */
    async function send(
      request: FastifyRequest,
      reply: FastifyReply,
      build: () => Promise<unknown>,
      shared: boolean,
    ): Promise<FastifyReply> {
      reply.header('cache-control', request.headers.authorization ? 'no-store' : 'no-cache');
      const json = async () => JSON.stringify(await build());
      if (!shared) return sendCachedJson(request, reply, await json());
      const page = await cachedPages.get(request.url, json, wantsFresh(request.headers));
      reply.header('x-explore-cache', page.cached ? 'hit' : 'miss');
      return sendCachedJson(request, reply, page.json);
    }

    app.get(
      '/api/predictions',
      {
        schema: {
          tags,
          summary:
            'Public predictions: newest, hottest or most liked first, or found by q (most relevant first)',
          querystring: ExploreQuerySchema,
          response: { 200: ExploreListReplySchema, 400: ErrorReplySchema },
        },
      },
      async (request, reply) =>
        send(
          request,
          reply,
          () => explore.list(request.query),
          request.query.q === undefined && request.query.cursor === undefined,
        ),
    );

    app.get(
      '/api/predictions/:id',
      {
        schema: {
          tags,
          summary: 'One prediction with its analysis; the owner also sees a private or flagged one',
          params: PredictionIdParamsSchema,
          response: { 200: PredictionDetailReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const member = await optionalMember(request);
        // A member may own it: their reply is their own, never shared.
        return send(request, reply, () => explore.detail(member, request.params.id), member === null);
      },
    );

    app.get(
      '/api/predictions/:id/comments',
      {
        schema: {
          tags,
          summary: 'Comments, the latest page first (oldest to newest within a page); nextCursor leads back',
          params: PredictionIdParamsSchema,
          querystring: CommentsPageQuerySchema,
          response: { 200: CommentsPageReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        send(
          request,
          reply,
          () => explore.comments(request.params.id, request.query),
          request.query.cursor === undefined,
        ),
    );

    app.get(
      '/api/users/:username',
      {
        schema: {
          tags,
          summary: "A member's public profile (never the email)",
          params: UsernameParamsSchema,
          response: { 200: PublicProfileReplySchema, ...errors },
        },
      },
      async (request, reply) => send(request, reply, () => explore.profile(request.params.username), true),
    );

    app.delete(
      '/api/predictions/:id',
      {
        // Before validation, so a guest hears 401 whatever they sent.
        preValidation: async (request) => void (await requireMember(request)),
        schema: {
          tags,
          security,
          summary: 'Deletes one of your predictions with its votes, comments and figures',
          params: PredictionIdParamsSchema,
          response: { 200: DeleteReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        reply.header('cache-control', 'no-store');
        return explore.removePrediction(member, request.params.id);
      },
    );

    app.delete(
      '/api/predictions/:id/comments/:commentId',
      {
        preValidation: async (request) => void (await requireMember(request)),
        schema: {
          tags,
          security,
          summary: 'Deletes one of your comments',
          params: CommentIdParamsSchema,
          response: { 200: DeleteReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        reply.header('cache-control', 'no-store');
        return explore.removeComment(member, request.params.id, request.params.commentId);
      },
    );

    app.delete(
      '/api/account',
      {
        preValidation: async (request) => void (await requireMember(request)),
        schema: {
          tags: ['accounts'],
          security,
          summary: 'Deletes your account and everything in it; needs your username (and password, if set)',
          body: DeleteAccountBodySchema,
          response: { 200: MessageReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        reply.header('cache-control', 'no-store');
        await deletionsPerMember(request, reply, `member:${member.id}`);
        await accountDeletion.deleteAccount(member, request.body);
        return { success: true as const, message: ACCOUNT_DELETION_MESSAGES.deleted };
      },
    );
  };
