import type { NewsTopic } from '#shared/schemas/news.ts';
import type { Db } from '#server/db/database.ts';
import { flag, jsonText, nowIso, parseJson } from '#server/db/dialect.ts';
import type { Cluster, StoryArticle, StorySummary } from './cluster.ts';

// All news SQL (STYLE.md rule 2). news_articles.url_hash is unique (de-duplication);
// news_stories.published_at is indexed for the newest-first list.

/** Which of these article hashes are already stored. */
export async function knownArticleHashes(db: Db, hashes: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db
      .selectFrom('news_articles')
      .select('url_hash')
      .where('url_hash', 'in', hashes.slice(i, i + 500))
      .execute();
    for (const r of rows) known.add(r.url_hash);
  }
  return known;
}

/** Real stories updated since `sinceIso`, with their articles, as clusters to extend. */
export async function recentClusters(db: Db, sinceIso: string): Promise<Cluster[]> {
  const stories = await db
    .selectFrom('news_stories')
    .select(['id', 'story_key'])
    .where('is_demo', '=', 0)
    .where('published_at', '>=', sinceIso)
    .execute();
  if (stories.length === 0) return [];
  const articles = await db
    .selectFrom('news_articles')
    .select(['story_id', 'url_hash', 'url', 'title', 'description', 'source', 'published_at'])
    .where(
      'story_id',
      'in',
      stories.map((s) => s.id),
    )
    .orderBy('published_at')
    .execute();
  const byStory = new Map<number, StoryArticle[]>();
  for (const a of articles) {
    const list = byStory.get(a.story_id) ?? [];
    list.push({
      urlHash: a.url_hash,
      url: a.url,
      title: a.title,
      description: a.description ?? '',
      source: a.source,
      publishedAt: a.published_at,
    });
    byStory.set(a.story_id, list);
  }
  return stories
    .filter((s) => byStory.has(s.id))
    .map((s) => ({
      storyId: s.id,
      storyKey: s.story_key,
      articles: byStory.get(s.id) ?? [],
      touched: false,
    }));
}

export interface StoryWrite {
  cluster: Cluster;
  summary: StorySummary;
  trend: string;
  type: string;
}

/** Writes a story and its new articles; returns the story id. */
export async function saveStory(trx: Db, w: StoryWrite, knownHashes: ReadonlySet<string>): Promise<number> {
  const values = {
    title: w.summary.title,
    summary: w.summary.summary,
    bullet_points: jsonText(w.summary.bulletPoints),
    keywords: jsonText(w.summary.keywords),
    category: w.summary.category,
    source: w.summary.source,
    trend: w.trend,
    type: w.type,
    article_count: w.cluster.articles.length,
    published_at: w.summary.publishedAt,
    updated_at: nowIso(),
  };
  let id = w.cluster.storyId;
  if (id === undefined) {
    const row = await trx
      .insertInto('news_stories')
      .values({ story_key: w.cluster.storyKey, is_demo: 0, ...values })
      .onConflict((oc) => oc.column('story_key').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    await trx.updateTable('news_stories').set(values).where('id', '=', id).execute();
  }
  const fresh = w.cluster.articles.filter((a) => !knownHashes.has(a.urlHash));
  if (fresh.length) {
    await trx
      .insertInto('news_articles')
      .values(
        fresh.map((a) => ({
          story_id: id,
          url_hash: a.urlHash,
          url: a.url,
          source: a.source,
          title: a.title,
          description: a.description || null,
          feed_url: a.feedUrl ?? '',
          published_at: a.publishedAt,
        })),
      )
      .onConflict((oc) => oc.column('url_hash').doNothing())
      .execute();
  }
  return id;
}

export async function updateTrend(trx: Db, storyId: number, trend: string, type: string): Promise<void> {
  await trx.updateTable('news_stories').set({ trend, type }).where('id', '=', storyId).execute();
}

/** Drops real stories not updated since `beforeIso` (their articles go with them). */
export async function pruneStories(db: Db, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('news_stories')
    .where('is_demo', '=', 0)
    .where('published_at', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether any real (fetched) story exists; until one does, the demo stories stand in. */
export async function hasRealStories(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('news_stories')
    .select('id')
    .where('is_demo', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The newest stories of one kind (real or demo), with their articles when asked. */
export async function listStories(
  db: Db,
  demo: boolean,
  limit: number,
  withArticles: boolean,
): Promise<NewsTopic[]> {
  const rows = await db
    .selectFrom('news_stories')
    .selectAll()
    .where('is_demo', '=', demo ? 1 : 0)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const articles = new Map<number, NewsTopic['articles']>();
  if (withArticles && rows.length) {
    const list = await db
      .selectFrom('news_articles')
      .select(['story_id', 'title', 'source', 'url', 'published_at'])
      .where(
        'story_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('published_at')
      .execute();
    for (const a of list) {
      const l = articles.get(a.story_id) ?? [];
      l.push({ title: a.title, source: a.source, url: a.url, publishedAt: a.published_at });
      articles.set(a.story_id, l);
    }
  }
  return rows.map((r) => {
    const trend = (['breaking', 'developing', 'stable'] as const).find((t) => t === r.trend) ?? 'stable';
    const type =
      (['newsapi', 'news', 'breaking', 'community', 'user_predictions'] as const).find((t) => t === r.type) ??
      'news';
    return {
      id: r.id,
      title: r.title,
      description: r.summary,
      summary: r.summary,
      bulletPoints: parseJson<string[]>(r.bullet_points, []),
      category: r.category,
      source: r.source,
      trend,
      articles: articles.get(r.id) ?? [],
      newsContext: { primarySource: r.source, articleCount: Number(r.article_count) },
      keywords: parseJson<string[]>(r.keywords, []),
      publishedAt: r.published_at,
      type,
      isDemo: flag(r.is_demo),
    };
  });
}

/** Counts over the stories of one kind (real or demo) and their articles. */
export async function newsMetrics(
  db: Db,
  demo: boolean,
): Promise<{ totalArticles: number; totalStories: number; sources: number }> {
  const a = await db
    .selectFrom('news_articles as a')
    .innerJoin('news_stories as s', 's.id', 'a.story_id')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('a.source').distinct().as('s')])
    .where('s.is_demo', '=', demo ? 1 : 0)
    .executeTakeFirstOrThrow();
  const s = await db
    .selectFrom('news_stories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_demo', '=', demo ? 1 : 0)
    .executeTakeFirstOrThrow();
  return { totalArticles: Number(a.n), totalStories: Number(s.n), sources: Number(a.s) };
}
