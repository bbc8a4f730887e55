import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PREDICTION_MESSAGES as MSG } from '#shared/schemas/predictions.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { submit, TEXTS } from '#server/test/predictions.ts';

// Issue 26 on the submission path: resolve_by and confidence, the proposed date, and the preview.
// The clock is fixed at 2026-11-28 12:00 UTC so dates are exact.

const NOW = new Date('2026-11-28T12:00:00Z');

describe.each(testDialects)('resolve-by and confidence on %s', (dialect) => {
  let t: TestApp;
  let ana: TestMember;
  let n = 0;
  /** A publishable text of its own (never a duplicate of another test's). */
  const text = (lead: string) =>
    `${lead} the city of Tromsø will open ${++n * 7 + 11} new electric ferry berths for commuters.`;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    ana = await createMember(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());
  /** Each call from a new member: the submission limit (10 a minute) is not what is tested here. */
  const send = async (payload: Record<string, unknown>) => submit(t, await createMember(t), payload);
  const atNow = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  };

  it('a body without the new fields behaves as before, and the date is proposed from the text', async () => {
    atNow();
    const res = await submit(t, ana, { prediction_text: text('By 2029'), categories: 'Environment' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().prediction).toMatchObject({
      target_date: '2029-12-31',
      target_date_inferred: true,
      confidence: null,
      resolution: {
        status: 'open',
        outcome: null,
        resolved_at: null,
        evidence_url: null,
        note: null,
        agree: 0,
        disagree: 0,
        disputed: false,
      },
    });
    const plain = await submit(t, ana, {
      prediction_text: `Electric ferries will carry most commuters of Bergen, route ${++n}.`,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().prediction).toMatchObject({ target_date: null, target_date_inferred: false });
  });

  it.each([
    ['Within 18 months', '2028-05-28'],
    ['Next season', '2028-06-30'],
    ['By the end of the decade', '2029-12-31'],
  ])('proposes a date for "%s"', async (lead, date) => {
    atNow();
    const res = await send({ prediction_text: text(lead) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().prediction).toMatchObject({ target_date: date, target_date_inferred: true });
  });

  it('stores the date and confidence sent, and none when resolve_by is null', async () => {
    atNow();
    const sent = await submit(t, ana, {
      prediction_text: text('By 2029'),
      resolve_by: '2027-06-30',
      confidence: 75,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().prediction).toMatchObject({
      target_date: '2027-06-30',
      target_date_inferred: false,
      confidence: 75,
    });
    const none = await submit(t, ana, { prediction_text: text('By 2029'), resolve_by: null, confidence: 50 });
    expect(none.json().prediction).toMatchObject({
      target_date: null,
      target_date_inferred: false,
      confidence: 50,
    });
    const mine = (await t.app.inject({ url: '/api/my-predictions', headers: ana.headers })).json();
    expect(mine.predictions.find((p: { id: number }) => p.id === sent.json().prediction.id)).toMatchObject({
      target_date: '2027-06-30',
      confidence: 75,
      resolution: { status: 'open' },
    });
  });

  it.each([
    ['a past date', { resolve_by: '2026-11-01' }, MSG.resolveByPast],
    ['today', { resolve_by: '2026-11-28' }, MSG.resolveByPast],
    ['a malformed date', { resolve_by: '31/12/2027' }, MSG.resolveByFormat],
    ['a day that does not exist', { resolve_by: '2027-02-30' }, MSG.resolveByFormat],
    ['a date after 2100', { resolve_by: '2101-01-01' }, MSG.resolveByTooLate],
    ['a number', { resolve_by: 20271231 }, MSG.resolveByFormat],
    ['confidence 101', { confidence: 101 }, MSG.confidence],
    ['confidence 49', { confidence: 49 }, MSG.confidence],
    ['confidence 100', { confidence: 100 }, MSG.confidence],
    ['a non-integer confidence', { confidence: 75.5 }, MSG.confidence],
    ['confidence as a string', { confidence: '75' }, MSG.confidence],
  ])('refuses %s with a 400 and a clear message', async (_name, fields, message) => {
    atNow();
    const res = await send({ prediction_text: text('By 2029'), ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('accepts the edges: tomorrow, 2100-12-31, 50 and 99', async () => {
    atNow();
    for (const fields of [
      { resolve_by: '2026-11-29', confidence: 50 },
      { resolve_by: '2100-12-31', confidence: 99 },
    ]) {
      const res = await send({ prediction_text: text('Soon'), ...fields });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().prediction).toMatchObject({
        target_date: fields.resolve_by,
        confidence: fields.confidence,
      });
    }
  });

  describe('POST /api/predictions/preview', () => {
    const preview = (member: TestMember | null, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/predictions/preview',
        headers: member ? member.headers : {},
        payload,
      });
    const stored = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('predictions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('shows what publishing would give, and stores nothing', async () => {
      atNow();
      const before = await stored();
      const dee = await createMember(t);
      const res = await preview(dee, { prediction_text: TEXTS.good });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        flag: null,
        rejected: false,
        proposed_resolve_by: '2030-12-31',
      });
      expect(body.quality_percent).toBeGreaterThanOrEqual(60);
      expect(['high', 'good']).toContain(body.tier);
      expect(body.reasons.length).toBeGreaterThan(0);
      expect(body.reasons.length).toBeLessThanOrEqual(3);
      // The same engine: publishing gives the same score.
      const published = await submit(t, dee, { prediction_text: TEXTS.good });
      expect(published.json().prediction.reliability_score).toBe(body.quality_percent);
      expect(await stored()).toBe(before + 1);
    });

    it('shows a flag, and never reveals another member’s private text as a duplicate', async () => {
      atNow();
      const flagged = (await preview(ana, { prediction_text: TEXTS.machine })).json();
      expect(flagged.flag).toMatchObject({ severity: expect.any(String), reason: expect.any(String) });
      const bob = await createMember(t);
      const secret = 'By 2031 the old harbour of Ålesund will become a floating solar farm of 40 MW.';
      expect((await submit(t, bob, { prediction_text: secret, visibility: false })).statusCode).toBe(201);
      const res = await preview(ana, { prediction_text: secret });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ rejected: false, flag: null });
    });

    it('needs a member, validates like a submission, and is rate-limited per member', async () => {
      expect((await preview(null, { prediction_text: TEXTS.good })).statusCode).toBe(401);
      expect((await preview(ana, { prediction_text: 'short' })).json().message).toBe(MSG.tooShort);
      expect((await preview(ana, { prediction_text: TEXTS.good, confidence: 49 })).statusCode).toBe(400);
      const carl = await createMember(t);
      const codes: number[] = [];
      for (let i = 0; i < 41; i++)
        codes.push((await preview(carl, { prediction_text: TEXTS.neutral })).statusCode);
      expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
      expect(codes[40]).toBe(429);
      // Another member is not affected.
      expect((await preview(await createMember(t), { prediction_text: TEXTS.neutral })).statusCode).toBe(200);
    });
  });
});
