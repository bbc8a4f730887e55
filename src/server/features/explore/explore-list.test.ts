import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/rules/categories.ts';
import {
  CommentsPageReplySchema,
  EXPLORE_MESSAGES as MSG,
  ExploreListReplySchema,
  type ExploreSort,
} from '#shared/schemas/explore.ts';
import { hoursAgo, prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { seededRandom } from '#server/test/seeded-random.ts';

// GET /api/predictions: only public, unflagged predictions; every order pages by keyset, and a
// walk through nextCursor reaches each listed prediction exactly once even while others publish.

type Topic = ReturnType<typeof ExploreListReplySchema.parse>['predictions'][number];

describe.each(testDialects)('GET /api/predictions on %s', (dialect) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  const listed: number[] = [];
  let hidden: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    alice = await createMember(t);
    bob = await createMember(t);
    const rnd = seededRandom(dialect === 'sqlite' ? 3 : 5);
    for (let i = 0; i < 26; i++) {
      const author = i % 2 ? alice : bob;
      listed.push(
        await prediction(t, {
          userId: author.id,
          text: `By ${2030 + (i % 7)} item ${i} of the list will be true in region ${i}.`,
          category: CATEGORIES[i % 3] as string,
          // Ties on purpose: equal likes, equal creation times, so the id breaks them.
          createdAt: hoursAgo(Math.floor(i / 3)),
          likes: Math.floor(rnd() * 4),
          dislikes: Math.floor(rnd() * 2),
          comments: i % 5 === 0 ? 1 : 0,
          isDemo: i === 4,
        }),
      );
    }
    hidden = [
      await prediction(t, {
        userId: alice.id,
        isPublic: false,
        text: 'A private thought about 2031 markets.',
      }),
      await prediction(t, { userId: bob.id, isFlagged: true, text: 'A flagged claim about 2031 markets.' }),
    ];
  });
  afterAll(() => t.close());

  // Fresh replies: the fixtures write rows directly, without the writes' cache invalidation.
  const list = async (query: string) => {
    const res = await t.app.inject({
      url: `/api/predictions${query}`,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ExploreListReplySchema.parse(res.json());
  };

  /** Follows nextCursor to the end; `between` runs after each page (new predictions appear). */
  async function walk(query: string, between?: () => Promise<void>): Promise<Topic[]> {
    const seen: Topic[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const reply = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...reply.predictions);
      cursor = reply.nextCursor;
      if (!cursor) return seen;
      await between?.();
    }
    throw new Error('the walk did not end');
  }

  const key: Record<ExploreSort, (x: Topic) => number | string> = {
    new: (x) => x.created_at,
    hot: (x) => x.hot_score,
    top: (x) => x.engagement.likes - x.engagement.dislikes,
  };

  it('shows only public, unflagged predictions, newest first by default, demo ones marked', async () => {
    const reply = await list('?limit=50');
    const ids = reply.predictions.map((p) => p.id);
    expect(new Set(ids)).toEqual(new Set(listed));
    for (const h of hidden) expect(ids).not.toContain(h);
    expect(reply.nextCursor).toBeNull();
    const times = reply.predictions.map((p) => p.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(reply.predictions.find((p) => p.id === listed[4])?.isDemo).toBe(true);
    expect(reply.predictions.filter((p) => p.isDemo)).toHaveLength(1);
    expect(reply.predictions[0]).not.toHaveProperty('email');
    // The same shape as a hot topic: the card component serves both.
    expect(reply.predictions[0]).toMatchObject({ comments: [], aiGenerated: false, qualityRank: 1 });
  });

  it.each(['new', 'hot', 'top'] as const)(
    'walks every %s page to the end, each prediction exactly once, while others publish',
    async (sort) => {
      const before = new Set((await list('?limit=50')).predictions.map((p) => p.id));
      const published: number[] = [];
      const seen = await walk(`?sort=${sort}&limit=4`, async () => {
        // New ones: the freshest, the most liked and the hottest, right in the walk's way.
        published.push(
          await prediction(t, { userId: alice.id, createdAt: new Date().toISOString(), likes: 50 }),
        );
      });
      const ids = seen.map((p) => p.id);
      expect(ids.length).toBe(new Set(ids).size);
      expect(new Set(ids)).toEqual(before);
      expect(published.length).toBeGreaterThan(3);
      for (const id of published) expect(ids).not.toContain(id);
      // In order: key descending, then id descending.
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1] as Topic, seen[i] as Topic];
        const ka = key[sort](a);
        const kb = key[sort](b);
        expect(ka > kb || (ka === kb && a.id > b.id), `${sort} at ${i}`).toBe(true);
      }
      // A new walk sees them.
      const again = await walk(`?sort=${sort}&limit=50`);
      for (const id of published) expect(again.map((p) => p.id)).toContain(id);
    },
  );

  it('filters by category, author and status (open is every listed prediction for now)', async () => {
    const tech = await walk('?category=Technology&limit=5');
    expect(tech.length).toBeGreaterThan(0);
    for (const p of tech) expect(p.categories).toContain('Technology');
    const byAlice = await walk(`?author=${alice.username.toUpperCase()}&limit=5`);
    expect(byAlice.length).toBeGreaterThan(0);
    for (const p of byAlice) expect(p.username).toBe(alice.username);
    expect(byAlice.map((p) => p.id)).not.toContain(hidden[0]);
    expect((await list('?author=nobody_at_all')).predictions).toEqual([]);
    const all = await walk('?limit=50');
    expect((await walk('?status=open&limit=50')).map((p) => p.id)).toEqual(all.map((p) => p.id));
    expect((await list('?status=due')).predictions).toEqual([]);
    expect((await list('?status=resolved')).predictions).toEqual([]);
  });

  it.each([
    ['?sort=oldest', MSG.sort],
    ['?sort=hot&sort=new', MSG.sort],
    ['?category=Cooking', MSG.category],
    ['?q=a', MSG.queryShort],
    ['?q=%20%20x%20', MSG.queryShort],
    [`?q=${'x'.repeat(101)}`, MSG.queryLong],
    ['?author=', MSG.author],
    [`?author=${'a'.repeat(65)}`, MSG.author],
    ['?status=late', MSG.status],
    ['?limit=0', MSG.limit],
    ['?limit=51', MSG.limit],
    ['?limit=2.5', MSG.limit],
    ['?limit=ten', MSG.limit],
    ['?cursor=', MSG.cursor],
    [`?cursor=${'a'.repeat(201)}`, MSG.cursor],
    ['?cursor=not-a-cursor', MSG.cursor],
    ['?cursor=%7B%7D', MSG.cursor],
    [`?cursor=${Buffer.from('{"s":"new","m":1,"k":5,"i":1}').toString('base64url')}`, MSG.cursor],
    [`?cursor=${Buffer.from('{"s":"top","m":-1,"k":5,"i":1}').toString('base64url')}`, MSG.cursor],
    [`?cursor=${Buffer.from('[1,2,3]').toString('base64url')}`, MSG.cursor],
  ])('answers %s with 400 and a clear message', async (query, message) => {
    const res = await t.app.inject(`/api/predictions${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it("refuses another order's cursor, and a search cursor without the search", async () => {
    const hot = await list('?sort=hot&limit=2');
    const res = await t.app.inject(`/api/predictions?sort=new&cursor=${hot.nextCursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.cursor);
    const found = await list('?q=list&limit=1');
    expect(found.nextCursor).not.toBeNull();
    const mixed = await t.app.inject(`/api/predictions?cursor=${found.nextCursor}`);
    expect(mixed.statusCode).toBe(400);
    const back = await t.app.inject(`/api/predictions?q=list&cursor=${hot.nextCursor}`);
    expect(back.statusCode).toBe(400);
  });

  it.each([
    ['?limit=0', MSG.commentsLimit],
    ['?limit=101', MSG.commentsLimit],
    ['?limit=x', MSG.commentsLimit],
    ['?cursor=zzz', MSG.cursor],
    ['?cursor=', MSG.cursor],
    [`?cursor=${Buffer.from('{"c":"yesterday","i":1}').toString('base64url')}`, MSG.cursor],
  ])('answers comments%s with 400 and a clear message', async (query, message) => {
    const res = await t.app.inject(`/api/predictions/${listed[0]}/comments${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('pages comments from the latest back, oldest to newest within a page, each exactly once', async () => {
    const id = listed[1] as number;
    const posted: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/predictions/${id}/comments`,
        headers: (i % 2 ? alice : bob).headers,
        payload: { comment: `Comment number ${i}` },
      });
      expect(res.statusCode).toBe(201);
      posted.push(res.json().comment.id);
    }
    const first = CommentsPageReplySchema.parse(
      (await t.app.inject(`/api/predictions/${id}/comments?limit=3`)).json(),
    );
    expect(first.comments.map((c) => c.id)).toEqual(posted.slice(4));
    expect(first.comments_count).toBe(7);
    expect(first.comments[0]).toMatchObject({ text: 'Comment number 4', username: bob.username });
    expect(first.comments[0]).not.toHaveProperty('email');
    const seen = [...first.comments.map((c) => c.id)];
    let cursor = first.nextCursor;
    // A comment written while someone reads back appears on the next refresh, not in the walk.
    await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/comments`,
      headers: alice.headers,
      payload: { comment: 'A late one' },
    });
    while (cursor) {
      const page = CommentsPageReplySchema.parse(
        (await t.app.inject(`/api/predictions/${id}/comments?limit=3&cursor=${cursor}`)).json(),
      );
      seen.unshift(...page.comments.map((c) => c.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(posted);
    const hiddenComments = await t.app.inject(`/api/predictions/${hidden[0]}/comments`);
    expect(hiddenComments.statusCode).toBe(404);
    expect(hiddenComments.json().message).toBe(MSG.predictionNotFound);
  });

  it("caches a guest's first page until a write changes it; signed-in replies are never stored", async () => {
    const first = await t.app.inject('/api/predictions?sort=hot&limit=3');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject('/api/predictions?sort=hot&limit=3');
    expect(again.headers['x-explore-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    const top = ExploreListReplySchema.parse(first.json()).predictions[0] as Topic;
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${top.id}/like`,
      headers: bob.headers,
    });
    expect(like.statusCode).toBe(200);
    const after = await t.app.inject('/api/predictions?sort=hot&limit=3');
    expect(after.headers['x-explore-cache']).toBe('miss');
    const liked = ExploreListReplySchema.parse(after.json()).predictions.find((p) => p.id === top.id);
    expect(liked?.engagement.likes).toBe(top.engagement.likes + 1);
    const signedIn = await t.app.inject({ url: '/api/predictions?sort=hot&limit=3', headers: bob.headers });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    // Asking for fresh figures rebuilds the page.
    const fresh = await t.app.inject({
      url: '/api/predictions?sort=hot&limit=3',
      headers: { 'cache-control': 'no-cache' },
    });
    expect(fresh.headers['x-explore-cache']).toBe('miss');
  });
});
