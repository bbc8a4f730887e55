import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EnhancedHotTopicsReplySchema, HotTopicsFallbackReplySchema } from '#shared/schemas/news.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/connect.ts';
import { loadCheckpoint } from '#server/jobs/job-state.repository.ts';
import type { Scheduler } from '#server/jobs/scheduler.ts';
import { NEWS_JOB, newsRefreshJob } from './news-refresh.job.ts';
import { sendCachedJson } from '#server/plugins/cached-json.ts';
import type { HotReplies } from '#server/plugins/hot-replies.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import { createNewsService, NEWS, type NewsCheckpoint } from './news.service.ts';

export interface NewsRoutesDeps {
  config: Config;
  database: Database;
  /** The app's reply cache (in-process, or Redis when configured). */
  cache: ReplyCache;
  /** The app's job scheduler, when this process runs jobs: the news refresh registers with it. */
  scheduler?: Scheduler | undefined;
  /** The HTTP server's micro-cache, which answers the cached reads while they hold a value. */
  hot?: HotReplies | undefined;
}

export const newsRoutes =
  ({ config, database, scheduler, cache, hot }: NewsRoutesDeps): FastifyPluginAsyncZod =>
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
      allowPrivateHosts: config.news.allowPrivateHosts,
    });
    hot?.add('/api/enhanced-hot-topics', () => cache.peek(NEWS.cacheKeys.enhanced));
    hot?.add('/api/hot-topics', () => cache.peek(NEWS.cacheKeys.plain));
    const lastRefresh = async () =>
      (await loadCheckpoint<NewsCheckpoint>(database.db, NEWS_JOB))?.lastRunAt ?? null;

    scheduler?.add(newsRefreshJob(news, config.news.refreshMinutes));

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
