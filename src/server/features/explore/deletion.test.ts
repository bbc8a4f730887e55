import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEFRAMES } from '#shared/schemas/analytics.ts';
import { EXPLORE_MESSAGES as MSG } from '#shared/schemas/explore.ts';
import { rawSource } from '#server/features/analytics/analytics-raw.repository.ts';
import { rollupSource } from '#server/features/analytics/analytics.repository.ts';
import { ANALYTICS_CALLS, createAnalyticsService } from '#server/features/analytics/analytics.service.ts';
import { predictionsToRescore, saveRescored } from '#server/features/predictions/rescore.repository.ts';
import { createUsers, publishRandom } from '#server/test/analytics.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { submit } from '#server/test/predictions.ts';
import { expectStoredFiguresEqualRecount } from '#server/test/recount.ts';
import { seededRandom } from '#server/test/seeded-random.ts';

// One deletion path (deletion.repository.ts): a deleted prediction or comment takes back exactly
// what its writes added. After each deletion every stored figure equals a recount from the rows,
// and the analytics (memoised member sets included) equal a direct query.

const NOW = Date.now();
const accuracy = () => ({ agreement: 0.9, evaluatedPredictions: 10, version: 'test' });

describe.each(testDialects)('deleting predictions and comments on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;
  const members: TestMember[] = [];
  let listed: { id: number; userId: number }[] = [];
  const rollups = () =>
    createAnalyticsService({ source: rollupSource(t.database.db), now: () => NOW, accuracy });
  let memoised: ReturnType<typeof rollups>;

  async function expectAnalyticsExact() {
    const raw = createAnalyticsService({
      source: rawSource(t.database.db, dialect),
      now: () => NOW,
      accuracy,
    });
    for (const timeframe of TIMEFRAMES)
      for (const category of ['all', 'Technology', 'Economy'] as const)
        for (const call of ANALYTICS_CALLS) {
          const query = { timeframe, category };
          expect(await memoised[call](query), `${call} ${timeframe} ${category}`).toEqual(
            await raw[call](query),
          );
        }
  }

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    owner = await createMember(t);
    other = await createMember(t);
    for (let i = 0; i < 5; i++) members.push(await createMember(t));
    // A history over three weeks through the real write path, by members and by the owner.
    const users = await createUsers(t.database.db, 4);
    await publishRandom(t.database.db, [...users, owner, other], {
      count: 50,
      now: NOW,
      spanDays: 20,
      seed: 11,
    });
    const rows = await t.database.db
      .selectFrom('predictions')
      .select(['id', 'user_id'])
      .where('is_public', '=', 1)
      .where('is_flagged', '=', 0)
      .execute();
    listed = rows.map((r) => ({ id: r.id, userId: r.user_id }));
    const rnd = seededRandom(5);
    for (const m of [...members, owner, other]) {
      for (let i = 0; i < 8; i++) {
        const target = listed[Math.floor(rnd() * listed.length)];
        const action = rnd() < 0.6 ? 'like' : rnd() < 0.5 ? 'dislike' : 'comments';
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/predictions/${target?.id}/${action}`,
          headers: m.headers,
          ...(action === 'comments' ? { payload: { comment: `Thoughts ${i}` } } : {}),
        });
        expect(res.statusCode).toBeLessThan(300);
      }
    }
    memoised = rollups();
    // Read every figure once, so the member sets are memoised before anything is deleted.
    await expectAnalyticsExact();
    await expectStoredFiguresEqualRecount(t);
  }, 120_000);
  afterAll(() => t.close());

  it('needs a token (401), and answers anyone but the owner as it answers a missing id (404)', async () => {
    const mine = listed.find((p) => p.userId === owner.id);
    if (!mine) throw new Error('no prediction of the owner');
    const guest = await t.app.inject({ method: 'DELETE', url: `/api/predictions/${mine.id}` });
    expect(guest.statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'DELETE', url: '/api/predictions/abc' });
    expect(garbage.statusCode).toBe(401);
    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/predictions/${mine.id}`,
      headers: other.headers,
    });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/predictions/999999',
      headers: other.headers,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(missing.json());
    expect(stranger.json()).toMatchObject({ message: MSG.predictionNotFound });
    expect(
      await t.database.db.selectFrom('predictions').select('id').where('id', '=', mine.id).execute(),
    ).toHaveLength(1);
  });

  it("deletes the owner's prediction and everything that counted it, and nothing else", async () => {
    // The most engaged of the owner's predictions, so votes and comments go with it.
    const rows = await t.database.db
      .selectFrom('predictions')
      .select(['id', 'engagement_score'])
      .where('user_id', '=', owner.id)
      .orderBy('comments_count', 'desc')
      .orderBy('likes_count', 'desc')
      .execute();
    for (const row of rows.slice(0, 3)) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/predictions/${row.id}`,
        headers: owner.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: MSG.predictionDeleted });
      expect(res.headers['cache-control']).toBe('no-store');
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/predictions/${row.id}`,
        headers: owner.headers,
      });
      expect(again.statusCode).toBe(404);
      await expectStoredFiguresEqualRecount(t);
      await expectAnalyticsExact();
    }
  });

  it('keeps the memoised active-member counts exact when a deletion and a new prediction meet in a day', async () => {
    const x = await createMember(t);
    const y = await createMember(t);
    const mine = await submit(t, x, {
      prediction_text: 'By 2032 Lisbon will run every tram on solar power.',
    });
    await submit(t, y, { prediction_text: 'By 2033 Oslo will charge a toll for every private car.' });
    expect(mine.statusCode).toBe(201);
    // Today's member set is read and memoised with x and y in it…
    await expectAnalyticsExact();
    // …then x's only prediction of the day goes and y publishes another: as many predictions as before.
    const id = mine.json().prediction.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/predictions/${id}`, headers: x.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await submit(t, y, { prediction_text: 'By 2034 Bergen will open a second light rail line.' }))
        .statusCode,
    ).toBe(201);
    await expectAnalyticsExact();
    await expectStoredFiguresEqualRecount(t);
  });

  it('keeps the figures exact when a re-score read a prediction that is deleted before it writes', async () => {
    const res = await submit(t, owner, { prediction_text: 'By 2035 Cork will run a tidal power station.' });
    expect(res.statusCode).toBe(201);
    const id = res.json().prediction.id as number;
    // The re-score job has read it (as of an older engine)…
    const [before] = await predictionsToRescore(t.database.db, id - 1, 'a-newer-version', 1);
    expect(before?.id).toBe(id);
    // …the owner deletes it…
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/predictions/${id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(200);
    // …and the job writes its new score: nothing may move for a prediction that is gone.
    await saveRescored(t.database.db, [
      {
        before: before as NonNullable<typeof before>,
        oldTier: null,
        after: {
          textQualityScore: 0.5,
          sentimentScore: 0,
          reliabilityScore: 91,
          isFlagged: true,
          flagReason: 'x',
          flagReasoning: null,
          suggestions: [],
          analysis: { tier: 'high', language: 'en', reasons: [] },
          scoringVersion: 'a-newer-version',
        },
      },
    ]);
    await expectStoredFiguresEqualRecount(t);
    await expectAnalyticsExact();
  });

  it('takes its text out of the list, search, detail, comments and the cached replies that showed it', async () => {
    const text = 'By 2031 the zorblax mining fleet off Chile will double its yearly output.';
    const res = await submit(t, owner, { prediction_text: text, categories: 'Economy' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().prediction.id as number;
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/comments`,
      headers: other.headers,
      payload: { comment: 'Zorblax? Bold.' },
    });
    expect(comment.statusCode).toBe(201);
    const reads = ['/api/predictions', `/api/predictions/${id}`, `/api/predictions/${id}/comments`];
    // Guests' replies are cached now, and show it.
    for (const url of reads) {
      await t.app.inject(url);
      const cached = await t.app.inject(url);
      expect(cached.headers['x-explore-cache'], url).toBe('hit');
      expect(cached.body).toContain(url === reads[2] ? 'Zorblax? Bold.' : 'zorblax');
    }
    expect((await t.app.inject('/api/predictions?q=zorblax')).json().predictions).toHaveLength(1);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/predictions/${id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const list = await t.app.inject('/api/predictions');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('zorblax');
    expect((await t.app.inject('/api/predictions?q=zorblax')).json().predictions).toEqual([]);
    expect((await t.app.inject('/api/predictions?q=Chile%20zorblax')).json().predictions).toEqual([]);
    for (const url of reads.slice(1)) {
      const gone = await t.app.inject(url);
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json().message).toBe(MSG.predictionNotFound);
    }
    // The owner sees it no more either.
    expect((await t.app.inject({ url: `/api/predictions/${id}`, headers: owner.headers })).statusCode).toBe(
      404,
    );
    await expectStoredFiguresEqualRecount(t);
  });

  it("deletes a comment for its author only, and takes it back out of the prediction's figures", async () => {
    const target = listed.find((p) => p.userId !== owner.id && p.userId !== other.id);
    if (!target) throw new Error('no prediction');
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${target.id}/comments`,
      headers: other.headers,
      payload: { comment: 'I will delete this.' },
    });
    expect(posted.statusCode).toBe(201);
    const { comment, comments_count } = posted.json() as { comment: { id: number }; comments_count: number };
    const url = `/api/predictions/${target.id}/comments/${comment.id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const ownerOfPrediction = await t.app.inject({
      method: 'DELETE',
      url,
      headers: {
        authorization: `Bearer ${(await t.app.sessions.issue({ id: target.userId, username: 'x', email: 'x@y.z' }, { remember: false })).token}`,
      },
    });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/predictions/${target.id}/comments/999999`,
      headers: owner.headers,
    });
    expect(ownerOfPrediction.statusCode).toBe(404);
    expect(ownerOfPrediction.json()).toEqual(missing.json());
    expect(missing.json()).toMatchObject({ message: MSG.commentNotFound });
    const wrongPrediction = await t.app.inject({
      method: 'DELETE',
      url: `/api/predictions/${target.id + 100000}/comments/${comment.id}`,
      headers: other.headers,
    });
    expect(wrongPrediction.statusCode).toBe(404);

    const res = await t.app.inject({ method: 'DELETE', url, headers: other.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: MSG.commentDeleted,
      comments_count: comments_count - 1,
    });
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    const page = await t.app.inject(`/api/predictions/${target.id}/comments?limit=100`);
    expect(page.json().comments.map((c: { id: number }) => c.id)).not.toContain(comment.id);
    expect(page.json().comments_count).toBe(comments_count - 1);
    await expectStoredFiguresEqualRecount(t);
  });
});
