import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomepageStatsSchema } from '#shared/schemas/home.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { computeHomepageStats } from './stats.service.ts';
import { prediction } from '#server/test/community.ts';
import { createMember } from '#server/test/members.ts';

const DAY = 86_400_000;

describe.each(testDialects)('GET /api/stats/homepage on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('equals a direct count over predictions and users', async () => {
    const now = Date.now();
    const todayStart = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00.000Z`);
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t)));
    // A spread over 60 days, some today, private and flagged ones too (they are predictions).
    const ages = [0, 0, 0, 1, 2, 3, 6, 7, 10, 29, 30, 45, 59];
    for (const [i, age] of ages.entries()) {
      const at = age === 0 ? todayStart + 60_000 * (i + 1) : now - age * DAY;
      await prediction(t, {
        userId: (members[i % 5] as { id: number }).id,
        createdAt: new Date(Math.min(at, now)).toISOString(),
        isPublic: i % 4 !== 0,
        isFlagged: i === 5,
      });
    }
    const res = await t.app.inject('/api/stats/homepage');
    expect(res.statusCode).toBe(200);
    const stats = HomepageStatsSchema.parse(res.json());

    const db = t.database.db;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const since = async (fromDay: string) => {
      const row = await db
        .selectFrom('predictions')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('user_id').distinct().as('u')])
        .where('created_at', '>=', `${fromDay}T00:00:00.000Z`)
        .executeTakeFirstOrThrow();
      return { n: Number(row.n), u: Number(row.u) };
    };
    const today = await since(day(now));
    const week = await since(day(now - 6 * DAY));
    const month = await since(day(now - 29 * DAY));
    const all = await db
      .selectFrom('predictions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const users = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    expect(stats).toMatchObject({
      totalUsers: Number(users.n),
      predictionsToday: today.n,
      predictorsToday: today.u,
      weeklyPredictions: week.n,
      dailyPredictions: Math.round(month.n / 30),
      activePredictors: month.u,
      dataPoints: Number(all.n),
    });
    expect(stats.predictionsToday).toBe(3);
    expect(stats.dataPoints).toBe(ages.length);
    expect(stats.totalUsers).toBe(6);
    // Sanity: the fixture really wrote rollups the way the predictions feature does.
    const rollup = await sql<{
      n: number;
    }>`select count(*) as n from rollup_daily where category = '*'`.execute(db);
    expect(Number(rollup.rows[0]?.n)).toBeGreaterThan(5);
  });

  it('serves a cached reply (30 s) and is cheap to compute', async () => {
    const a = (await t.app.inject('/api/stats/homepage')).json();
    await prediction(t, { userId: (await createMember(t)).id });
    const b = (await t.app.inject('/api/stats/homepage')).json();
    expect(b.generated).toBe(a.generated);
    const fresh = await computeHomepageStats(t.database.db);
    expect(fresh.dataPoints).toBe(a.dataPoints + 1);
  });
});

describe.each(testDialects)('POST /api/faq-feedback on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/faq-feedback', payload, headers });
  const base = { faqIndex: 2, faqQuestion: 'How is the quality score computed?' };
  const rows = () => t.database.db.selectFrom('faq_feedback').selectAll().orderBy('id').execute();

  it('requires an email for a dislike', async () => {
    for (const userEmail of [undefined, '', '   ', null]) {
      const res = await send({ ...base, feedbackType: 'dislike', userEmail, userComment: 'unclear' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Email is required for feedback' });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('stores a like without email, dropping any comment (the box is only for a dislike)', async () => {
    const res = await send({ ...base, feedbackType: 'like', userComment: 'should not be kept' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true });
    const [row] = (await rows()).slice(-1);
    expect(row).toMatchObject({
      faq_index: 2,
      faq_question: base.faqQuestion,
      feedback_type: 'like',
      user_email: null,
      user_comment: null,
      subscribe_to_analytics: 0,
      user_id: null,
    });
  });

  it('stores a dislike with email, comment, opt-in and the member when signed in', async () => {
    const m = await createMember(t);
    const res = await send(
      {
        ...base,
        feedbackType: 'dislike',
        userEmail: ' Reader@Example.com ',
        userComment: '  Needs an example.  ',
        subscribeToAnalytics: true,
      },
      m.headers,
    );
    expect(res.statusCode).toBe(201);
    const [row] = (await rows()).slice(-1);
    expect(row).toMatchObject({
      feedback_type: 'dislike',
      user_email: 'reader@example.com',
      user_comment: 'Needs an example.',
      subscribe_to_analytics: 1,
      user_id: m.id,
    });
  });

  it('rejects a malformed email, an opt-in without email, and an unknown question index', async () => {
    const bad = await send({ ...base, feedbackType: 'like', userEmail: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
    const optIn = await send({ ...base, feedbackType: 'like', subscribeToAnalytics: true });
    expect(optIn.statusCode).toBe(400);
    expect((await send({ ...base, faqIndex: 10, feedbackType: 'like' })).statusCode).toBe(400);
    expect((await send({ ...base, feedbackType: 'meh' })).statusCode).toBe(400);
  });
});
