import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '#shared/schemas/account-data.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { submit, TEXTS } from '#server/test/predictions.ts';

// 'Export my data' on both databases: one JSON download with the member's profile, every
// prediction with its analysis and comments, their comments and votes, and nobody else's data.

describe.each(testDialects)('GET /api/account/export on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(async () => t.close());

  const exportOf = (m: TestMember) => t.app.inject({ url: '/api/account/export', headers: m.headers });
  const publish = async (m: TestMember, text: string, visibility = true) => {
    const res = await submit(t, m, { prediction_text: text, categories: 'Technology', visibility });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().prediction as {
      id: number;
      reliability_score: number;
      analysis_result: { reasons: unknown[] };
    };
  };
  const act = (m: TestMember, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: m.headers, ...(payload ? { payload } : {}) });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/account/export' });
    expect(res.statusCode).toBe(401);
  });

  it('holds the profile, every prediction with its analysis and comments, the comments and votes', async () => {
    const alice = await createMember(t);
    const bob = await createMember(t);
    // Stored exactly as sent: inner spacing, markup and emoji survive the round trip.
    const exact =
      'By 2030  <b>half</b> of  new cars sold in Norway will be hydrogen-powered 🚗, not electric.';
    const open = await publish(alice, exact);
    const secret = await publish(alice, TEXTS.politics, false);
    const bobs = await publish(bob, TEXTS.neutral);
    const bobSecret = await publish(
      bob,
      'By 2029 my private forecast says the Oslo metro gets a fourth line.',
      false,
    );
    expect(bobSecret.id).toBeGreaterThan(0);

    expect((await act(bob, `/api/predictions/${open.id}/like`)).statusCode).toBe(200);
    expect(
      (await act(bob, `/api/predictions/${open.id}/comments`, { comment: 'Bold call.' })).statusCode,
    ).toBe(201);
    expect(
      (await act(alice, `/api/predictions/${open.id}/comments`, { comment: 'Thanks!' })).statusCode,
    ).toBe(201);
    expect(
      (await act(alice, `/api/predictions/${bobs.id}/comments`, { comment: 'Not in my town.' })).statusCode,
    ).toBe(201);
    expect((await act(alice, `/api/predictions/${bobs.id}/dislike`)).statusCode).toBe(200);
    // Resolutions (issue 26): Alice resolves hers, votes on Bob's; Bob's vote on hers is his.
    expect(
      (await act(alice, `/api/predictions/${open.id}/resolution`, { outcome: 'no', note: 'Not yet.' }))
        .statusCode,
    ).toBe(200);
    expect((await act(bob, `/api/predictions/${bobs.id}/resolution`, { outcome: 'yes' })).statusCode).toBe(
      200,
    );
    expect(
      (await act(alice, `/api/predictions/${bobs.id}/resolution/vote`, { agree: false })).statusCode,
    ).toBe(200);
    expect((await act(bob, `/api/predictions/${open.id}/resolution/vote`, { agree: true })).statusCode).toBe(
      200,
    );

    const res = await exportOf(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="futurecast-${alice.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const doc = AccountExportSchema.parse(res.json());
    expect(doc).toMatchObject({
      format: 'futurecast-account-export',
      version: 1,
      includes: ['profile', 'predictions', 'comments', 'votes', 'resolutions'],
      profile: {
        id: alice.id,
        username: alice.username,
        email: alice.email,
        email_verified: true,
        sign_in: { password: false, google: false },
        email_digest: false,
        resolution_reminders: true,
      },
    });
    expect(doc.predictions[0]).toMatchObject({
      target_date: '2030-12-31',
      target_date_inferred: true,
      confidence: null,
      resolution: { outcome: 'no', note: 'Not yet.', agree: 1, disagree: 0, disputed: false },
    });
    expect(doc.predictions[1]?.resolution).toBeNull();
    expect(doc.resolution_votes.map((v) => [v.prediction_id, v.agree])).toEqual([[bobs.id, false]]);
    expect(doc.predictions.map((p) => [p.id, p.visibility])).toEqual([
      [open.id, 'public'],
      [secret.id, 'private'],
    ]);
    const [first, second] = doc.predictions;
    expect(first?.text).toBe(exact);
    expect(second?.text).toBe(TEXTS.politics);
    expect(first?.analysis.quality_score).toBe(open.reliability_score);
    expect(first?.analysis.reasons).toEqual(open.analysis_result.reasons);
    expect(first?.analysis.scoring_version).toBeTruthy();
    expect(first?.categories).toEqual(['Technology']);
    expect(first?.engagement).toEqual({ likes: 1, dislikes: 0, comments: 2 });
    expect(first?.comments.map((c) => [c.username, c.text, c.mine])).toEqual([
      [bob.username, 'Bold call.', false],
      [alice.username, 'Thanks!', true],
    ]);
    expect(second?.comments).toEqual([]);
    expect(doc.comments.map((c) => [c.prediction_id, c.text])).toEqual([
      [open.id, 'Thanks!'],
      [bobs.id, 'Not in my town.'],
    ]);
    expect(doc.votes.map((v) => [v.prediction_id, v.vote])).toEqual([[bobs.id, 'dislike']]);

    // Nobody else's data: not Bob's email, his private prediction, or his vote.
    expect(res.body).not.toContain(bob.email);
    expect(res.body).not.toContain('Oslo metro');
    expect(doc.votes.some((v) => v.prediction_id === open.id)).toBe(false);
  });

  it('a member with nothing yet gets the empty sections', async () => {
    const carol = await createMember(t);
    const res = await exportOf(carol);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ predictions: [], comments: [], votes: [], resolution_votes: [] });
  });

  it('is rate-limited per member', async () => {
    const dave = await createMember(t);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await exportOf(dave)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    // Another member is not held by Dave's limit.
    expect((await exportOf(await createMember(t))).statusCode).toBe(200);
  });
});
