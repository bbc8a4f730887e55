import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExploreListReplySchema,
  PredictionDetailReplySchema,
  PublicProfileReplySchema,
} from '#shared/schemas/explore.ts';
import { HotTopicsReplySchema } from '#shared/schemas/community.ts';
import { prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';

// Issue 26 in the explore replies: every prediction carries its resolution, the list filters by
// status, profiles show the public track record, and deletions take predictions out of it.

describe.each(testDialects)('resolution in explore on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  async function dated(
    author: TestMember,
    confidence: number | null,
    targetDate: string | null,
    isPublic = true,
  ) {
    const id = await prediction(t, {
      userId: author.id,
      isPublic,
      text: `By ${targetDate ?? 'someday'} ${Math.random()}`,
    });
    await t.database.db
      .updateTable('predictions')
      .set({ confidence, target_date: targetDate })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const resolve = async (m: TestMember, id: number, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/resolution`,
      headers: m.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const get = async (url: string, m?: TestMember) => {
    const res = await t.app.inject({
      url,
      headers: { 'cache-control': 'no-cache', ...(m ? m.headers : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  async function walk(query: string): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const reply = ExploreListReplySchema.parse(
        await get(`/api/predictions?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      );
      ids.push(...reply.predictions.map((p) => p.id));
      cursor = reply.nextCursor;
      if (!cursor) return ids;
    }
    throw new Error('the walk did not end');
  }

  it('carries the resolution in the hot topics too, and a resolution refreshes the cached list', async () => {
    const hani = await createMember(t);
    const id = await dated(hani, 75, '2099-06-30');
    const topicOf = async () => {
      const reply = HotTopicsReplySchema.parse(
        (await t.app.inject({ url: '/api/hot-topics/ai', remoteAddress: '10.26.0.1' })).json(),
      );
      return reply.topics.find((topic) => topic.id === id);
    };
    expect((await topicOf())?.resolution).toMatchObject({ status: 'open', outcome: null, agree: 0 });
    await resolve(hani, id, { outcome: 'yes' });
    expect((await topicOf())?.resolution).toMatchObject({ status: 'resolved', outcome: 'yes' });
  });

  it('carries the resolution in list and detail replies, and filters by status with complete paging', async () => {
    const ana = await createMember(t);
    const open = [await dated(ana, null, null), await dated(ana, 70, '2099-01-01')];
    const due = [await dated(ana, 60, '2020-01-01'), await dated(ana, null, '2021-06-30')];
    const resolved = [await dated(ana, 80, '2099-01-01'), await dated(ana, 65, '2020-02-02')];
    await resolve(ana, resolved[0] as number, { outcome: 'yes', evidence_url: 'https://example.com/a' });
    await resolve(ana, resolved[1] as number, { outcome: 'no', note: 'It did not happen.' });

    const all = ExploreListReplySchema.parse(await get(`/api/predictions?author=${ana.username}&limit=50`));
    const byId = new Map(all.predictions.map((p) => [p.id, p.resolution]));
    expect(byId.get(open[1] as number)?.status).toBe('open');
    expect(byId.get(due[0] as number)?.status).toBe('due');
    expect(byId.get(resolved[0] as number)).toMatchObject({
      status: 'resolved',
      outcome: 'yes',
      evidence_url: 'https://example.com/a',
      agree: 0,
      disagree: 0,
      disputed: false,
    });

    const detail = PredictionDetailReplySchema.parse(await get(`/api/predictions/${resolved[1]}`));
    expect(detail.prediction.resolution).toMatchObject({
      status: 'resolved',
      outcome: 'no',
      note: 'It did not happen.',
    });
    const own = PredictionDetailReplySchema.parse(await get(`/api/predictions/${due[0]}`, ana));
    expect(own.prediction.resolution.status).toBe('due');
    expect(own.prediction.owner_view?.resolution.status).toBe('due');

    for (const sort of ['new', 'hot', 'top']) {
      const q = `author=${ana.username}&sort=${sort}&limit=1`;
      expect((await walk(`${q}&status=open`)).sort()).toEqual([...open].sort());
      expect((await walk(`${q}&status=due`)).sort()).toEqual([...due].sort());
      expect((await walk(`${q}&status=resolved`)).sort()).toEqual([...resolved].sort());
    }
    // Search filters by status too.
    const found = ExploreListReplySchema.parse(
      await get(`/api/predictions?author=${ana.username}&q=someday&status=open`),
    );
    expect(found.predictions.map((p) => p.id)).toEqual([open[0]]);
  });

  it('shows a hand-computed public track record on the profile, never counting private predictions', async () => {
    const ben = await createMember(t);
    // (c/100 − o)²: 0.16, 0.49, 0.04 → Brier 0.23 over 3; the private one (0.01) stays out.
    const cases: Array<[number, 'yes' | 'no', boolean]> = [
      [60, 'yes', true],
      [70, 'no', true],
      [80, 'yes', true],
      [90, 'yes', false],
    ];
    for (const [confidence, outcome, isPublic] of cases) {
      const id = await dated(ben, confidence, '2099-01-01', isPublic);
      await resolve(ben, id, { outcome });
    }
    const { user } = PublicProfileReplySchema.parse(await get(`/api/users/${ben.username}`));
    expect(user.public_predictions).toBe(3);
    expect(user.track_record).toMatchObject({ resolved: 3, came_true: 2, scored: 3 });
    expect(user.track_record.came_true_rate).toBeCloseTo(2 / 3, 3);
    expect(user.track_record.brier).toBeCloseTo(0.23, 3);
    const b60 = user.track_record.calibration.find((b) => b.bucket === '60-69');
    expect(b60).toMatchObject({ count: 1, observed: 1 });
    expect(user.track_record.calibration.find((b) => b.bucket === '90-99')?.count).toBe(0);
    expect(user.reliability.overall_reliability_score).not.toBeNull();
  });

  it('takes a deleted prediction, and a deleted account, out of the track records', async () => {
    const cy = await createMember(t);
    const keep = await dated(cy, 60, '2099-01-01');
    const gone = await dated(cy, 90, '2099-01-01');
    await resolve(cy, keep, { outcome: 'yes' });
    await resolve(cy, gone, { outcome: 'no' });
    const before = PublicProfileReplySchema.parse(await get(`/api/users/${cy.username}`)).user.track_record;
    expect(before).toMatchObject({ resolved: 2, came_true: 1 });
    const community = async () => (await get('/api/analytics/resolution')) as Record<string, unknown>;
    const communityBefore = await community();

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/predictions/${gone}`,
      headers: cy.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    const after = PublicProfileReplySchema.parse(await get(`/api/users/${cy.username}`)).user.track_record;
    expect(after).toMatchObject({ resolved: 1, came_true: 1, scored: 1 });
    expect(after.brier).toBeCloseTo(0.16, 3);
    expect(await community()).not.toEqual(communityBefore);

    // The account goes: its public record leaves the community's figures.
    const voter = await createMember(t);
    const other = await dated(voter, 70, '2099-01-01');
    await resolve(voter, other, { outcome: 'yes' });
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${other}/resolution/vote`,
      headers: cy.headers,
      payload: { agree: false },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    const withCy = await community();
    const gone2 = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: cy.headers,
      payload: { username: cy.username },
    });
    expect(gone2.statusCode, gone2.body).toBe(200);
    expect(await community()).not.toEqual(withCy);
    const detail = PredictionDetailReplySchema.parse(await get(`/api/predictions/${other}`));
    expect(detail.prediction.resolution.disagree).toBe(0);
  });
});
