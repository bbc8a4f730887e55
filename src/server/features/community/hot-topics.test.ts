import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { HotTopicsReplySchema } from '#shared/schemas/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { engagementScore, hotScore } from './hot-score.ts';
import { hoursAgo, prediction } from '#server/test/community.ts';
import { createMember } from '#server/test/members.ts';

describe('hot score', () => {
  it('grows with engagement and with recency, and never changes as time passes', () => {
    const t = '2026-03-01T12:00:00.000Z';
    expect(hotScore(10, t)).toBeGreaterThan(hotScore(1, t));
    expect(hotScore(-10, t)).toBeLessThan(hotScore(0, t));
    // Ten times the engagement is worth 45 hours of freshness.
    const later = new Date(Date.parse(t) + 45 * 3_600_000).toISOString();
    expect(hotScore(10, t)).toBeCloseTo(hotScore(1, later), 5);
    expect(engagementScore(3, 1, 2)).toBe(6);
  });
});

describe.each(testDialects)('GET /api/hot-topics/ai on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  const get = async () => {
    const res = await t.app.inject('/api/hot-topics/ai');
    expect(res.statusCode).toBe(200);
    return HotTopicsReplySchema.parse(res.json());
  };

  it('ranks by stored hot score: engagement against age', async () => {
    t = await buildTestApp({ dialect });
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    const fresh = await prediction(t, { userId: a.id, createdAt: hoursAgo(1) });
    const popularOld = await prediction(t, { userId: b.id, createdAt: hoursAgo(30), likes: 40, comments: 5 });
    const staleOld = await prediction(t, { userId: c.id, createdAt: hoursAgo(200), likes: 3 });
    const disliked = await prediction(t, { userId: c.id, createdAt: hoursAgo(2), dislikes: 20 });
    const reply = await get();
    expect(reply.topics.map((x) => x.id)).toEqual([popularOld, fresh, disliked, staleOld]);
    expect(reply.topics.map((x) => x.qualityRank)).toEqual([1, 2, 3, 4]);
    const top = reply.topics[0];
    expect(top).toMatchObject({
      predictionId: popularOld,
      engagement: { likes: 40, dislikes: 0, comments: 5 },
      engagement_score: 50,
      username: b.username,
      user_id: b.id,
      aiGenerated: false,
      reliabilityScore: 80,
      isDemo: false,
      comments: [],
    });
    expect(top?.title.length).toBeGreaterThan(0);
    expect(top?.keywords.length).toBeLessThanOrEqual(4);
    expect(top).not.toHaveProperty('email');
    expect(reply.metadata).toMatchObject({
      count: 4,
      qualityFiltered: true,
      thresholds: { predictionReliability: 70, userReliability: 40 },
    });
  });

  it('applies the thresholds: prediction reliability 70 and author reliability 40', async () => {
    t = await buildTestApp({ dialect });
    const good = await createMember(t);
    const weak = await createMember(t);
    const at70 = await prediction(t, { userId: good.id, reliability: 70 });
    await prediction(t, { userId: good.id, reliability: 69 });
    await prediction(t, { userId: good.id, reliability: null });
    // A strong post by a member whose record is poor: (50×5 + 90 + 10×10) / 16 ≈ 27 < 40.
    await prediction(t, { userId: weak.id, reliability: 90, likes: 50 });
    for (let i = 0; i < 10; i++) await prediction(t, { userId: weak.id, reliability: 10, isPublic: false });
    const reply = await get();
    expect(reply.topics.map((x) => x.id)).toEqual([at70]);
    expect(reply.topics[0]?.userReliability).toBeGreaterThanOrEqual(40);
  });

  it('never shows private or flagged predictions, and caps each author at two', async () => {
    t = await buildTestApp({ dialect });
    const a = await createMember(t);
    const b = await createMember(t);
    await prediction(t, { userId: a.id, isPublic: false, likes: 100 });
    await prediction(t, { userId: a.id, isFlagged: true, likes: 100 });
    const a1 = await prediction(t, { userId: a.id, likes: 5 });
    const a2 = await prediction(t, { userId: a.id, likes: 4 });
    await prediction(t, { userId: a.id, likes: 3 });
    const b1 = await prediction(t, { userId: b.id, likes: 1 });
    const reply = await get();
    expect(reply.topics.map((x) => x.id)).toEqual([a1, a2, b1]);
  });

  it('fills the carousel with demo predictions, labelled as such, while fewer than ten real ones qualify', async () => {
    t = await buildTestApp({ dialect });
    const real = await createMember(t);
    // Ten demo predictions from five demo members (two each, the per-author cap), the hottest first.
    const demos: number[] = [];
    for (let m = 0; m < 5; m++) {
      const demo = await createMember(t);
      for (let i = 0; i < 2; i++) {
        demos.push(
          await prediction(t, {
            userId: demo.id,
            isDemo: true,
            likes: 30 - demos.length,
            // 'test' and 'debug' in a text are not a reason to hide it (decision 008).
            text:
              demos.length === 0
                ? 'The latest protests will push the city to test a car-free centre by 2028.'
                : undefined,
          }),
        );
      }
    }
    // A member's prediction under the threshold does not displace any of them.
    await prediction(t, { userId: real.id, reliability: 60 });
    const before = await get();
    expect(before.topics.map((x) => ({ id: x.id, isDemo: x.isDemo }))).toEqual(
      demos.map((id) => ({ id, isDemo: true })),
    );

    // The first one that qualifies comes first, however hot the demo ones are; the demo community
    // fills the other nine places, so the carousel keeps its ten cards.
    const voter = await createMember(t);
    // A vote invalidates the cached reply (the fixtures write the table directly).
    const like = async (id: number) =>
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/predictions/${id}/like`, headers: voter.headers }))
          .statusCode,
      ).toBe(200);
    const own = await prediction(t, { userId: real.id });
    await like(own);
    const after = await get();
    expect(after.topics.map((x) => ({ id: x.id, isDemo: x.isDemo }))).toEqual([
      { id: own, isDemo: false },
      ...demos.slice(0, 9).map((id) => ({ id, isDemo: true })),
    ]);
    expect(after.topics.map((x) => x.qualityRank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(after.metadata.count).toBe(10);

    // Ten real ones leave no place for demo content.
    const others: number[] = [own, await prediction(t, { userId: real.id })];
    for (let m = 0; m < 4; m++) {
      const member = await createMember(t);
      for (let i = 0; i < 2; i++) others.push(await prediction(t, { userId: member.id }));
    }
    await like(own);
    const full = await get();
    expect(full.topics).toHaveLength(10);
    expect(full.topics.every((x) => !x.isDemo)).toBe(true);
    expect(new Set(full.topics.map((x) => x.id))).toEqual(new Set(others));
  });

  it('shows a newly published qualifying prediction at once, not after the cache expires', async () => {
    t = await buildTestApp({ dialect });
    const a = await createMember(t);
    const old = await prediction(t, { userId: a.id, createdAt: hoursAgo(5) });
    expect((await get()).topics.map((x) => x.id)).toEqual([old]);
    expect((await get()).metadata.cached).toBe(true);

    const author = await createMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/predictions',
      headers: author.headers,
      payload: {
        prediction_text:
          'Norway: at least 95% of new cars sold in 2027 will be fully electric, up from 89% in 2024.',
        categories: 'Technology',
        visibility: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const published = res.json().prediction;
    expect(published.reliability_score).toBeGreaterThanOrEqual(70);
    const reply = await get();
    expect(reply.metadata.cached).toBe(false);
    expect(reply.topics.map((x) => x.id)).toContain(published.id);
  });

  it('is cached, and a vote or comment invalidates the cache at once', async () => {
    t = await buildTestApp({ dialect });
    const a = await createMember(t);
    const voter = await createMember(t);
    const low = await prediction(t, { userId: a.id, createdAt: hoursAgo(3) });
    const high = await prediction(t, { userId: a.id, createdAt: hoursAgo(1) });
    const first = await get();
    expect(first.metadata.cached).toBe(false);
    expect(first.topics.map((x) => x.id)).toEqual([high, low]);
    const second = await get();
    expect(second.metadata.cached).toBe(true);
    expect(second.metadata.generated).toBe(first.metadata.generated);

    // Likes from several members lift the older one above the newer.
    for (let i = 0; i < 3; i++) {
      const m = i === 0 ? voter : await createMember(t);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/predictions/${low}/like`,
        headers: m.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const third = await get();
    expect(third.metadata.cached).toBe(false);
    expect(third.topics.map((x) => x.id)).toEqual([low, high]);
    expect(third.topics[0]?.engagement.likes).toBe(3);

    await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${high}/comments`,
      headers: voter.headers,
      payload: { comment: 'Plausible.' },
    });
    const fourth = await get();
    expect(fourth.metadata.cached).toBe(false);
    expect(fourth.topics.find((x) => x.id === high)?.engagement.comments).toBe(1);
  });

  it('sends the cached reply compressed to clients that accept it, the same JSON once decoded', async () => {
    t = await buildTestApp({ dialect });
    const a = await createMember(t);
    for (let i = 0; i < 3; i++) await prediction(t, { userId: a.id, createdAt: hoursAgo(i + 1) });
    const plain = await t.app.inject('/api/hot-topics/ai');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.json();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1.0, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ url: '/api/hot-topics/ai', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual({
        ...body,
        metadata: { ...body.metadata, cached: true },
      });
    }
  });

  it('reads the top N through the hot-score index, not a scan', async () => {
    t = await buildTestApp({ dialect });
    if (dialect !== 'sqlite') return;
    const { sql } = await import('kysely');
    const plan = await sql<{ detail: string }>`explain query plan
      select p.id from predictions p join users u on u.id = p.user_id
      where p.is_public = 1 and p.is_flagged = 0 and p.reliability_score >= 70
      order by p.hot_score desc, p.id desc limit 100`.execute(t.database.db);
    const text = plan.rows.map((r) => r.detail).join('\n');
    // The partial index of migration 032, already in order: no sort.
    expect(text).toMatch(/predictions_public_hot_idx/);
    expect(text).not.toMatch(/TEMP B-TREE/);
  });
});
