import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import type { z } from 'zod';
import {
  AnalyticsDashboardReplySchema,
  type AnalyticsQuery,
  AnalyticsQuerySchema,
  CategoryActivityReplySchema,
  CommunityHealthReplySchema,
  MomentumReplySchema,
  QualityVsLengthReplySchema,
  TimingReplySchema,
} from '#shared/schemas/analytics.ts';
import { ErrorReplySchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/connect.ts';
import { sendCachedJson } from '#server/plugins/cached-json.ts';
import type { HotReplies } from '#server/plugins/hot-replies.ts';
import { rollupSource } from './analytics.repository.ts';
import { type AnalyticsService, createAnalyticsService } from './analytics.service.ts';

export interface AnalyticsRoutesDeps {
  database: Database;
  cache: ReplyCache;
  /** The HTTP server's micro-cache: answers the default-filter calls while their reply is cached. */
  hot?: Pick<HotReplies, 'add'> | undefined;
  /** Replaces the clock (tests). */
  now?: () => number;
}

/** How long a computed reply is served again; public figures may be this stale. */
const ANALYTICS_CACHE_MS = 30_000;

type Call = keyof AnalyticsService;

const CALLS: { path: string; call: Call; summary: string; reply: z.ZodType }[] = [
  {
    path: '/api/analytics-dashboard',
    call: 'dashboard',
    summary: 'Totals, category and member distributions, weekly pattern and daily timeline',
    reply: AnalyticsDashboardReplySchema,
  },
  {
    path: '/api/analytics/category-activity',
    call: 'categoryActivity',
    summary: "The category's share of the window's predictions (or the most active category)",
    reply: CategoryActivityReplySchema,
  },
  {
    path: '/api/analytics/momentum',
    call: 'momentum',
    summary: 'The window against the one before it',
    reply: MomentumReplySchema,
  },
  {
    path: '/api/analytics/timing',
    call: 'timing',
    summary: 'Peak UTC hour and weekday, part of day, weekday share',
    reply: TimingReplySchema,
  },
  {
    path: '/api/analytics/community-quality-health',
    call: 'communityHealth',
    summary: 'Quality tiers and the mean quality score',
    reply: CommunityHealthReplySchema,
  },
  {
    path: '/api/analytics/quality-vs-length',
    call: 'qualityVsLength',
    summary: 'The latest scored predictions as (length, score) points with Pearson r',
    reply: QualityVsLengthReplySchema,
  },
];

/**
 * Public analytics (SPEC.md §7). Figures come from the rollups; a reply is kept for
 * ANALYTICS_CACHE_MS, keyed by call, filters and UTC day. A request carrying
 * `Cache-Control: no-cache` is computed afresh (and refreshes the cache), as HTTP intends.
 */
export const analyticsRoutes =
  ({ database, cache, hot, now = Date.now }: AnalyticsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAnalyticsService({ source: rollupSource(database.db), now });
    const keyOf = (call: Call, query: AnalyticsQuery) =>
      `analytics:${call}:${query.timeframe}:${query.category}:${new Date(now()).toISOString().slice(0, 10)}`;
    const wantsFresh = (headers: { 'cache-control'?: string | undefined }) =>
      /no-cache|no-store/i.test(headers['cache-control'] ?? '');
    const cacheControl = `public, max-age=${ANALYTICS_CACHE_MS / 1000}`;

    async function answer(call: Call, query: AnalyticsQuery, request: FastifyRequest, reply: FastifyReply) {
      const { value: json, cached } = await cache.getOrBuild(
        keyOf(call, query),
        ANALYTICS_CACHE_MS,
        async () => JSON.stringify(await service[call](query)),
        { fresh: wantsFresh(request.headers) },
      );
      reply.header('x-analytics-cache', cached ? 'hit' : 'miss');
      // Already serialised (and shaped by the schema-typed service): sent as it is.
      reply.header('cache-control', cacheControl);
      return sendCachedJson(request, reply, json);
    }

    // Without a query string a call asks for the default filters: the same key the route reads.
    const defaults = AnalyticsQuerySchema.parse({});
    for (const { path, call, summary, reply: replySchema } of CALLS) {
      hot?.add(path, (req) => (wantsFresh(req.headers) ? undefined : cache.peek(keyOf(call, defaults))), {
        'x-analytics-cache': 'hit',
        'cache-control': cacheControl,
      });
      app.get(
        path,
        {
          schema: {
            tags: ['analytics'],
            summary,
            querystring: AnalyticsQuerySchema,
            response: { 200: replySchema, 400: ErrorReplySchema },
          },
        },
        (request, reply) => answer(call, request.query, request, reply),
      );
    }
  };
