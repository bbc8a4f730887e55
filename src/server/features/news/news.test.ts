import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnhancedHotTopicsReplySchema, HotTopicsFallbackReplySchema } from '#shared/schemas/news.ts';
import { buildTestApp, createTestDatabase, type TestDatabase, testDialects } from '#server/test/helpers.ts';
import { createReplyCache } from '#server/cache/reply-cache.ts';
import { canonicalUrl, parseFeed, plainText } from './feeds.ts';
import { type FixtureServer, renderFixture, startFixtureServer } from '#server/test/feed-server.ts';
import { createNewsService, type NewsCheckpoint } from './news.service.ts';

const quiet = { info: () => {}, warn: () => {} };

describe('feed parsing', () => {
  it('reads RSS 2.0 and Atom, strips HTML, names the source, canonicalises links', () => {
    const rss = parseFeed(renderFixture('tech-wire.rss'), 'http://x/tech-wire.rss');
    expect(rss.source).toBe('Tech Wire');
    expect(rss.articles).toHaveLength(3);
    expect(rss.articles[0]?.description).toMatch(/^European Union negotiators agreed/);
    expect(rss.articles[0]?.description).not.toMatch(/<p>/);
    const atom = parseFeed(renderFixture('globe-news.atom'), 'http://x/globe-news.atom');
    expect(atom.source).toBe('Globe News');
    expect(atom.articles.map((a) => a.url)).toContain('https://globe.example/world/eu-ai-act-deal');
    expect(atom.articles[0]?.description).toMatch(/^Lawmakers in the European Union/);
    expect(canonicalUrl('https://Example.com/a/?utm_source=x&id=3#top')).toBe('https://example.com/a?id=3');
    expect(plainText('<b>AT&amp;T</b> &#8217;s &lt;deal&gt;')).toBe('AT&T ’s <deal>');
    expect(() => parseFeed(renderFixture('broken.xml'), 'http://x/broken.xml')).toThrow();
  });
});

