import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOLUTION_MESSAGES as MSG } from '#shared/schemas/resolution.ts';
import { loadCheckpoint } from '#server/jobs/job-state.repository.ts';
import { createScheduler } from '#server/jobs/scheduler.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { startSmtp, type TestSmtp } from '#server/test/accounts.ts';
import { prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { REMINDER_JOB, type ReminderDeps, reminderJob, runReminderPass } from './reminder.job.ts';
import { signOptOutToken } from './reminder-token.ts';

// The resolution reminders (issue 26): a scheduled job mailing each due prediction's author once,
// through a real SMTP server in-process, and the opt-out link that works without signing in.

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const DAY = 86_400_000;

describe.each(testDialects)('resolution reminders on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({
      dialect,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://futurecast.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => vi.useRealTimers());

  const deps = (over: Partial<ReminderDeps> = {}): ReminderDeps => ({
    db: t.database.db,
    mailer: createMailer(t.config, t.app.log),
    publicUrl: 'https://futurecast.example',
    secret: t.config.sessionSecret,
    log: quiet,
    ...over,
  });
  const yesterday = () => new Date(Date.now() - DAY).toISOString().slice(0, 10);
  const tomorrow = () => new Date(Date.now() + DAY).toISOString().slice(0, 10);
  async function dated(author: TestMember, targetDate: string, text?: string) {
    const id = await prediction(t, { userId: author.id, ...(text ? { text } : {}) });
    await t.database.db
      .updateTable('predictions')
      .set({ target_date: targetDate })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const resolutionOf = async (m: TestMember, id: number) =>
    (await t.app.inject({ url: '/api/my-predictions', headers: m.headers }))
      .json()
      .predictions.find((p: { id: number }) => p.id === id).resolution;
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it('mails the author once when a prediction falls due, with links to resolve and to opt out', async () => {
    const ana = await createMember(t);
    const due = await dated(ana, yesterday(), 'By 2027 Oslo will open its fourth metro line to Fornebu.');
    const notYet = await dated(ana, tomorrow());
    const early = await dated(ana, yesterday());
    await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${early}/resolution`,
      headers: ana.headers,
      payload: { outcome: 'yes' },
    });
    const mark = smtp.mails.length;
    const pass = await runReminderPass(deps(), null);
    expect(pass).toMatchObject({ done: true });
    const mail = await smtp.waitFor(ana.email, mark);
    expect(mail.subject).toBe('Futurecast: your prediction is due for resolution');
    expect(mail.text).toContain('“By 2027 Oslo will open its fourth metro line to Fornebu.”');
    expect(mail.text).toContain(`https://futurecast.example/login?resolve=${due}`);
    expect(mail.text).toMatch(/https:\/\/futurecast\.example\/reminders\/opt-out\?token=\S+/);
    expect(mail.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/futurecast\.example\/api\/resolution-reminders\/opt-out\?token=/m,
    );
    expect(await resolutionOf(ana, due)).toMatchObject({ status: 'due' });
    expect(await resolutionOf(ana, notYet)).toMatchObject({ status: 'open' });

    // Run again (a restart, the next hour): nobody hears twice.
    await runReminderPass(deps(), null);
    await settle();
    expect(smtp.mailsTo(ana.email)).toHaveLength(1);
    const row = await t.database.db
      .selectFrom('predictions')
      .select(['due_noted_at', 'reminder_sent_at'])
      .where('id', '=', due)
      .executeTakeFirstOrThrow();
    expect(row.due_noted_at).not.toBeNull();
    expect(row.reminder_sent_at).not.toBeNull();
  });

  it('two instances running it at once send one mail per due prediction', async () => {
    const bob = await createMember(t);
    const carol = await createMember(t);
    const ids = [
      await dated(bob, yesterday()),
      await dated(bob, yesterday()),
      await dated(carol, yesterday()),
    ];
    const mark = smtp.mails.length;
    // On PostgreSQL the second runner has its own pool, as another app instance would.
    const second = t.database.connectAgain?.();
    const [a, b] = await Promise.all([
      runReminderPass(deps(), null),
      runReminderPass(deps(second ? { db: second.db } : {}), null),
    ]);
    await second?.close();
    expect(a.sent + b.sent).toBe(3);
    await smtp.waitFor(carol.email, mark);
    await settle();
    expect(smtp.mailsTo(bob.email)).toHaveLength(2);
    expect(smtp.mailsTo(carol.email)).toHaveLength(1);
    const links = smtp.mailsTo(bob.email).map((m) => /login\?resolve=(\d+)/.exec(m.text)?.[1]);
    expect(links.sort()).toEqual(ids.slice(0, 2).map(String).sort());
    // The due predictions count once each in the track record.
    const record = (await t.app.inject({ url: '/api/my-track-record', headers: bob.headers })).json();
    expect(record.track_record.resolution_rate).toBe(0);
  });

  it('runs as a job of the scheduler: one runner (lock), a checkpoint, skipped while fresh', async () => {
    const dan = await createMember(t);
    await dated(dan, yesterday());
    const a = createScheduler({ db: t.database.db, log: quiet });
    const b = createScheduler({ db: t.database.db, log: quiet });
    a.add(reminderJob(deps()));
    b.add(reminderJob(deps()));
    const mark = smtp.mails.length;
    const outcomes = await Promise.all([a.runOnce(REMINDER_JOB), b.runOnce(REMINDER_JOB)]);
    expect(outcomes.sort()).toEqual(['locked', 'ran']);
    expect(await loadCheckpoint(t.database.db, REMINDER_JOB)).toMatchObject({ done: true });
    expect(await b.runOnce(REMINDER_JOB)).toBe('fresh');
    await smtp.waitFor(dan.email, mark);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a mail that fails is tried again by the next pass; demo and opted-out members are not mailed', async () => {
    const erin = await createMember(t);
    const id = await dated(erin, yesterday());
    const broken = createMailer(
      { ...t.config, mail: { ...t.config.mail, smtpUrl: 'smtp://127.0.0.1:1' } },
      t.app.log,
    );
    expect((await runReminderPass(deps({ mailer: broken }), null)).sent).toBe(0);
    const noted = await t.database.db
      .selectFrom('predictions')
      .select('due_noted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(noted.due_noted_at).toBeNull();
    const mark = smtp.mails.length;
    expect((await runReminderPass(deps(), null)).sent).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(erin.email, mark);

    const demo = await createMember(t);
    await t.database.db.updateTable('users').set({ is_demo: 1 }).where('id', '=', demo.id).execute();
    const quietOne = await createMember(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/resolution-reminders',
      headers: quietOne.headers,
      payload: { reminders: false },
    });
    const demoId = await dated(demo, yesterday());
    const quietId = await dated(quietOne, yesterday());
    await runReminderPass(deps(), null);
    await settle();
    expect(smtp.mailsTo(demo.email)).toEqual([]);
    expect(smtp.mailsTo(quietOne.email)).toEqual([]);
    // Still counted as due.
    expect(await resolutionOf(quietOne, quietId)).toMatchObject({ status: 'due' });
    expect(demoId).toBeGreaterThan(0);
  });

  describe('the opt-out link, without signing in', () => {
    const post = (url: string, payload?: string | object, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        ...(payload === undefined ? {} : { payload }),
      });
    const reminders = async (m: TestMember) =>
      (await t.app.inject({ url: '/api/account/resolution-reminders', headers: m.headers })).json().reminders;

    it('from the page (JSON) and by one click (RFC 8058 form post); then no more mail', async () => {
      const fay = await createMember(t);
      const token = signOptOutToken(t.config.sessionSecret, fay.id, Date.now() + DAY);
      const res = await post('/api/resolution-reminders/opt-out', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: MSG.optedOut });
      expect(await reminders(fay)).toBe(false);
      await t.app.inject({
        method: 'PUT',
        url: '/api/account/resolution-reminders',
        headers: fay.headers,
        payload: { reminders: true },
      });
      const oneClick = await post(
        `/api/resolution-reminders/opt-out?token=${token}`,
        'List-Unsubscribe=One-Click',
        'application/x-www-form-urlencoded',
      );
      expect(oneClick.statusCode).toBe(200);
      expect(await reminders(fay)).toBe(false);
      await dated(fay, yesterday());
      await runReminderPass(deps(), null);
      await settle();
      expect(smtp.mailsTo(fay.email)).toEqual([]);
    });

    it('refuses forged, altered, expired, digest and session tokens', async () => {
      const gus = await createMember(t);
      const good = signOptOutToken(t.config.sessionSecret, gus.id, Date.now() + DAY);
      const [, expiry, mac] = good.split('.');
      const { signUnsubscribeToken } = await import('#server/features/notifications/unsubscribe-token.ts');
      for (const token of [
        signOptOutToken('another-secret-another-secret-000000', gus.id, Date.now() + DAY),
        `${gus.id + 1}.${expiry}.${mac}`,
        `${gus.id}.${Number(expiry) + 100}.${mac}`,
        signOptOutToken(t.config.sessionSecret, gus.id, Date.now() - 1000),
        signUnsubscribeToken(t.config.sessionSecret, gus.id, Date.now() + DAY),
        gus.token,
        '',
      ]) {
        const res = await post('/api/resolution-reminders/opt-out', { token });
        expect(res.statusCode, token).toBe(400);
        expect(res.json().message).toBe(MSG.optOutInvalid);
      }
      expect((await post('/api/resolution-reminders/opt-out')).statusCode).toBe(400);
      expect(await reminders(gus)).toBe(true);
    });
  });
});
