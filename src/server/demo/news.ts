import type { Db } from '#server/db/database.ts';
import { jsonText } from '#server/db/dialect.ts';
import { idfOf, type StoryArticle, summarise, trendOf } from '#server/features/news/cluster.ts';
import { urlHash } from '#server/features/news/feeds.ts';

// Demo news stories (is_demo = 1) so a newcomer's home page is alive offline. They are invented,
// come from clearly named demo outlets and are shown only until the first real feed refresh
// stores a story (docs/decisions/009-news-pipeline.md). Summaries come from the real pipeline.

interface DemoArticle {
  source: string;
  title: string;
  description: string;
  hoursAgo: number;
}

const DEMO_STORIES: DemoArticle[][] = [
  [
    {
      source: 'Demo Wire',
      title: 'Battery maker opens solid-state cell line for electric cars',
      description:
        'A battery maker started pilot production of solid-state cells for electric cars. The cells store about 40% more energy than current lithium-ion packs. Carmakers expect the first models with the new batteries within three years.',
      hoursAgo: 1,
    },
    {
      source: 'Demo Ledger',
      title: 'Solid-state batteries move from lab to factory floor',
      description:
        'Solid-state batteries are leaving the laboratory as the first factory line starts up. Analysts say costs must fall by half before the cells reach mass-market cars. Charging to 80% takes about 12 minutes in early tests.',
      hoursAgo: 2,
    },
    {
      source: 'Demo Planet',
      title: 'Electric car range could jump with new solid-state cells',
      description:
        'Drivers could see electric car range rise by a third as solid-state cells arrive. The technology also lowers the risk of battery fires, engineers say.',
      hoursAgo: 2,
    },
  ],
  [
    {
      source: 'Demo Ledger',
      title: 'Central banks signal interest rate cuts as inflation cools',
      description:
        'Several central banks signalled that interest rates could fall later this year as inflation cools towards target. Markets now expect two cuts before December. Mortgage rates have already started to ease.',
      hoursAgo: 4,
    },
    {
      source: 'Demo Wire',
      title: 'Inflation eases for fourth month, opening door to rate cuts',
      description:
        'Consumer price inflation eased for a fourth straight month. Economists said the figures give central banks room to lower interest rates without reigniting price rises.',
      hoursAgo: 5,
    },
  ],
  [
    {
      source: 'Demo Planet',
      title: 'Offshore wind farms supply a record share of electricity',
      description:
        'Offshore wind farms produced a record share of the region’s electricity last month. Grid operators said new storage sites helped absorb the surplus on windy nights. Emissions from power generation fell to their lowest level on record.',
      hoursAgo: 9,
    },
    {
      source: 'Demo Wire',
      title: 'Wind power record cuts power sector emissions',
      description:
        'A record month for wind power pushed power sector emissions to a new low. Climate groups called for faster grid upgrades to connect projects waiting in line.',
      hoursAgo: 11,
    },
  ],
  [
    {
      source: 'Demo Health',
      title: 'Malaria vaccine rollout reaches ten more countries',
      description:
        'A malaria vaccine rollout expanded to ten more countries this year. Health officials expect deaths among young children to fall sharply where the vaccine is given alongside bed nets. Supply is set to double next year.',
      hoursAgo: 14,
    },
  ],
  [
    {
      source: 'Demo Sport',
      title: 'Women’s football league sets attendance record',
      description:
        'The women’s football league set a new season attendance record, with average crowds up 30% on last year. Clubs are moving more matches to their main stadiums. Broadcasters are bidding for the next television rights deal.',
      hoursAgo: 20,
    },
    {
      source: 'Demo Ledger',
      title: 'Broadcasters bid for women’s football rights after record season',
      description:
        'Broadcasters are competing for women’s football television rights after a record-breaking season. The league hopes to triple its media income.',
      hoursAgo: 22,
    },
  ],
  [
    {
      source: 'Demo Wire',
      title: 'City council pilots a four-day work week',
      description:
        'A city council began a six-month trial of a four-day work week for 400 staff. Managers will track service response times and sick leave. Similar trials elsewhere reported lower staff turnover.',
      hoursAgo: 28,
    },
  ],
];

export async function seedDemoNews(db: Db, now = Date.now()): Promise<number> {
  const existing = await db
    .selectFrom('news_stories')
    .select('id')
    .where('is_demo', '=', 1)
    .limit(1)
    .executeTakeFirst();
  if (existing) return 0;
  const stories = DEMO_STORIES.map((articles, s) =>
    articles.map(
      (a, i): StoryArticle => ({
        urlHash: urlHash(`https://news.demo.futurecast.invalid/story-${s + 1}/${i + 1}`),
        url: `https://news.demo.futurecast.invalid/story-${s + 1}/${i + 1}`,
        title: a.title,
        description: a.description,
        source: a.source,
        publishedAt: new Date(now - a.hoursAgo * 3_600_000).toISOString(),
      }),
    ),
  );
  const idf = idfOf(stories.flat());
  await db.transaction().execute(async (trx) => {
    for (const articles of stories) {
      const s = summarise(articles, idf);
      const trend = trendOf(articles, now);
      const row = await trx
        .insertInto('news_stories')
        .values({
          story_key: `demo-${articles[0]?.urlHash.slice(0, 27)}`,
          title: s.title,
          summary: s.summary,
          bullet_points: jsonText(s.bulletPoints),
          keywords: jsonText(s.keywords),
          category: s.category,
          source: s.source,
          trend,
          type: trend === 'breaking' ? 'breaking' : 'news',
          article_count: articles.length,
          is_demo: 1,
          published_at: s.publishedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('news_articles')
        .values(
          articles.map((a) => ({
            story_id: row.id,
            url_hash: a.urlHash,
            url: a.url,
            source: a.source,
            title: a.title,
            description: a.description,
            feed_url: 'demo',
            published_at: a.publishedAt,
          })),
        )
        .execute();
    }
  });
  return stories.length;
}
