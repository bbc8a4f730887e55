import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExploreListReplySchema } from '#shared/schemas/explore.ts';
import { createReplyCache } from '#server/cache/reply-cache.ts';
import { hoursAgo, prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { createExploreService } from './explore.service.ts';

// GET /api/predictions?q=: words in English, Persian and Chinese (a two-character Chinese word
// too), the whole phrase first, then every word, newest first within each; never a private,
// flagged or deleted prediction; pages that reach every result once while others publish.

type Topic = ReturnType<typeof ExploreListReplySchema.parse>['predictions'][number];

describe.each(testDialects)('search on %s', (dialect) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  const ids: Record<string, number> = {};

  const add = async (name: string, text: string, extra: Parameters<typeof prediction>[1] | object = {}) => {
    ids[name] = await prediction(t, { userId: alice.id, text, ...extra });
    return ids[name] as number;
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    alice = await createMember(t);
    bob = await createMember(t);
    await add('solarOld', 'Solar panels will cover half of all roofs in Spain by 2035.', {
      createdAt: hoursAgo(50),
    });
    await add('electricPhraseOld', 'Electric buses will replace diesel ones in Lisbon by 2030.', {
      createdAt: hoursAgo(40),
    });
    await add('electricApart', 'Buses in Oslo will all be electric before 2029, says the mayor.', {
      createdAt: hoursAgo(30),
    });
    await add('electricOnly', 'Electric ferries will cross the fjords of Norway by 2031.', {
      createdAt: hoursAgo(20),
    });
    await add('electricPhraseNew', 'Cheap electric buses from China will flood Europe by 2028.', {
      createdAt: hoursAgo(10),
    });
    await add('persianTehran', 'تا سال ۲۰۳۰ قیمت نفت در تهران دو برابر می‌شود');
    await add('persianOther', 'پیش‌بینی می‌کنم خودروهای برقی در اصفهان تا ۲۰۲۸ رایج شوند');
    await add('persianPrice', 'قیمت طلا و نفت در بازار تهران تا ۲۰۲۹ بالا می‌رود');
    await add('chineseCars', '到2030年，中国的电动汽车销量将翻倍。');
    await add('chineseHouses', '未来五年内，上海的房价会下跌百分之二十。');
    await add('aiShort', 'AI will write most new code by 2030.');
    await add('solarPrivate', 'Solar farms on every school roof by 2030, secretly.', { isPublic: false });
    await add('solarFlagged', 'Solar solar solar buy now cheap!!!', { isFlagged: true });
    await add('solarDeleted', 'Solar roads will heat every pavement in Oslo by 2040.');
    await t.database.db
      .deleteFrom('predictions')
      .where('id', '=', ids.solarDeleted as number)
      .execute();
  });
  afterAll(() => t.close());

  const search = async (q: string, more = '') => {
    const res = await t.app.inject(`/api/predictions?q=${encodeURIComponent(q)}${more}`);
    expect(res.statusCode, res.body).toBe(200);
    return ExploreListReplySchema.parse(res.json());
  };
  /**
   * Every match, following the cursor: a loaded machine can spend a request's time budget before
   * the last tier and answer a short page with a cursor, which is correct.
   */
  const found = async (q: string) => {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(q, cursor ? `&cursor=${cursor}` : '');
      ids.push(...page.predictions.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  };

  it('finds an English word in any case, and never a private, flagged or deleted prediction', async () => {
    expect(await found('solar')).toEqual([ids.solarOld]);
    expect(await found('SOLAR')).toEqual([ids.solarOld]);
    expect(await found('Spain.')).toEqual([ids.solarOld]);
    expect(await found('secretly')).toEqual([]);
    expect(await found('pavement')).toEqual([]);
    expect(await found('cheap!!!')).toEqual([ids.electricPhraseNew]);
    expect(await found('zeppelin')).toEqual([]);
  });

  it('finds a two-letter word, and words that only punctuation surrounds', async () => {
    // SQLite matches substrings (trigrams; 'ai' in 'Spain' too), PostgreSQL whole words.
    expect(await found('AI')).toEqual(dialect === 'sqlite' ? [ids.aiShort, ids.solarOld] : [ids.aiShort]);
    expect(await found('sola')).toEqual(dialect === 'sqlite' ? [ids.solarOld] : []);
    expect(await found('"electric"')).toEqual([
      ids.electricPhraseNew,
      ids.electricOnly,
      ids.electricApart,
      ids.electricPhraseOld,
    ]);
  });

  it('ranks the whole phrase first, then every word, newest first within each', async () => {
    expect(await found('electric buses')).toEqual([
      ids.electricPhraseNew,
      ids.electricPhraseOld,
      ids.electricApart,
    ]);
    expect(await found('ELECTRIC   Buses')).toEqual([
      ids.electricPhraseNew,
      ids.electricPhraseOld,
      ids.electricApart,
    ]);
  });

  it('finds Persian words and phrases', async () => {
    expect(await found('تهران')).toEqual([ids.persianPrice, ids.persianTehran]);
    expect(await found('اصفهان')).toEqual([ids.persianOther]);
    // The phrase 'قیمت نفت' first, then the text that holds both words apart.
    expect(await found('قیمت نفت')).toEqual([ids.persianTehran, ids.persianPrice]);
  });

  it('finds Chinese words inside text without spaces, two-character ones included', async () => {
    expect(await found('电动汽车')).toEqual([ids.chineseCars]);
    expect(await found('中国')).toEqual([ids.chineseCars]);
    expect(await found('上海')).toEqual([ids.chineseHouses]);
    expect(await found('房价')).toEqual([ids.chineseHouses]);
    // Characters of the text that are not next to each other are not a word of it.
    expect(await found('电汽')).toEqual([]);
    expect(await found('中国 电动汽车')).toEqual([ids.chineseCars]);
  });

  it('combines a search with the category and author filters', async () => {
    const mine = await prediction(t, {
      userId: bob.id,
      text: 'Electric planes will fly Oslo to Bergen by 2032.',
    });
    expect((await search('electric', `&author=${bob.username}`)).predictions.map((p) => p.id)).toEqual([
      mine,
    ]);
    expect((await search('electric', '&category=Sports')).predictions).toEqual([]);
    expect((await search('electric', '&status=due')).predictions).toEqual([]);
  });

  it('walks every result once, phrase matches first, while matching predictions are published', async () => {
    const phrase: number[] = [];
    const words: number[] = [];
    for (let i = 0; i < 14; i++) {
      const id = await prediction(t, {
        userId: bob.id,
        text:
          i % 2
            ? `Tidal turbines will power harbour ${i} in Wales by ${2030 + i}.`
            : `By ${2030 + i} every harbour ${i} will host tidal and wave turbines.`,
      });
      (i % 2 ? phrase : words).push(id);
    }
    const published: number[] = [];
    const seen: Topic[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = await search(
        'tidal turbines',
        `&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.predictions);
      cursor = page.nextCursor;
      published.push(
        await prediction(t, {
          userId: bob.id,
          text: `Tidal turbines will light island ${published.length}.`,
        }),
      );
    } while (cursor);
    expect(seen.map((p) => p.id)).toEqual([...phrase.reverse(), ...words.reverse()]);
    for (const id of published) expect(seen.map((p) => p.id)).not.toContain(id);
  });

  it('bounds the work of one request: a rare two-character word over many rows pages on, never stalls', async () => {
    const cache = createReplyCache({ log: { warn: () => {} } });
    // Two windows of at most 2 and 4 ids per request.
    const service = createExploreService({
      db: t.database.db,
      cache,
      searchBudget: { firstWindow: 2, maxWindows: 2, ms: 1000 },
    });
    const first = await service.list({ sort: 'new', q: '中国', limit: 20 });
    // The only match is far below the newest ids: the first request stops with a cursor, empty-handed.
    expect(first.predictions).toEqual([]);
    expect(first.nextCursor).not.toBeNull();
    const seen: number[] = [];
    let cursor = first.nextCursor;
    let requests = 1;
    while (cursor) {
      const page = await service.list({ sort: 'new', q: '中国', limit: 20, cursor });
      seen.push(...page.predictions.map((p) => p.id));
      cursor = page.nextCursor;
      requests++;
    }
    expect(seen).toEqual([ids.chineseCars]);
    expect(requests).toBeGreaterThan(3);
    // The same walk for a word found through the index, and a phrase.
    const walk = async (q: string) => {
      const out: number[] = [];
      let c: string | null | undefined;
      do {
        const page = await service.list({ sort: 'new', q, limit: 2, ...(c ? { cursor: c } : {}) });
        out.push(...page.predictions.map((p) => p.id));
        c = page.nextCursor;
      } while (c);
      return out;
    };
    expect(await walk('electric buses')).toEqual(await found('electric buses'));
    expect(await walk('تهران')).toEqual([ids.persianPrice, ids.persianTehran]);
    cache.close();
  });
});
