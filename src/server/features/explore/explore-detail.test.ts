import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPLORE_MESSAGES as MSG,
  PredictionDetailReplySchema,
  PublicProfileReplySchema,
} from '#shared/schemas/explore.ts';
import { MyPredictionsReplySchema, PREDICTION_MESSAGES } from '#shared/schemas/predictions.ts';
import { prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { submit, TEXTS } from '#server/test/predictions.ts';

// GET /api/predictions/:id, GET /api/users/:username, the link previews of /p/:id and /u/:username,
// and what a duplicate's 409 may name.

describe.each(testDialects)('one prediction, profiles and link previews on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;
  let alice: TestMember;
  let bob: TestMember;
  let publicId: number;
  let privateId: number;
  let flaggedId: number;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'futurecast-web-'));
    copyFileSync(resolve('index.html'), join(webRoot, 'index.html'));
    t = await buildTestApp({ dialect, deps: { webRoot } });
    alice = await createMember(t);
    bob = await createMember(t);
    const pub = await submit(t, alice, { prediction_text: TEXTS.good, categories: 'Technology' });
    expect(pub.statusCode, pub.body).toBe(201);
    publicId = pub.json().prediction.id;
    const priv = await submit(t, alice, { prediction_text: TEXTS.politics, visibility: false });
    expect(priv.statusCode, priv.body).toBe(201);
    privateId = priv.json().prediction.id;
    const flagged = await submit(t, alice, { prediction_text: TEXTS.machine });
    expect(flagged.statusCode, flagged.body).toBe(201);
    expect(flagged.json().prediction.is_flagged).toBe(true);
    flaggedId = flagged.json().prediction.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, member?: TestMember) =>
    t.app.inject({ url, headers: member ? member.headers : {} });

  it('shows a public prediction to anyone: the topic fields and the analysis summary', async () => {
    const res = await get(`/api/predictions/${publicId}`);
    expect(res.statusCode).toBe(200);
    const { prediction: p } = PredictionDetailReplySchema.parse(res.json());
    expect(p).toMatchObject({
      id: publicId,
      predictionText: TEXTS.good,
      username: alice.username,
      is_owner: false,
      visibility: true,
      is_flagged: false,
      categories: ['Technology'],
    });
    expect(p.owner_view).toBeUndefined();
    expect(p.analysis.quality_percent).toBe(p.reliabilityScore);
    expect(p.analysis.tier).not.toBeNull();
    expect(p.analysis.reasons.length).toBeGreaterThan(0);
    expect(p.analysis.reasons[0]).toEqual({
      code: expect.any(String),
      label: expect.any(String),
      effect: expect.any(Number),
    });
    expect(res.body).not.toContain(alice.email);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await get(`/api/predictions/${publicId}`)).headers['x-explore-cache']).toBe('hit');
  });

  it("shows the owner their private and flagged predictions with the dashboard's view", async () => {
    const mine = MyPredictionsReplySchema.parse((await get('/api/my-predictions', alice)).json());
    for (const id of [privateId, flaggedId]) {
      const res = await get(`/api/predictions/${id}`, alice);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { prediction: p } = PredictionDetailReplySchema.parse(res.json());
      expect(p.is_owner).toBe(true);
      expect(p.owner_view).toEqual(mine.predictions.find((x) => x.id === id));
    }
    const priv = PredictionDetailReplySchema.parse(
      (await get(`/api/predictions/${privateId}`, alice)).json(),
    );
    expect(priv.prediction).toMatchObject({ visibility: false, is_flagged: false });
    const flagged = PredictionDetailReplySchema.parse(
      (await get(`/api/predictions/${flaggedId}`, alice)).json(),
    );
    expect(flagged.prediction).toMatchObject({ visibility: true, is_flagged: true });
    const own = PredictionDetailReplySchema.parse((await get(`/api/predictions/${publicId}`, alice)).json());
    expect(own.prediction.is_owner).toBe(true);
  });

  it('answers everyone else exactly as for an id that never existed', async () => {
    const missing = await get('/api/predictions/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: MSG.predictionNotFound, code: 'NOT_FOUND' });
    for (const id of [privateId, flaggedId]) {
      for (const who of [undefined, bob]) {
        const res = await get(`/api/predictions/${id}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
      expect((await get(`/api/predictions/${id}/comments`)).body).toBe(missing.body);
    }
    // Nor is either ever listed or found.
    const listed = await get('/api/predictions?limit=50');
    expect(listed.json().predictions.map((p: { id: number }) => p.id)).toEqual([publicId]);
    expect((await get('/api/predictions?q=parliament')).json().predictions).toEqual([]);
    expect((await get('/api/predictions?q=language%20model')).json().predictions).toEqual([]);
  });

  it('shows a public profile: never the email, counting only public, unflagged predictions', async () => {
    const res = await get(`/api/users/${alice.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const { user } = PublicProfileReplySchema.parse(res.json());
    expect(user).toMatchObject({ username: alice.username, public_predictions: 1, is_demo: false });
    expect(user.reliability.overall_reliability_score).not.toBeNull();
    expect(user.reliability.label).not.toBeNull();
    expect(res.body).not.toContain('@');
    const empty = PublicProfileReplySchema.parse((await get(`/api/users/${bob.username}`)).json());
    expect(empty.user).toMatchObject({
      public_predictions: 0,
      reliability: { overall_reliability_score: null, label: null },
    });
    const unknown = await get('/api/users/nobody_here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MSG.userNotFound });
    // Names no account can have are not looked up (a NUL byte would fail on PostgreSQL).
    for (const name of ['%00', 'a%00b', 'no spaces', '%E2%80%AE']) {
      const res = await get(`/api/users/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
    expect((await get('/api/predictions?author=%00x')).json().predictions).toEqual([]);
  });

  it('names a duplicate in its 409 only when the author may open it', async () => {
    const carol = await createMember(t);
    // Alice's own private one: she may open it.
    const ownCopy = await submit(t, alice, { prediction_text: `${TEXTS.politics}!` });
    expect(ownCopy.statusCode).toBe(409);
    expect(ownCopy.json().details).toMatchObject({ duplicateOf: privateId });
    // Someone else's public one.
    const copy = await submit(t, carol, { prediction_text: TEXTS.goodNearCopy });
    expect(copy.statusCode).toBe(409);
    expect(copy.json().details).toMatchObject({ duplicateOf: publicId });
    // Someone else's public one that was flagged: still a duplicate, but not named.
    const text = 'By 2031 the price of cocoa will triple because of failed harvests in Ghana.';
    const theirs = await submit(t, bob, { prediction_text: text });
    expect(theirs.statusCode, theirs.body).toBe(201);
    await t.database.db
      .updateTable('predictions')
      .set({ is_flagged: 1 })
      .where('id', '=', theirs.json().prediction.id)
      .execute();
    const again = await submit(t, carol, { prediction_text: `${text} ` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: PREDICTION_MESSAGES.duplicate,
      details: { duplicateOf: null },
    });
    expect(again.body).not.toContain(String(theirs.json().prediction.id));
  });

  it("gives a shared prediction's and profile's HTML their own escaped title, description and Open Graph tags", async () => {
    const text = 'By 2032 <script>alert("x")</script> & "quotes" will be escaped in every preview.';
    const id = await prediction(t, { userId: bob.id, text });
    const page = await get(`/p/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<title>By 2032 &lt;script&gt;alert("x")&lt;/script&gt; &amp; "quotes" will be escaped',
    );
    expect(html).toMatch(/<meta name="description" content="[^"]*&lt;script&gt;alert\(&quot;x&quot;\)/);
    expect(html).toContain(`<meta property="og:url" content="${t.config.publicUrl}/p/${id}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toMatch(/<meta property="og:title" content="By 2032 &lt;script&gt;/);
    expect(html).toMatch(/<meta property="og:description" content="/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // No inline script, and the same policy as every other page.
    expect(html).not.toMatch(/<script>(?!alert)/);
    const home = await get('/');
    expect(page.headers['content-security-policy']).toBe(home.headers['content-security-policy']);

    const profile = (await get(`/u/${alice.username}`)).body;
    expect(profile).toContain(`<title>${alice.username} · Futurecast</title>`);
    expect(profile).toContain('<meta property="og:type" content="profile">');
    expect(profile).toContain('1 public prediction on Futurecast');

    // Hidden, missing and malformed: the generic page.
    for (const path of [
      `/p/${privateId}`,
      `/p/${flaggedId}`,
      '/p/987654',
      '/u/nobody_here',
      '/p/99999999999',
    ]) {
      const generic = (await get(path)).body;
      expect(generic, path).toBe(home.body);
      expect(generic).toContain('<title>Futurecast</title>');
      expect(generic).not.toContain('og:title');
    }
  });
});