describe.each(testDialects)('news pipeline on %s', (dialect) => {
  let feeds: FixtureServer;
  let database: TestDatabase;
  let checkpoint: NewsCheckpoint | null = null;
  const warnings: unknown[] = [];
  const log = { info: () => {}, warn: (obj: unknown) => warnings.push(obj) };

  beforeAll(async () => {
    feeds = await startFixtureServer();
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await feeds.close();
    await database.close();
  });

  const service = (urls: string[], llm?: { baseUrl: string }) =>
    createNewsService({
      db: database.db,
      cache: createReplyCache({ log: quiet }),
      log,
      feeds: urls,
      llm,
      allowPrivateHosts: true,
    });
  const stories = () =>
    database.db.selectFrom('news_stories').selectAll().where('is_demo', '=', 0).orderBy('id').execute();

  it('fetches, skips failing feeds, de-duplicates, clusters and summarises', async () => {
    const urls = ['tech-wire.rss', 'globe-news.atom', 'market-daily.rss', 'broken.xml', 'missing.rss'].map(
      feeds.url,
    );
    checkpoint = await service(urls).refresh(null);
    expect(checkpoint.lastResult).toMatchObject({
      feeds: 5,
      failedFeeds: 2,
      newArticles: 8,
      storiesWritten: 5,
    });
    expect(warnings).toHaveLength(2);
    expect(checkpoint.feeds[feeds.url('missing.rss')]?.lastError).toBe('HTTP 404');
    expect(checkpoint.feeds[feeds.url('tech-wire.rss')]?.etag).toBeTruthy();

    const rows = await stories();
    expect(rows).toHaveLength(5);
    const articles = await database.db.selectFrom('news_articles').selectAll().execute();
    // The syndicated copy (same URL with tracking parameters) was dropped.
    expect(articles).toHaveLength(8);
    const byTitle = (re: RegExp) => rows.find((r) => re.test(r.title));
    const nvidia = byTitle(/Nvidia/);
    const ai = byTitle(/AI Act/);
    expect(nvidia).toMatchObject({
      article_count: 3,
      trend: 'breaking',
      type: 'breaking',
      category: 'Technology',
    });
    expect(ai).toMatchObject({ article_count: 2, trend: 'developing', type: 'news', category: 'Technology' });
    expect(byTitle(/Heatwave/)).toMatchObject({ article_count: 1, trend: 'stable', category: 'Environment' });
    expect(byTitle(/Premier League/)).toMatchObject({ article_count: 1, category: 'Sports' });
    expect(byTitle(/Starship/)).toMatchObject({ article_count: 1 });
    for (const r of rows) {
      const bullets = JSON.parse(r.bullet_points) as string[];
      const keywords = JSON.parse(r.keywords) as string[];
      expect(bullets.length).toBeLessThanOrEqual(4);
      expect(keywords.length).toBeGreaterThan(0);
      expect(keywords.length).toBeLessThanOrEqual(4);
      expect(r.summary.length).toBeGreaterThan(40);
      expect(r.summary.length).toBeLessThanOrEqual(300);
    }
    // The multi-source story draws its summary and bullets from several outlets, without repeats.
    const nvBullets = JSON.parse(nvidia?.bullet_points ?? '[]') as string[];
    expect(nvBullets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(nvBullets).size).toBe(nvBullets.length);
    expect(nvidia?.summary).toMatch(/Nvidia/);
    expect(JSON.parse(nvidia?.keywords ?? '[]')).toContain('Nvidia');
    expect(JSON.parse(ai?.keywords ?? '[]')).toContain('AI Act');
  });

  it('asks again with the ETag and stores nothing twice', async () => {
    const urls = ['tech-wire.rss', 'globe-news.atom', 'market-daily.rss'].map(feeds.url);
    feeds.log.length = 0;
    checkpoint = await service(urls).refresh(checkpoint);
    expect(feeds.log.filter((l) => l.endsWith(' 304'))).toHaveLength(3);
    expect(checkpoint.lastResult).toMatchObject({ newArticles: 0, storiesWritten: 0 });
    expect(await stories()).toHaveLength(5);
  });

  it('adds a later article about the same story to it, and starts a new story otherwise', async () => {
    feeds.override('/later.rss', {
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Chip Report</title>
        <item><title>Nvidia record quarter: data centre AI chip revenue doubles</title>
          <link>https://chips.example/nvidia-record-quarter</link><pubDate>${new Date().toUTCString()}</pubDate>
          <description>Nvidia's data centre revenue doubled from a year earlier to a record, on demand for AI chips.</description></item>
        <item><title>Central bank holds interest rates steady</title>
          <link>https://chips.example/rates</link><pubDate>${new Date().toUTCString()}</pubDate>
          <description>The central bank left interest rates unchanged and said inflation is easing slowly.</description></item>
      </channel></rss>`,
    });
    checkpoint = await service([feeds.url('later.rss')]).refresh(checkpoint);
    expect(checkpoint.lastResult).toMatchObject({ newArticles: 2, storiesWritten: 2 });
    const rows = await stories();
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => /Nvidia/.test(r.title))?.article_count).toBe(4);
    expect(rows.find((r) => /interest rates/i.test(r.title))?.category).toBe('Economy');
  });

  it('uses an OpenAI-compatible endpoint when configured, and the local summary when it fails', async () => {
    let calls = 0;
    let fail = false;
    const llm = createServer((req, res) => {
      calls++;
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const ok = req.url === '/v1/chat/completions' && JSON.parse(body).messages?.length === 2;
        if (fail || !ok) {
          res.writeHead(500).end('{}');
          return;
        }
        const content = JSON.stringify({
          title: 'Spacecraft docks with station',
          summary: 'A crewed spacecraft docked with the station after a two-day flight.',
          bulletPoints: [
            '• Docking happened at 14:02 UTC',
            'Four astronauts aboard',
            'Third flight this year',
            'Return planned in May',
            'Extra',
          ],
          keywords: ['spacecraft', 'station', 'docking', 'astronauts', 'extra'],
        });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await new Promise<void>((done) => llm.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
    const item = (slug: string, title: string, description: string) =>
      `<item><title>${title}</title><link>https://space.example/${slug}</link><pubDate>${new Date().toUTCString()}</pubDate>
        <description>${description}</description></item>`;
    try {
      feeds.override('/space.rss', {
        body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Space Desk</title>${item('dock', 'Crew capsule docks with orbital laboratory', 'The crew capsule reached the orbiting laboratory on schedule. It carries supplies.')}</channel></rss>`,
      });
      await service([feeds.url('space.rss')], { baseUrl: base }).refresh(checkpoint);
      const docked = (await stories()).find((r) => r.title === 'Spacecraft docks with station');
      expect(docked).toBeTruthy();
      expect(JSON.parse(docked?.bullet_points ?? '[]')).toEqual([
        'Docking happened at 14:02 UTC',
        'Four astronauts aboard',
        'Third flight this year',
        'Return planned in May',
      ]);
      expect(JSON.parse(docked?.keywords ?? '[]')).toHaveLength(4);

      fail = true;
      feeds.override('/space.rss', {
        body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Space Desk</title>${item('mars', 'Mars rover finds clay minerals in crater', 'The rover drilled into sediment and found clay, a sign of ancient water.')}</channel></rss>`,
      });
      const before = warnings.length;
      await service([feeds.url('space.rss')], { baseUrl: base }).refresh(checkpoint);
      expect((await stories()).some((r) => r.title === 'Mars rover finds clay minerals in crater')).toBe(
        true,
      );
      expect(warnings.length).toBe(before + 1);
      expect(calls).toBe(2);
    } finally {
      await new Promise((done) => llm.close(done));
    }
  });
});

describe.each(testDialects)('GET /api/enhanced-hot-topics and /api/hot-topics on %s', (dialect) => {
  let feeds: FixtureServer;
  beforeAll(async () => {
    feeds = await startFixtureServer();
  });
  afterAll(() => feeds.close());

  it('serves demo stories until real ones exist, then only real ones', async () => {
    const t = await buildTestApp({
      dialect,
      env: { NEWS_FEEDS: feeds.url('tech-wire.rss'), NEWS_ALLOW_PRIVATE_HOSTS: 'true' },
    });
    try {
      const { seedDemoNews } = await import('#server/demo/news.ts');
      await seedDemoNews(t.database.db);
      const demo = EnhancedHotTopicsReplySchema.parse(
        (await t.app.inject('/api/enhanced-hot-topics')).json(),
      );
      expect(demo.topics.length).toBeGreaterThanOrEqual(5);
      expect(demo.topics.every((x) => x.isDemo)).toBe(true);
      expect(demo.newsMetrics.totalArticles).toBeGreaterThan(0);
      expect(demo.newsMetrics.lastRefresh).toBeNull();
      for (const topic of demo.topics) {
        expect(topic.bulletPoints.length).toBeLessThanOrEqual(4);
        expect(topic.keywords.length).toBeLessThanOrEqual(4);
        expect(topic.articles.length).toBeGreaterThan(0);
      }

      // A real refresh (as the job runs it), through a second app instance's service.
      const news = createNewsService({
        db: t.database.db,
        cache: createReplyCache({ log: quiet }),
        log: quiet,
        feeds: [feeds.url('tech-wire.rss')],
        allowPrivateHosts: true,
      });
      await news.refresh(null);
      // The first app cached its reply for a minute; a fresh app reads the new state.
      const { buildApp } = await import('#server/app.ts');
      const app2 = await buildApp({
        config: t.config,
        database: t.database,
        logger: false,
        webRoot: '/nonexistent',
      });
      try {
        const real = EnhancedHotTopicsReplySchema.parse(
          (await app2.inject('/api/enhanced-hot-topics')).json(),
        );
        expect(real.topics).toHaveLength(3);
        expect(real.topics.some((x) => x.isDemo)).toBe(false);
        expect(real.newsMetrics).toMatchObject({ totalArticles: 3, totalStories: 3, sources: 1 });
        expect(real.topics[0]?.articles[0]).toMatchObject({ source: 'Tech Wire' });
        expect(real.topics.map((x) => x.publishedAt)).toEqual(
          [...real.topics.map((x) => x.publishedAt)].sort().reverse(),
        );
        const plain = HotTopicsFallbackReplySchema.parse((await app2.inject('/api/hot-topics')).json());
        expect(plain.topics.map((x) => x.id)).toEqual(real.topics.map((x) => x.id));
        expect(plain.topics.every((x) => x.articles.length === 0)).toBe(true);
      } finally {
        await app2.close();
      }
    } finally {
      await t.close();
    }
  });
});
