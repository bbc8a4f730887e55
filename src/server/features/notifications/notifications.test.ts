import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCheckpoint } from '#server/jobs/job-state.repository.ts';
import { createScheduler } from '#server/jobs/scheduler.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { startAppWithMail, type TestSmtp } from '#server/test/accounts.ts';
import { prediction } from '#server/test/community.ts';
import { type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { DIGEST_JOB, type DigestDeps, digestJob, runDigestPass } from './digest.job.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

// What happened since the last visit (the dashboard), the opt-in digest (a scheduled job, real
// SMTP in-process) and its unsubscribe link, on both databases.

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const HOUR = 3_600_000;

describe.each(testDialects)('notifications on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithMail({ dialect }));
  });
  afterAll(() => close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const like = (m: TestMember, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/predictions/${id}/like`, headers: m.headers });
  const dislike = (m: TestMember, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/predictions/${id}/dislike`, headers: m.headers });
  const comment = (m: TestMember, id: number, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/comments`,
      headers: m.headers,
      payload: { comment: text },
    });
  const activity = async (headers: { authorization: string }) => {
    const res = await t.app.inject({ url: '/api/account/activity', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** A second sign-in of the same member: a new session. */
  const newSession = async (m: TestMember) => {
    const { token } = await t.app.sessions.issue(m, { remember: false });
    return { authorization: `Bearer ${token}` };
  };

  describe('since your last visit', () => {
    it('needs a session', async () => {
      expect((await t.app.inject({ url: '/api/account/activity' })).statusCode).toBe(401);
    });

    it("counts others' new likes and comments on the member's predictions since the previous visit", async () => {
      const alice = await createMember(t);
      const bob = await createMember(t);
      const carol = await createMember(t);
      const first = await prediction(t, { userId: alice.id, text: 'By 2030 half of Oslo commutes by bike.' });
      const second = await prediction(t, { userId: alice.id, text: 'By 2028 Norway bans new petrol cars.' });
      await like(bob, first);

      // First visit: nothing to compare with, so everything so far.
      const v1 = await activity(alice.headers);
      expect(v1).toMatchObject({ firstVisit: true, since: null, likes: 1, comments: 0 });
      // A reload in the same visit shows the same window.
      expect(await activity(alice.headers)).toMatchObject({ firstVisit: true, since: null, likes: 1 });

      // Between visits: likes, a switched vote, comments, and the member's own reactions.
      await like(carol, first);
      await comment(bob, first, 'Only in summer.');
      await comment(carol, second, 'The law passed already?');
      await comment(carol, first, 'Bike lanes first.');
      await like(alice, second);
      await comment(alice, second, 'Replying to myself.');
      await like(bob, second);
      await dislike(bob, second); // a like taken back is no new like

      const v2 = await activity(await newSession(alice));
      expect(v2.firstVisit).toBe(false);
      expect(Date.parse(v2.since)).toBeGreaterThan(0);
      expect(v2).toMatchObject({
        likes: 1,
        comments: 3,
        predictions: [
          { id: first, text: 'By 2030 half of Oslo commutes by bike.', likes: 1, comments: 2 },
          { id: second, text: 'By 2028 Norway bans new petrol cars.', likes: 0, comments: 1 },
        ],
      });
      expect(v2.latestComments.map((c: { username: string; text: string }) => [c.username, c.text])).toEqual([
        [carol.username, 'Bike lanes first.'],
        [carol.username, 'The law passed already?'],
        [bob.username, 'Only in summer.'],
      ]);
    });

    it('a return after a 30-minute gap is a new visit, even in the same session', async () => {
      const alice = await createMember(t);
      const bob = await createMember(t);
      const id = await prediction(t, { userId: alice.id });
      await activity(alice.headers);
      await like(bob, id);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 20 * 60_000);
      const same = await activity(alice.headers);
      expect(same).toMatchObject({ since: null, likes: 1 });
      vi.setSystemTime(Date.now() + 31 * 60_000);
      const later = await activity(alice.headers);
      expect(later.firstVisit).toBe(false);
      expect(later).toMatchObject({ likes: 0, comments: 0, predictions: [], latestComments: [] });
    });
  });

  describe('digest settings', () => {
    it('is off until the member turns it on, and back off', async () => {
      const alice = await createMember(t);
      const get = async () =>
        (await t.app.inject({ url: '/api/account/notifications', headers: alice.headers })).json();
      const put = (payload: unknown) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/account/notifications',
          headers: alice.headers,
          payload: payload as object,
        });
      expect(await get()).toEqual({ success: true, digest: false });
      expect((await put({ digest: true })).json()).toEqual({ success: true, digest: true });
      expect((await put({ digest: true })).statusCode).toBe(200);
      expect(await get()).toEqual({ success: true, digest: true });
      expect((await put({ digest: 'yes' })).statusCode).toBe(400);
      expect((await put({ digest: false })).json()).toEqual({ success: true, digest: false });
      expect(await get()).toEqual({ success: true, digest: false });
      expect((await t.app.inject({ url: '/api/account/notifications' })).statusCode).toBe(401);
    });
  });

  describe('the digest job', () => {
    const deps = (over: Partial<DigestDeps> = {}): DigestDeps => ({
      db: t.database.db,
      mailer: createMailer(t.config, t.app.log),
      publicUrl: 'https://futurecast.example',
      secret: t.config.sessionSecret,
      log: quiet,
      ...over,
    });
    const optIn = (m: TestMember) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/notifications',
        headers: m.headers,
        payload: { digest: true },
      });

    it('mails what happened since opting in, once a day at most, only when something did', async () => {
      const alice = await createMember(t);
      const bob = await createMember(t);
      const quietOne = await createMember(t);
      const id = await prediction(t, { userId: alice.id, text: 'By 2030 Oslo gets a cable car.' });
      await prediction(t, { userId: quietOne.id });
      await like(bob, id); // before opting in: not in any digest
      await optIn(alice);
      await optIn(quietOne);
      await comment(bob, id, 'Over the fjord?');

      const mark = smtp.mails.length;
      const done = await runDigestPass(deps(), null);
      expect(done).toMatchObject({ done: true });
      const mail = await smtp.waitFor(alice.email, mark);
      expect(mail.subject).toBe('Futurecast: 1 new comment on your predictions');
      expect(mail.text).toContain('“By 2030 Oslo gets a cable car.”: 0 likes, 1 comment');
      expect(mail.text).toContain(`${bob.username}: “Over the fjord?”`);
      expect(mail.text).toContain('https://futurecast.example/login');
      const unsubscribe = /https:\/\/futurecast\.example\/unsubscribe\?token=(\S+)/.exec(mail.text);
      expect(unsubscribe).not.toBeNull();
      expect(mail.raw).toMatch(
        /^List-Unsubscribe:\s+<https:\/\/futurecast\.example\/api\/digest\/unsubscribe\?token=/m,
      );
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      // Nothing new for the quiet member: no mail at all.
      expect(smtp.mailsTo(quietOne.email)).toEqual([]);

      // Run again at once (a restart, a second instance): nobody hears twice.
      await like(await createMember(t), id);
      await runDigestPass(deps(), null);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.mailsTo(alice.email)).toHaveLength(1);

      // A day later: the like that came after the first digest, and only it.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 24 * HOUR);
      const next = smtp.mails.length;
      await runDigestPass(deps(), null);
      const second = await smtp.waitFor(alice.email, next);
      expect(second.subject).toBe('Futurecast: 1 new like on your predictions');
    });

    it('two runners on the same pass send one mail; an interrupted pass resumes after its last member', async () => {
      const alice = await createMember(t);
      const bob = await createMember(t);
      const id = await prediction(t, { userId: alice.id });
      await optIn(alice);
      await comment(bob, id, 'Agreed.');
      const at = new Date(Date.now() + 1000);
      const mark = smtp.mails.length;
      await Promise.all([
        runDigestPass(deps({ now: () => at }), null),
        runDigestPass(deps({ now: () => at }), null),
      ]);
      await smtp.waitFor(alice.email, mark);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mailsTo(alice.email)).toHaveLength(1);

      const carol = await createMember(t);
      const cid = await prediction(t, { userId: carol.id });
      await optIn(carol);
      await comment(bob, cid, 'Interesting.');
      const skipped = await runDigestPass(deps(), {
        passStartedAt: new Date(Date.now() + 1000).toISOString(),
        lastUserId: carol.id,
        done: false,
        at: new Date().toISOString(),
        sent: 0,
      });
      expect(skipped).toMatchObject({ done: true, sent: 0 });
      expect(smtp.mailsTo(carol.email)).toEqual([]);
    });

    it('a mail that fails is tried again by the next pass', async () => {
      const alice = await createMember(t);
      const bob = await createMember(t);
      const id = await prediction(t, { userId: alice.id });
      await optIn(alice);
      await comment(bob, id, 'Try again.');
      const broken = createMailer(
        { ...t.config, mail: { ...t.config.mail, smtpUrl: 'smtp://127.0.0.1:1' } },
        t.app.log,
      );
      const failed = await runDigestPass(deps({ mailer: broken }), null);
      expect(failed.sent).toBe(0);
      const mark = smtp.mails.length;
      const retried = await runDigestPass(deps({ now: () => new Date(Date.now() + 1000) }), null);
      expect(retried.sent).toBeGreaterThanOrEqual(1);
      expect((await smtp.waitFor(alice.email, mark)).text).toContain('Try again.');
    });

    it('runs as a job of the scheduler: one runner (lock), a checkpoint, skipped while fresh', async () => {
      const a = createScheduler({ db: t.database.db, log: quiet });
      const b = createScheduler({ db: t.database.db, log: quiet });
      a.add(digestJob(deps()));
      b.add(digestJob(deps()));
      const outcomes = await Promise.all([a.runOnce(DIGEST_JOB), b.runOnce(DIGEST_JOB)]);
      expect(outcomes.sort()).toEqual(['locked', 'ran']);
      expect(await loadCheckpoint(t.database.db, DIGEST_JOB)).toMatchObject({ done: true });
      expect(await b.runOnce(DIGEST_JOB)).toBe('fresh');
      await Promise.all([a.stop(), b.stop()]);
    });
  });

  describe('unsubscribe without signing in', () => {
    const post = (url: string, payload?: string | object, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        ...(payload === undefined ? {} : { payload }),
      });
    const subscribed = async (m: TestMember) =>
      (await t.app.inject({ url: '/api/account/notifications', headers: m.headers })).json().digest;
    const optIn = (m: TestMember) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/notifications',
        headers: m.headers,
        payload: { digest: true },
      });

    it('from the unsubscribe page (JSON) and by one click (RFC 8058 form post)', async () => {
      const alice = await createMember(t);
      await optIn(alice);
      const token = signUnsubscribeToken(t.config.sessionSecret, alice.id, Date.now() + HOUR);
      const res = await post('/api/digest/unsubscribe', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'You will no longer receive the Futurecast digest.',
      });
      expect(await subscribed(alice)).toBe(false);

      await optIn(alice);
      const oneClick = await post(
        `/api/digest/unsubscribe?token=${token}`,
        'List-Unsubscribe=One-Click',
        'application/x-www-form-urlencoded',
      );
      expect(oneClick.statusCode).toBe(200);
      expect(await subscribed(alice)).toBe(false);
    });

    it('refuses forged, altered, expired and session tokens', async () => {
      const alice = await createMember(t);
      await optIn(alice);
      const good = signUnsubscribeToken(t.config.sessionSecret, alice.id, Date.now() + HOUR);
      const [, expiry, mac] = good.split('.');
      const cases = [
        signUnsubscribeToken('another-secret-another-secret-000000', alice.id, Date.now() + HOUR),
        `${alice.id + 1}.${expiry}.${mac}`,
        `${alice.id}.${Number(expiry) + 100}.${mac}`,
        signUnsubscribeToken(t.config.sessionSecret, alice.id, Date.now() - 1000),
        alice.token,
        '',
      ];
      for (const token of cases) {
        const res = await post('/api/digest/unsubscribe', { token });
        expect(res.statusCode, token).toBe(400);
        expect(res.json().message).toBe(
          'This unsubscribe link is invalid or has expired. Sign in and turn the digest off in your settings.',
        );
      }
      expect((await post('/api/digest/unsubscribe')).statusCode).toBe(400);
      expect(await subscribed(alice)).toBe(true);
    });
  });
});
