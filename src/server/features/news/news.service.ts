import type { EnhancedHotTopicsReply, HotTopicsFallbackReply } from '#shared/schemas/news.ts';
import type { Db } from '#server/db/database.ts';
import { nowIso } from '#server/db/dialect.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import { clusterArticles, idfOf, type StoryArticle, summarise, trendOf } from './cluster.ts';
import { type FeedArticle, type FeedValidators, fetchFeed } from './feeds.ts';
import { type LlmConfig, llmSummary } from './llm.ts';
import {
  hasRealStories,
  knownArticleHashes,
  listStories,
  newsMetrics,
  pruneStories,
  recentClusters,
  saveStory,
  updateTrend,
} from './news.repository.ts';

export const NEWS = {
  /** Stories on the home page. */
  shown: 12,
  /** Articles older than this are not news any more. */
  maxArticleAgeMs: 72 * 3_600_000,
  /** Stories kept (and clustered into) for this long after their last article. */
  keepMs: 14 * 86_400_000,
  clusterWindowMs: 48 * 3_600_000,
  feedConcurrency: 4,
  cacheKeys: { enhanced: 'news:enhanced', plain: 'news:plain' },
  cacheTtlMs: 60_000,
} as const;

interface FeedState extends FeedValidators {
  lastFetchedAt?: string;
  lastSuccessAt?: string;
  lastError?: string | null;
  articles?: number;
}

export interface NewsCheckpoint {
  lastRunAt: string;
  feeds: Record<string, FeedState>;
  lastResult?: RefreshResult;
}

interface RefreshResult {
  feeds: number;
  failedFeeds: number;
  newArticles: number;
  storiesWritten: number;
  pruned: number;
}

