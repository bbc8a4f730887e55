import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EnhancedHotTopicsReplySchema, HotTopicsFallbackReplySchema } from '#shared/schemas/news.ts';
import type { Redis } from 'ioredis';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/connect.ts';
import { NEWS_JOB, newsRefreshJob } from '#server/jobs/news-refresh.ts';
import { createScheduler, loadCheckpoint } from '#server/jobs/scheduler.ts';
import { sendCachedJson } from '#server/plugins/cached-json.ts';
import type { HotReplies } from '#server/plugins/hot-replies.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import { createNewsService, NEWS, type NewsCheckpoint } from './news.service.ts';

export interface NewsRoutesDeps {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
  /** The app's reply cache (in-process, or Redis when configured). */
  cache: ReplyCache;
  /** Run the scheduled refresh in this process (the server does; tests do not). */
  jobs?: boolean;
  /** The HTTP server's micro-cache, which answers the cached reads while they hold a value. */
  hot?: HotReplies | undefined;
}

export const newsRoutes =
  ({ config, database, redis, jobs = false, cache, hot }: NewsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const news = createNewsService({
      db: database.db,
      cache,
      log: app.log,
      feeds: config.news.feeds,
      llm: config.llm.baseUrl
        ? { baseUrl: config.llm.baseUrl, apiKey: config.llm.apiKey, model: config.llm.model }
        : undefined,
      userAgent: `Futurecast/1 (+${config.publicUrl})`,
    });
    hot?.add('/api/enhanced-hot-topics', () => cache.peek(NEWS.cacheKeys.enhanced));
    hot?.add('/api/hot-topics', () => cache.peek(NEWS.cacheKeys.plain));
    const lastRefresh = async () =>
      (await loadCheckpoint<NewsCheckpoint>(database.db, NEWS_JOB))?.lastRunAt ?? null;

    if (jobs) {
      const scheduler = createScheduler({ db: database.db, redis, log: app.log });
      scheduler.add(newsRefreshJob(news, config.news.refreshMinutes));
      app.addHook('onReady', async () => scheduler.start());
      app.addHook('onClose', async () => scheduler.stop());
    }

    const tags = ['news'];
    app.get(
      '/api/enhanced-hot-topics',
      {
        schema: {
          tags,
          summary: 'AI News Analysis: clustered, summarised stories from the configured feeds',
          response: { 200: EnhancedHotTopicsReplySchema },
        },
      },
      async (request, reply) => sendCachedJson(request, reply, await news.enhancedJson(lastRefresh)),
    );
    app.get(
      '/api/hot-topics',
      {
        schema: {
          tags,
          summary: 'The same stories without their article lists (fallback)',
          response: { 200: HotTopicsFallbackReplySchema },
        },
      },
      async (request, reply) => sendCachedJson(request, reply, await news.plainJson()),
    );
  };
