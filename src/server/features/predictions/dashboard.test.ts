import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberPredictionSchema } from '#shared/schemas/predictions.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createPredictionsService } from './predictions.service.ts';
import { submit, TEXTS } from '#server/test/predictions.ts';
import { type TestMember, createMember } from '#server/test/members.ts';

const DAY = 86_400_000;

describe.each(testDialects)('member dashboard calls on %s', (dialect) => {
  let t: TestApp;
  let ana: TestMember;
  let ben: TestMember;
  const anaTexts = [
    'Electric cars will make up 60% of new car sales in the EU by 2030.',
    'The ruling party will lose its parliament majority in the general election of 2027.',
    'Within five years most people in my town will own a folding bicycle for commuting.',
  ];

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    ana = await createMember(t, 'Ana_Dash', '2025-03-15T10:00:00.000Z');
    ben = await createMember(t, 'ben_dash');
    const service = createPredictionsService({ db: t.database.db });
    // Ana: one older prediction (4 days ago), then three today via the API, one private, one flagged.
    await service.submit(
      ana,
      {
        prediction_text: 'Heat pumps will outsell gas boilers in Germany before 2029.',
        categories: 'Environment',
      },
      { at: new Date(Date.now() - 4 * DAY) },
    );
    expect(
      (await submit(t, ana, { prediction_text: anaTexts[0], categories: 'Technology,Economy' })).statusCode,
    ).toBe(201);
    expect((await submit(t, ana, { prediction_text: anaTexts[1], visibility: false })).statusCode).toBe(201);
    expect(
      (await submit(t, ana, { prediction_text: TEXTS.machine, categories: 'Technology' })).statusCode,
    ).toBe(201);
    expect(
      (
        await submit(t, ben, {
          prediction_text: 'Ben’s secret: my company will go public in 2028.',
          visibility: false,
        })
      ).statusCode,
    ).toBe(201);
  });
  afterAll(() => t.close());

  const get = (url: string, member?: TestMember | null) =>
    t.app.inject({ method: 'GET', url, headers: member ? member.headers : {} });

  describe('GET /api/my-predictions', () => {
    it('answers 401 without a token', async () => {
      const res = await get('/api/my-predictions');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });

    it('lists the owner’s predictions, newest first, with every member field', async () => {
      const res = await get('/api/my-predictions', ana);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.total).toBe(4);
      expect(body.predictions).toHaveLength(4);
      for (const p of body.predictions) {
        expect(MemberPredictionSchema.strict().safeParse(p).success).toBe(true);
      }
      const times = body.predictions.map((p: { timestamp: string }) => Date.parse(p.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(body.predictions[0].prediction_text).toBe(TEXTS.machine);
      expect(body.predictions[0]).toMatchObject({ is_flagged: true, flag_reasoning: { ai_generated: true } });
      expect(body.predictions[2]).toMatchObject({ prediction_text: anaTexts[0], visibility: true });
      expect(body.predictions[1]).toMatchObject({ visibility: false, category: 'Politics' });
      expect(body.predictions[3]).toMatchObject({ category: 'Environment' });
    });

    it('gives each prediction its likes, dislikes and comments', async () => {
      const list = async () => (await get('/api/my-predictions', ana)).json().predictions;
      const target = (await list())[2] as { id: number; engagement: unknown };
      expect(target.engagement).toEqual({ likes: 0, dislikes: 0, comments: 0 });
      const cy = await createMember(t);
      const post = (m: TestMember, url: string, payload?: object) =>
        t.app.inject({ method: 'POST', url, headers: m.headers, ...(payload ? { payload } : {}) });
      expect((await post(ben, `/api/predictions/${target.id}/like`)).statusCode).toBe(200);
      expect((await post(cy, `/api/predictions/${target.id}/dislike`)).statusCode).toBe(200);
      expect(
        (await post(ben, `/api/predictions/${target.id}/comments`, { comment: 'Maybe.' })).statusCode,
      ).toBe(201);
      const after = (await list()).find((p: { id: number }) => p.id === target.id);
      expect(after.engagement).toEqual({ likes: 1, dislikes: 1, comments: 1 });
    });

    it('never shows one member another member’s predictions', async () => {
      const res = await get('/api/my-predictions', ben);
      const texts = res.json().predictions.map((p: { prediction_text: string }) => p.prediction_text);
      expect(texts).toEqual(['Ben’s secret: my company will go public in 2028.']);
      const anaList = JSON.stringify((await get('/api/my-predictions', ana)).json());
      expect(anaList).not.toContain('secret');
    });
  });

  describe('GET /api/auth/stats', () => {
    it('answers 401 without a token', async () => {
      expect((await get('/api/auth/stats')).statusCode).toBe(401);
    });

    it('gives the member stats response for the owner', async () => {
      const res = await get('/api/auth/stats', ana);
      expect(res.statusCode).toBe(200);
      const s = res.json();
      expect(s).toMatchObject({
        success: true,
        totalPredictions: 4,
        flaggedCount: 1,
        publicCount: 3,
        privateCount: 1,
        memberSince: '2025-03-15T10:00:00.000Z',
        bestDay: { date: new Date().toISOString().slice(0, 10), count: 3 },
      });
      // Categories: Environment, Technology+Economy, Politics (classified), Technology.
      expect(s.categoryDistribution[0]).toEqual({ category: 'Technology', count: 2, percentage: 40 });
      expect(s.categoryDistribution.map((c: { category: string }) => c.category).sort()).toEqual([
        'Economy',
        'Environment',
        'Politics',
        'Technology',
      ]);
      expect(s.categoriesExplored).toBe(4);
      expect(s.dailyActivity).toHaveLength(30);
      expect(s.dailyActivity.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 3 });
      expect(s.dailyActivity.at(-5)).toEqual({
        date: new Date(Date.now() - 4 * DAY).toISOString().slice(0, 10),
        count: 1,
      });
      expect(s.dailyActivity.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(4);
      expect(s.user_reliability).toMatchObject({ total_predictions: 4, flagged_predictions: 1 });
      expect(s.user_reliability.overall_reliability_score).toBeGreaterThan(0);
      expect(s.user_reliability.overall_reliability_score).toBeLessThan(100);
      expect(s.user_reliability.avg_text_quality).toBeGreaterThan(0);
    });

    it('says N/A (null) for a member without predictions', async () => {
      const cleo = await createMember(t);
      const s = (await get('/api/auth/stats', cleo)).json();
      expect(s).toMatchObject({
        totalPredictions: 0,
        categoryDistribution: [],
        flaggedCount: 0,
        bestDay: null,
        categoriesExplored: 0,
        averageScore: null,
        user_reliability: {
          overall_reliability_score: null,
          total_predictions: 0,
          flagged_predictions: 0,
          avg_text_quality: null,
          label: null,
        },
      });
      expect(s.dailyActivity.every((d: { count: number }) => d.count === 0)).toBe(true);
    });
  });

  describe.each([
    ['/api/user/{username}/reliability', (u: string) => `/api/user/${u}/reliability`],
    ['/api/debug/daily-activity/{username}', (u: string) => `/api/debug/daily-activity/${u}`],
  ])('GET %s', (_name, url) => {
    it('answers 401 without a token, even for an existing member', async () => {
      const res = await get(url('Ana_Dash'));
      expect(res.statusCode).toBe(401);
    });

    it('answers 403 to another member, and for names that do not exist', async () => {
      for (const name of ['Ana_Dash', 'ana_dash', 'nobody_here']) {
        const res = await get(url(name), ben);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_OWNER' });
        expect(res.body).not.toContain('total_predictions');
      }
    });

    it('answers the owner, whatever the case of the name', async () => {
      for (const name of ['Ana_Dash', 'ana_dash']) {
        const res = await get(url(name), ana);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, username: 'Ana_Dash' });
      }
    });
  });

  it('reliability carries the four SPEC fields and a §9 label', async () => {
    const body = (await get('/api/user/Ana_Dash/reliability', ana)).json();
    expect(body).toMatchObject({ total_predictions: 4, flagged_predictions: 1 });
    expect(typeof body.overall_reliability_score).toBe('number');
    expect(typeof body.avg_text_quality).toBe('number');
    expect(['excellent', 'good', 'fair', 'poor']).toContain(body.label);
  });

  it('daily activity covers the last 30 UTC days', async () => {
    const body = (await get('/api/debug/daily-activity/Ana_Dash', ana)).json();
    expect(body.dailyActivity).toHaveLength(30);
    expect(body.dailyActivity.at(-1).count).toBe(3);
  });

  describe('GET /api/stats/submit', () => {
    it('is public and counts this week’s predictions (private too, as numbers) and new members', async () => {
      const res = await get('/api/stats/submit');
      expect(res.statusCode).toBe(200);
      // Ana joined in 2025; Ben, Cleo and the test members later are new this week.
      const members = await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', new Date(Date.now() - 7 * DAY).toISOString())
        .executeTakeFirstOrThrow();
      expect(res.json()).toEqual({
        success: true,
        predictionsThisWeek: 5,
        newUsersThisWeek: Number(members.n),
      });
      expect(res.headers['cache-control']).toContain('max-age');
    });
  });
});