interface NewsLog {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

export interface NewsServiceDeps {
  db: Db;
  cache: ReplyCache;
  log: NewsLog;
  feeds: readonly string[];
  llm?: LlmConfig | undefined;
  userAgent?: string;
  /** Fetch feeds from loopback and private addresses too (NEWS_ALLOW_PRIVATE_HOSTS; tests). */
  allowPrivateHosts?: boolean;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}

const normTitle = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export function createNewsService(deps: NewsServiceDeps) {
  const { db, cache, log } = deps;

  /** One refresh: fetch every feed (failures logged and skipped), cluster, summarise, store. */
  async function refresh(previous: NewsCheckpoint | null, now = Date.now()): Promise<NewsCheckpoint> {
    const feedStates: Record<string, FeedState> = { ...(previous?.feeds ?? {}) };
    let failedFeeds = 0;
    const fetched = await mapLimit(deps.feeds, NEWS.feedConcurrency, async (url): Promise<FeedArticle[]> => {
      const state: FeedState = { ...(feedStates[url] ?? {}), lastFetchedAt: new Date(now).toISOString() };
      feedStates[url] = state;
      try {
        const result = await fetchFeed(url, state, {
          userAgent: deps.userAgent ?? 'Futurecast news refresh',
          now,
          allowPrivateHosts: deps.allowPrivateHosts ?? false,
        });
        state.lastError = null;
        state.lastSuccessAt = state.lastFetchedAt;
        if (result.status === 'not-modified') {
          state.articles = 0;
          return [];
        }
        state.etag = result.validators.etag;
        state.lastModified = result.validators.lastModified;
        state.articles = result.articles.length;
        return result.articles;
      } catch (err) {
        failedFeeds++;
        state.lastError = err instanceof Error ? err.message : String(err);
        log.warn({ feed: url, err: state.lastError }, 'news feed failed; skipped');
        return [];
      }
    });

    // De-duplicate: one article per canonical URL, one per identical headline, nothing stale.
    const byHash = new Map<string, FeedArticle>();
    const titles = new Set<string>();
    for (const a of fetched.flat()) {
      if (now - Date.parse(a.publishedAt) > NEWS.maxArticleAgeMs) continue;
      const t = normTitle(a.title);
      if (byHash.has(a.urlHash) || titles.has(t)) continue;
      byHash.set(a.urlHash, a);
      titles.add(t);
    }
    const known = await knownArticleHashes(db, [...byHash.keys()]);
    const incoming: StoryArticle[] = [...byHash.values()].filter((a) => !known.has(a.urlHash));

    const existing = await recentClusters(db, new Date(now - NEWS.clusterWindowMs).toISOString());
    // Headlines already stored are duplicates too, whatever their URL.
    const storedTitles = new Set(existing.flatMap((c) => c.articles.map((a) => normTitle(a.title))));
    const fresh = incoming.filter((a) => !storedTitles.has(normTitle(a.title)));
    const idf = idfOf([...existing.flatMap((c) => c.articles), ...fresh]);
    const clusters = clusterArticles(existing, fresh, idf);
    const storedHashes = new Set(existing.flatMap((c) => c.articles.map((a) => a.urlHash)));

    const writes = await Promise.all(
      clusters
        .filter((c) => c.touched)
        .map(async (c) => {
          let summary = summarise(c.articles, idf);
          if (deps.llm) {
            try {
              summary = await llmSummary(deps.llm, c.articles, summary);
            } catch (err) {
              log.warn(
                { err: err instanceof Error ? err.message : String(err) },
                'LLM summary failed; kept the local one',
              );
            }
          }
          return { cluster: c, summary };
        }),
    );

    let storiesWritten = 0;
    await db.transaction().execute(async (trx) => {
      for (const { cluster, summary } of writes) {
        const trend = trendOf(cluster.articles, now);
        await saveStory(
          trx,
          { cluster, summary, trend, type: trend === 'breaking' ? 'breaking' : 'news' },
          storedHashes,
        );
        storiesWritten++;
      }
      // Trends move with time even for stories that gained nothing.
      for (const c of clusters) {
        if (c.touched || c.storyId === undefined) continue;
        const trend = trendOf(c.articles, now);
        await updateTrend(trx, c.storyId, trend, trend === 'breaking' ? 'breaking' : 'news');
      }
    });
    const pruned = await pruneStories(db, new Date(now - NEWS.keepMs).toISOString());
    await invalidate();
    const lastResult: RefreshResult = {
      feeds: deps.feeds.length,
      failedFeeds,
      newArticles: fresh.length,
      storiesWritten,
      pruned,
    };
    log.info(lastResult, 'news refreshed');
    return { lastRunAt: new Date(now).toISOString(), feeds: feedStates, lastResult };
  }

  async function invalidate() {
    await cache.invalidate(NEWS.cacheKeys.enhanced, NEWS.cacheKeys.plain);
  }

  async function enhancedJson(lastRefresh: () => Promise<string | null>): Promise<string> {
    const { value } = await cache.getOrBuild(NEWS.cacheKeys.enhanced, NEWS.cacheTtlMs, async () => {
      const demo = !(await hasRealStories(db));
      const [topics, metrics, last] = await Promise.all([
        listStories(db, demo, NEWS.shown, true),
        newsMetrics(db, demo),
        lastRefresh(),
      ]);
      const reply: EnhancedHotTopicsReply = {
        success: true,
        topics,
        timestamp: nowIso(),
        newsMetrics: { ...metrics, lastRefresh: last },
        enhanced: true,
      };
      return JSON.stringify(reply);
    });
    return value;
  }

  async function plainJson(): Promise<string> {
    const { value } = await cache.getOrBuild(NEWS.cacheKeys.plain, NEWS.cacheTtlMs, async () => {
      const demo = !(await hasRealStories(db));
      const reply: HotTopicsFallbackReply = {
        success: true,
        topics: await listStories(db, demo, NEWS.shown, false),
        timestamp: nowIso(),
        enhanced: false,
      };
      return JSON.stringify(reply);
    });
    return value;
  }

  return { refresh, enhancedJson, plainJson, invalidate };
}

export type NewsService = ReturnType<typeof createNewsService>;
