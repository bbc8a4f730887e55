import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOLUTION_MESSAGES as MSG } from '#shared/schemas/resolution.ts';
import { prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { runReminderPass } from './reminder.job.ts';
import {
  attachResolutions,
  createResolutionService,
  removeMemberFromTrackRecords,
  removePredictionFromTrackRecords,
  resolutionsFor,
  trackRecordOf,
} from './resolution.service.ts';

// Resolving, the community check, statuses and track records (issue 26), on both databases.

const HOUR = 3_600_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(testDialects)('resolution on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  /** A member whose session lasts 30 days ('Remember me'), so a moved clock keeps it valid. */
  async function member(): Promise<TestMember> {
    const m = await createMember(t);
    const { token } = await t.app.sessions.issue(m, { remember: true });
    return { ...m, token, headers: { authorization: `Bearer ${token}` } };
  }

  /** A prediction with a confidence and resolve-by date, as the submission path stores them. */
  async function dated(
    author: TestMember,
    options: { confidence?: number | null; targetDate?: string | null; isPublic?: boolean } = {},
  ) {
    const id = await prediction(t, { userId: author.id, isPublic: options.isPublic ?? true });
    await t.database.db
      .updateTable('predictions')
      .set({ confidence: options.confidence ?? null, target_date: options.targetDate ?? null })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const resolve = (m: TestMember | null, id: number | string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/resolution`,
      headers: m ? m.headers : {},
      payload,
    });
  const vote = (m: TestMember | null, id: number, agree: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/resolution/vote`,
      headers: m ? m.headers : {},
      payload: { agree },
    });
  const myRecord = async (m: TestMember) => {
    const res = await t.app.inject({ url: '/api/my-track-record', headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const mine = async (m: TestMember) =>
    (await t.app.inject({ url: '/api/my-predictions', headers: m.headers })).json().predictions as Array<{
      id: number;
      resolution: Record<string, unknown>;
    }>;

  describe('resolving', () => {
    it('lets the author resolve, and replies with the prediction and its resolution', async () => {
      const ana = await member();
      const id = await dated(ana, { confidence: 80, targetDate: '2030-12-31' });
      const res = await resolve(ana, id, {
        outcome: 'yes',
        evidence_url: 'https://example.org/report',
        note: 'Confirmed by the annual report.',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        message: MSG.resolved,
        prediction: { id, confidence: 80 },
      });
      expect(body.prediction.resolution).toMatchObject({
        status: 'resolved',
        outcome: 'yes',
        evidence_url: 'https://example.org/report',
        note: 'Confirmed by the annual report.',
        agree: 0,
        disagree: 0,
        disputed: false,
      });
      expect(Date.parse(body.prediction.resolution.resolved_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(body.prediction.resolution.editable_until)).toBeGreaterThan(Date.now() + 23 * HOUR);
      // Early resolution is fine, and the dashboard's list shows it.
      expect((await mine(ana)).find((p) => p.id === id)?.resolution).toMatchObject({
        status: 'resolved',
        outcome: 'yes',
      });
    });

    it('only the author: 401 without a token, 403 for another member, 404 for others’ private ones', async () => {
      const ana = await member();
      const bob = await member();
      const open = await dated(ana);
      const hidden = await dated(ana, { isPublic: false });
      expect((await resolve(null, open, { outcome: 'yes' })).statusCode).toBe(401);
      expect((await resolve(null, open, {})).statusCode).toBe(401);
      const other = await resolve(bob, open, { outcome: 'yes' });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ success: false, message: MSG.notAuthor });
      expect((await resolve(bob, hidden, { outcome: 'yes' })).statusCode).toBe(404);
      expect((await resolve(ana, 999_999, { outcome: 'yes' })).statusCode).toBe(404);
      expect((await resolve(ana, 'abc', { outcome: 'yes' })).statusCode).toBe(400);
      // A private prediction can be resolved by its owner.
      expect((await resolve(ana, hidden, { outcome: 'no' })).statusCode).toBe(200);
    });

    it.each([
      ['an unknown outcome', { outcome: 'maybe' }, MSG.outcome],
      ['no outcome', {}, MSG.outcome],
      ['an http evidence URL', { outcome: 'yes', evidence_url: 'http://example.org/x' }, MSG.evidenceUrl],
      ['a javascript: URL', { outcome: 'yes', evidence_url: 'javascript:alert(1)' }, MSG.evidenceUrl],
      ['not a URL', { outcome: 'yes', evidence_url: 'see the news' }, MSG.evidenceUrl],
      [
        'an evidence URL over 2,048 characters',
        { outcome: 'yes', evidence_url: `https://example.org/${'a'.repeat(2029)}` },
        MSG.evidenceUrl,
      ],
      ['a note over 500 characters', { outcome: 'yes', note: 'n'.repeat(501) }, MSG.note],
    ])('refuses %s with a 400', async (_name, payload, message) => {
      const ana = await member();
      const id = await dated(ana);
      const res = await resolve(ana, id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    });

    it('accepts the limits: a 2,048-character https URL and a 500-character note', async () => {
      const ana = await member();
      const id = await dated(ana);
      const url = `https://example.org/${'a'.repeat(2028)}`;
      expect(url).toHaveLength(2048);
      const res = await resolve(ana, id, { outcome: 'ambiguous', evidence_url: url, note: 'n'.repeat(500) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().prediction.resolution).toMatchObject({ outcome: 'ambiguous', evidence_url: url });
    });

    it('may be changed within 24 hours; after that a 409 says it is final', async () => {
      const ana = await member();
      const id = await dated(ana, { confidence: 70 });
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      expect((await resolve(ana, id, { outcome: 'yes' })).statusCode).toBe(200);
      vi.setSystemTime(start + 23 * HOUR);
      const changed = await resolve(ana, id, { outcome: 'no', note: 'Misread the figures.' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        message: MSG.changed,
        prediction: { resolution: { outcome: 'no', note: 'Misread the figures.' } },
      });
      // The window runs from the first resolution, not the last change.
      vi.setSystemTime(start + 24 * HOUR + 1000);
      const late = await resolve(ana, id, { outcome: 'yes' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ success: false, message: MSG.final, code: 'RESOLUTION_FINAL' });
      expect((await mine(ana)).find((p) => p.id === id)?.resolution).toMatchObject({
        outcome: 'no',
        editable_until: null,
      });
    });
  });

  describe('statuses', () => {
    it('open, due and resolved, with every other field null or 0 where it does not apply', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2027-03-10T08:00:00Z'));
      const ana = await member();
      const undated = await dated(ana);
      const future = await dated(ana, { targetDate: '2027-03-10' });
      const past = await dated(ana, { targetDate: '2027-03-09' });
      const done = await dated(ana, { targetDate: '2027-03-09' });
      await resolve(ana, done, { outcome: 'no' });
      const unresolved = {
        outcome: null,
        resolved_at: null,
        evidence_url: null,
        note: null,
        agree: 0,
        disagree: 0,
        disputed: false,
        editable_until: null,
      };
      const byId = new Map((await mine(ana)).map((p) => [p.id, p.resolution]));
      expect(byId.get(undated)).toEqual({ status: 'open', ...unresolved });
      // Due once the resolve-by day (UTC) is over.
      expect(byId.get(future)).toEqual({ status: 'open', ...unresolved });
      expect(byId.get(past)).toEqual({ status: 'due', ...unresolved });
      expect(byId.get(done)).toMatchObject({
        status: 'resolved',
        outcome: 'no',
        evidence_url: null,
        note: null,
      });

      // The same objects for any list of ids (the explore routes' entry point).
      const map = await resolutionsFor(t.database.db, [undated, past, done, 987_654], new Date());
      expect([...map.keys()].sort()).toEqual([undated, past, done].sort());
      expect(map.get(past)).toEqual(byId.get(past));
      const attached = await attachResolutions(t.database.db, [{ id: done, x: 1 }], new Date());
      expect(attached[0]).toMatchObject({ id: done, x: 1, resolution: { status: 'resolved' } });
    });
  });

  describe('the community check', () => {
    it('any other member votes once (a second vote replaces the first); not the author, not before resolution', async () => {
      const ana = await member();
      const bob = await member();
      const id = await dated(ana);
      const early = await vote(bob, id, true);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(MSG.notResolved);
      await resolve(ana, id, { outcome: 'yes' });
      expect((await vote(null, id, true)).statusCode).toBe(401);
      const own = await vote(ana, id, true);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(MSG.ownVote);
      expect((await vote(bob, id, 'yes')).statusCode).toBe(400);
      const first = await vote(bob, id, true);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ resolution: { agree: 1, disagree: 0 }, my_vote: { agree: true } });
      const second = await vote(bob, id, false);
      expect(second.json()).toMatchObject({
        resolution: { agree: 0, disagree: 1 },
        my_vote: { agree: false },
      });
      // The prediction page shows each member their own vote; guests and the author see none.
      const detail = async (m: TestMember | null) =>
        (await t.app.inject({ url: `/api/predictions/${id}`, headers: m ? m.headers : {} })).json().prediction
          .my_resolution_vote;
      expect(await detail(bob)).toBe(false);
      expect(await detail(await member())).toBeNull();
      expect(await detail(ana)).toBeNull();
      expect(await detail(null)).toBeNull();
      // Others' private predictions do not exist for them.
      const hidden = await dated(ana, { isPublic: false });
      await resolve(ana, hidden, { outcome: 'yes' });
      expect((await vote(bob, hidden, true)).statusCode).toBe(404);
    });

    it('5+ votes with more disagree than agree: disputed, left out of the record until the author changes it', async () => {
      const ana = await member();
      const id = await dated(ana, { confidence: 90 });
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      await resolve(ana, id, { outcome: 'yes' });
      expect((await myRecord(ana)).track_record).toMatchObject({ resolved: 1, came_true: 1, scored: 1 });
      const voters = await Promise.all([1, 2, 3, 4, 5].map(() => member()));
      const replies = [];
      for (const [i, v] of voters.entries()) replies.push((await vote(v, id, i < 2)).json());
      // 4 votes (1 agree, 3 disagree) are not enough; the fifth makes it 2 against 3.
      expect(replies[3].resolution).toMatchObject({ agree: 2, disagree: 2, disputed: false });
      expect(replies[4].resolution).toMatchObject({ agree: 2, disagree: 3, disputed: true });
      expect((await myRecord(ana)).track_record).toMatchObject({
        resolved: 0,
        came_true: 0,
        scored: 0,
        brier: null,
      });
      // One voter changes their mind: no longer disputed, counted again.
      const back = await vote(voters[4] as TestMember, id, true);
      expect(back.json().resolution).toMatchObject({ agree: 3, disagree: 2, disputed: false });
      expect((await myRecord(ana)).track_record).toMatchObject({ resolved: 1 });
      await vote(voters[0] as TestMember, id, false);
      await vote(voters[1] as TestMember, id, false);
      expect((await mine(ana)).find((p) => p.id === id)?.resolution).toMatchObject({ disputed: true });

      // Long after the 24 hours, a disputed resolution can still be changed by its author.
      vi.setSystemTime(start + 72 * HOUR);
      const changed = await resolve(ana, id, { outcome: 'no', note: 'The community was right.' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().prediction.resolution).toMatchObject({
        outcome: 'no',
        agree: 0,
        disagree: 0,
        disputed: false,
      });
      expect((await myRecord(ana)).track_record).toMatchObject({
        resolved: 1,
        came_true: 0,
        scored: 1,
        brier: 0.81,
      });
      // Once no longer disputed, the 24-hour rule holds again.
      expect((await resolve(ana, id, { outcome: 'yes' })).statusCode).toBe(409);
    });
  });

  describe('track records', () => {
    it('computes the Brier score and calibration of a hand-worked example; private ones only in the own view', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2027-05-01T10:00:00Z'));
      const ana = await member();
      // confidence, outcome: (c/100 − o)² = 0.16, 0.49, 0.04, 0.01, 0.3025
      const cases: Array<[number | null, 'yes' | 'no' | 'ambiguous', boolean]> = [
        [60, 'yes', true],
        [70, 'no', true],
        [80, 'yes', true],
        [90, 'yes', true],
        [55, 'no', true],
        [null, 'yes', true], // resolved and came true, but no confidence: not scored
        [75, 'ambiguous', true], // counts in nothing
        [95, 'yes', false], // private: 0.0025, in the own view only
      ];
      for (const [confidence, outcome, isPublic] of cases) {
        const id = await dated(ana, { confidence, isPublic, targetDate: '2030-01-01' });
        expect((await resolve(ana, id, { outcome })).statusCode).toBe(200);
      }
      // One more public prediction falls due and stays unresolved.
      const late = await dated(ana, { confidence: 65, targetDate: '2027-04-30' });
      const other = await member();
      await runReminderPass(
        {
          db: t.database.db,
          mailer: { send: async () => {}, close: async () => {} } as never,
          publicUrl: 'https://futurecast.example',
          secret: t.config.sessionSecret,
          log: quiet,
        },
        null,
      );
      expect((await mine(ana)).find((p) => p.id === late)?.resolution.status).toBe('due');

      const body = await myRecord(ana);
      const bucket = (b: string, predicted: number | null, observed: number | null, count: number) => ({
        bucket: b,
        predicted,
        observed,
        count,
      });
      expect(body.public_track_record).toEqual({
        resolved: 6,
        came_true: 4,
        came_true_rate: 0.6667,
        brier: 0.2005, // 1.0025 / 5
        scored: 5,
        calibration: [
          bucket('50-59', 0.55, 0, 1),
          bucket('60-69', 0.6, 1, 1),
          bucket('70-79', 0.7, 0, 1),
          bucket('80-89', 0.8, 1, 1),
          bucket('90-99', 0.9, 1, 1),
        ],
        resolution_rate: 0.8571, // 6 resolved of 7 resolved-or-due
      });
      expect(body.track_record).toEqual({
        resolved: 7,
        came_true: 5,
        came_true_rate: 0.7143,
        brier: 0.1675, // 1.005 / 6
        scored: 6,
        calibration: [
          bucket('50-59', 0.55, 0, 1),
          bucket('60-69', 0.6, 1, 1),
          bucket('70-79', 0.7, 0, 1),
          bucket('80-89', 0.8, 1, 1),
          bucket('90-99', 0.925, 1, 2),
        ],
        resolution_rate: 0.875,
      });
      expect(body.reminders).toBe(true);
      // What the public profile gets, and what the owner gets.
      expect(await trackRecordOf(t.database.db, ana.id, 'public')).toEqual(body.public_track_record);
      expect(await trackRecordOf(t.database.db, ana.id, 'own')).toEqual(body.track_record);
      // Resolving the due one moves it from due to resolved.
      await resolve(ana, late, { outcome: 'no' });
      expect((await myRecord(ana)).public_track_record).toMatchObject({ resolved: 7, resolution_rate: 1 });
      // Someone with no resolutions has an empty record.
      expect((await myRecord(other)).track_record).toMatchObject({
        resolved: 0,
        came_true_rate: null,
        brier: null,
        resolution_rate: null,
      });
      expect((await t.app.inject({ url: '/api/my-track-record' })).statusCode).toBe(401);
    });

    it('takes a deleted prediction out of the stored records (for DELETE /api/predictions/:id)', async () => {
      const ana = await member();
      // Straight from the stored counters (the route's cached reply is dropped by the deleting route).
      const community = async () =>
        (await createResolutionService({ db: t.database.db, secret: 'x' }).communityResolution())
          .track_record;
      const kept = await dated(ana, { confidence: 60 });
      const gone = await dated(ana, { confidence: 80 });
      await resolve(ana, kept, { outcome: 'yes' });
      await resolve(ana, gone, { outcome: 'no' });
      const before = await community();
      await t.database.db.transaction().execute(async (trx) => {
        await removePredictionFromTrackRecords(trx, gone);
        await trx.deleteFrom('predictions').where('id', '=', gone).execute();
      });
      expect(await trackRecordOf(t.database.db, ana.id, 'public')).toMatchObject({
        resolved: 1,
        scored: 1,
        brier: 0.16,
      });
      const after = await community();
      expect(after.resolved).toBe(before.resolved - 1);
      expect(after.scored).toBe(before.scored - 1);
    });

    it('takes a deleted member out of the community figures and off the disputes they voted in', async () => {
      const ana = await member();
      const gone = await member();
      const community = async () =>
        (await createResolutionService({ db: t.database.db, secret: 'x' }).communityResolution())
          .track_record;
      const before = await community();
      // The leaving member's own resolved forecast, and the vote that tips Ana's into a dispute.
      const theirs = await dated(gone, { confidence: 70 });
      await resolve(gone, theirs, { outcome: 'yes' });
      const anas = await dated(ana, { confidence: 90 });
      await resolve(ana, anas, { outcome: 'yes' });
      const voters = await Promise.all([1, 2, 3, 4].map(() => member()));
      for (const [i, v] of voters.entries()) await vote(v, anas, i === 0);
      expect((await vote(gone, anas, false)).json().resolution).toMatchObject({ disputed: true });
      expect((await myRecord(ana)).track_record.resolved).toBe(0);

      await t.database.db.transaction().execute(async (trx) => {
        await removeMemberFromTrackRecords(trx, gone.id);
        await trx.deleteFrom('users').where('id', '=', gone.id).execute();
      });
      expect((await mine(ana)).find((p) => p.id === anas)?.resolution).toMatchObject({
        agree: 1,
        disagree: 3,
        disputed: false,
      });
      expect((await myRecord(ana)).track_record).toMatchObject({ resolved: 1, scored: 1 });
      const after = await community();
      // Ana's forecast is counted again; the deleted member's is gone.
      expect(after.resolved).toBe(before.resolved + 1);
      expect(after.scored).toBe(before.scored + 1);
    });

    it('blends the track record into the reliability score as evidence grows', async () => {
      const ana = await member();
      const reliability = async () =>
        (await t.app.inject({ url: '/api/auth/stats', headers: ana.headers })).json().user_reliability
          .overall_reliability_score as number;
      for (let i = 0; i < 3; i++) await dated(ana);
      const textOnly = await reliability();
      // Well calibrated, sharp forecasts: the score rises with each one.
      const seen = [textOnly];
      for (let i = 0; i < 12; i++) {
        const id = await dated(ana, { confidence: 95 });
        await resolve(ana, id, { outcome: 'yes' });
        if (i % 4 === 3) seen.push(await reliability());
      }
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number);
    });
  });

  describe('the leaderboard and the community figures', () => {
    it('ranks members with 10+ scored public resolutions by Brier score; private ones never count', async () => {
      const before = (await t.app.inject('/api/leaderboard')).json().entries.length;
      const sharp = await member();
      const fair = await member();
      const almost = await member();
      const hidden = await member();
      const resolveMany = async (m: TestMember, n: number, confidence: number, isPublic = true) => {
        for (let i = 0; i < n; i++) {
          const id = await dated(m, { confidence, isPublic });
          await resolve(m, id, { outcome: 'yes' });
        }
      };
      await resolveMany(sharp, 10, 90); // Brier 0.01
      await resolveMany(fair, 11, 60); // Brier 0.16
      await resolveMany(almost, 9, 99);
      await resolveMany(hidden, 12, 99, false);
      const res = await t.app.inject('/api/leaderboard');
      expect(res.statusCode).toBe(200);
      const { entries, min_scored } = res.json();
      expect(min_scored).toBe(10);
      const names = entries.map((e: { username: string }) => e.username);
      expect(names).not.toContain(almost.username);
      expect(names).not.toContain(hidden.username);
      expect(entries).toHaveLength(before + 2);
      const a = entries.find((e: { username: string }) => e.username === sharp.username);
      const b = entries.find((e: { username: string }) => e.username === fair.username);
      expect(a).toMatchObject({ brier: 0.01, scored: 10, resolved: 10, came_true_rate: 1, is_demo: false });
      expect(b).toMatchObject({ brier: 0.16, scored: 11 });
      expect(a.rank).toBeLessThan(b.rank);
      for (let i = 1; i < entries.length; i++)
        expect(entries[i].brier).toBeGreaterThanOrEqual(entries[i - 1].brier);

      // The community's figures: public predictions only.
      const community = (await t.app.inject('/api/analytics/resolution')).json();
      expect(community.success).toBe(true);
      const all = await t.database.db
        .selectFrom('resolutions as r')
        .innerJoin('predictions as p', 'p.id', 'r.prediction_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.is_public', '=', 1)
        .where('r.outcome', '!=', 'ambiguous')
        .where('r.disputed', '=', 0)
        .executeTakeFirstOrThrow();
      expect(community.track_record.resolved).toBe(Number(all.n));
    });
  });

  describe('reminder settings', () => {
    it('is on until the member turns it off, and back on', async () => {
      const ana = await member();
      const get = async () =>
        (await t.app.inject({ url: '/api/account/resolution-reminders', headers: ana.headers })).json();
      const put = (reminders: unknown) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/account/resolution-reminders',
          headers: ana.headers,
          payload: { reminders },
        });
      expect(await get()).toEqual({ success: true, reminders: true });
      expect((await put(false)).json()).toEqual({ success: true, reminders: false });
      expect((await myRecord(ana)).reminders).toBe(false);
      expect((await put('no')).statusCode).toBe(400);
      expect((await put(true)).json()).toEqual({ success: true, reminders: true });
      expect((await t.app.inject({ url: '/api/account/resolution-reminders' })).statusCode).toBe(401);
    });
  });
});
