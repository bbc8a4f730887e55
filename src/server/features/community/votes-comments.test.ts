import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '#shared/schemas/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { hotScore } from './hot-score.ts';
import { prediction } from '#server/test/community.ts';
import { type TestMember, createMember } from '#server/test/members.ts';

describe.each(testDialects)('likes, dislikes, comments and interactions on %s', (dialect) => {
  let t: TestApp;
  let author: TestMember;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    author = await createMember(t);
  });
  afterAll(() => t.close());

  const vote = (id: number, kind: 'like' | 'dislike', m: TestMember | null) =>
    t.app.inject({ method: 'POST', url: `/api/predictions/${id}/${kind}`, headers: m ? m.headers : {} });

  const stored = async (id: number) => {
    const row = await t.database.db
      .selectFrom('predictions')
      .select([
        'likes_count',
        'dislikes_count',
        'comments_count',
        'engagement_score',
        'hot_score',
        'created_at',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const votes = await t.database.db
      .selectFrom('votes')
      .select(['value'])
      .where('prediction_id', '=', id)
      .execute();
    const comments = await t.database.db
      .selectFrom('comments')
      .select('id')
      .where('prediction_id', '=', id)
      .execute();
    return {
      likes: Number(row.likes_count),
      dislikes: Number(row.dislikes_count),
      comments: Number(row.comments_count),
      engagement: Number(row.engagement_score),
      hot: Number(row.hot_score),
      createdAt: row.created_at,
      votedLikes: votes.filter((v) => Number(v.value) === 1).length,
      votedDislikes: votes.filter((v) => Number(v.value) === -1).length,
      commentRows: comments.length,
    };
  };

  it('toggles: like, like again removes it, dislike switches, dislike again removes it', async () => {
    const id = await prediction(t, { userId: author.id });
    const m = await createMember(t);
    const steps: [
      kind: 'like' | 'dislike',
      likes: number,
      dislikes: number,
      action: string,
      message: string,
    ][] = [
      ['like', 1, 0, 'liked', 'Prediction liked'],
      ['like', 0, 0, '', 'Vote removed'],
      ['like', 1, 0, 'liked', 'Prediction liked'],
      ['dislike', 0, 1, 'disliked', 'Prediction disliked'],
      ['like', 1, 0, 'liked', 'Prediction liked'],
      ['dislike', 0, 1, 'disliked', 'Prediction disliked'],
      ['dislike', 0, 0, '', 'Vote removed'],
    ];
    for (const [kind, likes, dislikes, action, message] of steps) {
      const res = await vote(id, kind, m);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        likes_count: likes,
        dislikes_count: dislikes,
        user_action: action,
        message,
      });
    }
    const s = await stored(id);
    expect(s).toMatchObject({ likes: 0, dislikes: 0, votedLikes: 0, votedDislikes: 0, engagement: 0 });
    expect(s.hot).toBeCloseTo(hotScore(0, s.createdAt), 6);
  });

  it('keeps engagement and hot score in step with the counts', async () => {
    const id = await prediction(t, { userId: author.id });
    for (let i = 0; i < 3; i++) await vote(id, 'like', await createMember(t));
    await vote(id, 'dislike', await createMember(t));
    const s = await stored(id);
    expect(s).toMatchObject({ likes: 3, dislikes: 1, engagement: 2 });
    expect(s.hot).toBeCloseTo(hotScore(2, s.createdAt), 6);
  });

  it('needs a member: 401 for guests and for a revoked session', async () => {
    const id = await prediction(t, { userId: author.id });
    for (const kind of ['like', 'dislike'] as const) {
      const res = await vote(id, kind, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/comments`,
      payload: { comment: 'hello' },
    });
    expect(res.statusCode).toBe(401);
    const interactions = await t.app.inject({
      method: 'POST',
      url: '/api/predictions/interactions',
      payload: { predictionIds: [id] },
    });
    expect(interactions.statusCode).toBe(401);
    expect(await stored(id)).toMatchObject({ likes: 0, commentRows: 0 });
  });

  it('answers 404 for private, flagged and missing predictions, and changes nothing', async () => {
    const m = await createMember(t);
    const hidden = [
      await prediction(t, { userId: author.id, isPublic: false }),
      await prediction(t, { userId: author.id, isFlagged: true }),
    ];
    for (const id of [...hidden, 999_999]) {
      for (const kind of ['like', 'dislike'] as const) {
        const res = await vote(id, kind, m);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, message: 'Prediction not found' });
      }
      expect((await t.app.inject(`/api/predictions/${id}/comments`)).statusCode).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url: `/api/predictions/${id}/comments`,
        headers: m.headers,
        payload: { comment: 'Where is this?' },
      });
      expect(post.statusCode).toBe(404);
    }
    for (const id of hidden)
      expect(await stored(id)).toMatchObject({ likes: 0, dislikes: 0, commentRows: 0 });
    expect((await vote(0, 'like', m)).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/predictions/abc/like', headers: m.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('stays exact under many parallel votes: one vote per member, counts equal the votes table', async () => {
    const id = await prediction(t, { userId: author.id });
    const members = await Promise.all(Array.from({ length: 40 }, () => createMember(t)));
    // Every member likes at once; 10 of them also dislike at once (a switch or a first vote).
    const results = await Promise.all([
      ...members.map((m) => vote(id, 'like', m)),
      ...members.slice(0, 10).map((m) => vote(id, 'dislike', m)),
    ]);
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const s = await stored(id);
    expect(s.likes).toBe(s.votedLikes);
    expect(s.dislikes).toBe(s.votedDislikes);
    expect(s.likes + s.dislikes).toBeLessThanOrEqual(40);
    // Each member's final state is whatever their last request left: both orders are possible.
    expect(s.likes).toBeGreaterThanOrEqual(30);

    // One member hammering the same button: an even number of toggles leaves no vote.
    const one = members[39] as TestMember;
    const before = await stored(id);
    const burst = await Promise.all(Array.from({ length: 12 }, () => vote(id, 'dislike', one)));
    expect(burst.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const after = await stored(id);
    expect(after.likes).toBe(after.votedLikes);
    expect(after.dislikes).toBe(after.votedDislikes);
    // 12 dislike toggles from 'liked': switch, remove, add, remove, …, ends removed.
    expect(after.likes).toBe(before.likes - 1);
    expect(after.dislikes).toBe(before.dislikes);
  });

  it('comments: trimmed, non-empty, at most 500 characters; the count follows', async () => {
    const id = await prediction(t, { userId: author.id });
    const m = await createMember(t);
    const post = (comment: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/predictions/${id}/comments`,
        headers: m.headers,
        payload: { comment },
      });
    for (const bad of ['', '   \n ']) {
      const res = await post(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Comment cannot be empty' });
    }
    const long = await post('x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'Comment must be 500 characters or fewer' });
    expect((await post(42)).statusCode).toBe(400);

    const ok = await post(`  ${'y'.repeat(COMMENT_MAX_LENGTH)}  `);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ success: true, comments_count: 1, comment: { username: m.username } });
    expect(ok.json().comment.comment_text).toHaveLength(COMMENT_MAX_LENGTH);

    const second = await post('  I think 2029 is more likely. ');
    expect(second.json()).toMatchObject({
      comments_count: 2,
      comment: { comment_text: 'I think 2029 is more likely.' },
    });

    const list = await t.app.inject(`/api/predictions/${id}/comments`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.comments_count).toBe(2);
    expect(body.comments.map((c: { text: string }) => c.text)).toEqual([
      'y'.repeat(500),
      'I think 2029 is more likely.',
    ]);
    expect(body.comments[1]).toMatchObject({ username: m.username, user_id: m.id });
    expect(body.comments[1]).not.toHaveProperty('email');
    expect(await stored(id)).toMatchObject({ comments: 2, commentRows: 2, engagement: 4 });
  });

  it('comment counts stay exact under parallel posting', async () => {
    const id = await prediction(t, { userId: author.id });
    const members = await Promise.all(Array.from({ length: 20 }, () => createMember(t)));
    const results = await Promise.all(
      members.map((m, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/predictions/${id}/comments`,
          headers: m.headers,
          payload: { comment: `c${i}` },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().comments_count)).size).toBe(20);
    expect(await stored(id)).toMatchObject({ comments: 20, commentRows: 20 });
  });

  it('limits comments per member (429 with Retry-After)', async () => {
    const id = await prediction(t, { userId: author.id });
    const m = await createMember(t);
    const codes: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/predictions/${id}/comments`,
        headers: m.headers,
        payload: { comment: `n${i}` },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = String(res.headers['retry-after']);
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another member is not affected.
    const other = await createMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/comments`,
      headers: other.headers,
      payload: { comment: 'ok' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('gives likes and dislikes one vote limit per member: 60 a minute in all, not 60 each', async () => {
    const id = await prediction(t, { userId: author.id });
    const m = await createMember(t);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await vote(id, 'like', m)).statusCode);
    for (let i = 0; i < 30; i++) codes.push((await vote(id, 'dislike', m)).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    for (const kind of ['like', 'dislike'] as const) {
      const res = await vote(id, kind, m);
      expect(res.statusCode, kind).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    }
    // Another member is not affected.
    expect((await vote(id, 'dislike', await createMember(t))).statusCode).toBe(200);
  });

  it('returns the member’s own interactions map', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const a = await prediction(t, { userId: author.id });
    const b = await prediction(t, { userId: author.id });
    const c = await prediction(t, { userId: author.id });
    await vote(a, 'like', m);
    await vote(b, 'dislike', m);
    await vote(c, 'like', other);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/predictions/interactions',
      headers: m.headers,
      payload: { predictionIds: [a, b, c, 123456] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, interactions: { [a]: 'liked', [b]: 'disliked' } });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/predictions/interactions',
      headers: m.headers,
      payload: { predictionIds: [] },
    });
    expect(empty.json()).toEqual({ success: true, interactions: {} });
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/predictions/interactions',
      headers: m.headers,
      payload: { predictionIds: Array.from({ length: 201 }, (_, i) => i + 1) },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
