import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREDICTION_MESSAGES as MSG } from '#shared/schemas/predictions.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { submit, TEXTS } from '#server/test/predictions.ts';
import { createPredictionsService } from './predictions.service.ts';
import { type TestMember, createMember } from '#server/test/members.ts';

describe.each(testDialects)('POST /api/predictions on %s', (dialect) => {
  let t: TestApp;
  let ana: TestMember;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    ana = await createMember(t);
  });
  afterAll(() => t.close());

  const count = async (table: 'predictions' | 'rollup_daily' | 'prediction_lsh') => {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('answers 401 to a guest, whatever the body', async () => {
    for (const payload of [{ prediction_text: TEXTS.good }, {}]) {
      const res = await submit(t, null, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/predictions',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { prediction_text: TEXTS.good },
    });
    expect(forged.statusCode).toBe(401);
  });

  it.each([
    ['a missing text', {}, MSG.textRequired],
    ['a non-string text', { prediction_text: 42 }, MSG.textRequired],
    ['an empty text', { prediction_text: '' }, MSG.textRequired],
    ['a blank text', { prediction_text: '   \n\t ' }, MSG.textRequired],
    ['9 characters', { prediction_text: '123456789' }, MSG.tooShort],
    ['9 characters padded with spaces', { prediction_text: `   ${'a'.repeat(9)}     ` }, MSG.tooShort],
    ['501 characters', { prediction_text: `By 2030 ${'x'.repeat(493)}` }, MSG.tooLong],
    [
      '496 characters plus spaces (the raw length counts)',
      { prediction_text: `${'Solar will win. '.repeat(31)}     ` },
      MSG.tooLong,
    ],
    [
      'four categories',
      { prediction_text: TEXTS.good, categories: 'Technology,Economy,Society,Politics' },
      MSG.tooManyCategories,
    ],
    [
      'unknown categories',
      { prediction_text: TEXTS.good, categories: 'Technology,Cooking,Gardening' },
      'Invalid categories: Cooking, Gardening',
    ],
    [
      'lower-case category names',
      { prediction_text: TEXTS.good, categories: 'technology' },
      'Invalid categories: technology',
    ],
    ['categories sent as a number', { prediction_text: TEXTS.good, categories: 7 }, MSG.categoriesType],
    ['a non-boolean visibility', { prediction_text: TEXTS.good, visibility: 'public' }, MSG.visibilityType],
  ])('refuses %s with 400 and the exact message', async (_name, payload, message) => {
    const member = await createMember(t);
    const res = await submit(t, member, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('accepts exactly 10 trimmed and exactly 500 raw characters', async () => {
    const member = await createMember(t);
    const ten = await submit(t, member, { prediction_text: 'Rain soon.' });
    expect(ten.statusCode).not.toBe(400);
    const long = `In 2031, ${'tidal power will light coastal towns; '.repeat(13)}`.slice(0, 500);
    expect(long.length).toBe(500);
    const max = await submit(t, member, { prediction_text: long });
    expect(max.statusCode).not.toBe(400);
  });

  it('publishes with 201, stores the text byte-for-byte and answers every member field', async () => {
    const text = `  ${TEXTS.good}  \u200c🚀 `;
    const res = await submit(t, ana, {
      prediction_text: text,
      categories: 'Technology,Economy',
      visibility: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: MSG.published,
      prediction: {
        category: 'Technology',
        categories: ['Technology', 'Economy'],
        prediction_text: text,
        visibility: true,
        is_flagged: false,
        flagged: false,
        flag_reason: null,
        flag_reasoning: null,
      },
    });
    expect(body.details).toBeUndefined();
    const p = body.prediction;
    expect(p.reliability_score).toBeGreaterThan(60);
    expect(p.analysis_result.score).toBe(p.reliability_score);
    expect(p.analysis_result.tier).toMatch(/high|good/);
    expect(p.analysis_result.reasons.length).toBeGreaterThan(0);
    expect(p.text_quality_score).toBeGreaterThan(0);
    expect(p.text_quality_score).toBeLessThanOrEqual(1);
    expect(p.sentiment_score).toBeGreaterThanOrEqual(-1);
    expect(Array.isArray(p.suggestions)).toBe(true);
    expect(Date.parse(p.timestamp)).toBeGreaterThan(Date.now() - 60_000);

    const row = await t.database.db
      .selectFrom('predictions')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.prediction_text).toBe(text);
    expect(Buffer.from(row.prediction_text).equals(Buffer.from(text))).toBe(true);
    expect(row.categories).toBe('Technology,Economy');
    expect(row.text_length).toBe(text.length);
    // Ranked by the community feature from the moment it is stored.
    expect(row.hot_score).toBeGreaterThan(0);
    const cats = await t.database.db
      .selectFrom('prediction_categories')
      .select('category')
      .where('prediction_id', '=', p.id)
      .orderBy('category')
      .execute();
    expect(cats.map((c) => c.category)).toEqual(['Economy', 'Technology']);
    const bands = await t.database.db
      .selectFrom('prediction_lsh')
      .select('band_key')
      .where('prediction_id', '=', p.id)
      .execute();
    expect(bands.length).toBeGreaterThanOrEqual(30);
  });

  it('classifies a prediction sent without categories, and falls back to Other', async () => {
    const member = await createMember(t);
    const politics = await submit(t, member, { prediction_text: TEXTS.politics, categories: null });
    expect(politics.statusCode).toBe(201);
    expect(politics.json().prediction).toMatchObject({ category: 'Politics', categories: ['Politics'] });
    const row = await t.database.db
      .selectFrom('predictions')
      .select('categories')
      .where('id', '=', politics.json().prediction.id)
      .executeTakeFirstOrThrow();
    expect(row.categories).toBeNull();

    const other = await submit(t, member, { prediction_text: TEXTS.neutral });
    expect(other.statusCode).toBe(201);
    expect(other.json().prediction).toMatchObject({ category: 'Other', categories: ['Other'] });
  });

  it('keeps a private prediction private and defaults to public', async () => {
    const member = await createMember(t);
    const priv = await submit(t, member, {
      prediction_text: 'Our city will open its first driverless tram line before the end of 2029.',
      visibility: false,
    });
    expect(priv.statusCode).toBe(201);
    expect(priv.json().prediction.visibility).toBe(false);
    const pub = await submit(t, member, {
      prediction_text: 'Global smartphone shipments will fall below one billion units in 2028.',
    });
    expect(pub.json().prediction.visibility).toBe(true);
  });

  it('refuses a near-duplicate with 409: the own, or another member’s public prediction', async () => {
    const own = await submit(t, ana, { prediction_text: TEXTS.goodNearCopy, categories: 'Technology' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({
      success: false,
      code: 'DUPLICATE_PREDICTION',
      message: MSG.duplicateOwn,
    });
    expect(own.json().message).toContain('Duplicate prediction');

    const ben = await createMember(t);
    const theirs = await submit(t, ben, {
      prediction_text:
        'By 2030, more than half of all new software code will be written with the help of AI assistants.',
    });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(MSG.duplicate);
    expect(theirs.json().message).not.toContain('software');
  });

  it('refuses a paraphrase of another member’s public prediction, never one of a private one', async () => {
    const first = await createMember(t);
    const published = await submit(t, first, {
      prediction_text:
        'Construction of the new Tallinn stadium will start in March 2028, costing over 200 million euros.',
    });
    expect(published.statusCode).toBe(201);
    const secret = await submit(t, first, {
      prediction_text: 'Two of the big four Estonian banks will merge before the end of 2029.',
      visibility: false,
    });
    expect(secret.statusCode).toBe(201);

    const second = await createMember(t);
    // A synonym, a number word and 'more than' for 'over': the same claim.
    const paraphrase = await submit(t, second, {
      prediction_text:
        'Construction of the new Tallinn stadium will begin in March 2028, costing more than 200 million euros.',
    });
    expect(paraphrase.statusCode).toBe(409);
    expect(paraphrase.json()).toMatchObject({ code: 'DUPLICATE_PREDICTION', message: MSG.duplicate });
    // Another member's private text is never matched, so its existence never leaks.
    const same = await submit(t, second, {
      prediction_text: '2 of the big four Estonian banks will merge before the end of 2029.',
    });
    expect(same.statusCode).toBe(201);
  });

  it('still finds a copy of an older prediction behind a crowd of newer same-template claims', async () => {
    const service = createPredictionsService({ db: t.database.db });
    const crowd = await createMember(t);
    const claim = (n: number) => `Bitcoin will trade above $${(40 + n * 7) * 1000} on 1 January 2030.`;
    // The first is the one to copy; 24 newer ones share most of its LSH bands (distinct numbers).
    for (let n = 0; n < 25; n++) {
      await service.submit(crowd, { prediction_text: claim(n), categories: 'Economy' });
    }
    const copier = await createMember(t);
    const copy = await submit(t, copier, {
      prediction_text: 'I predict that Bitcoin will trade above $40,000 on 1 January 2030!',
    });
    expect(copy.statusCode).toBe(409);
    expect(copy.json().message).toBe(MSG.duplicate);
    const distinct = await submit(t, copier, { prediction_text: claim(200) });
    expect(distinct.statusCode).toBe(201);
  });

  it('lets exactly one of several near-identical posts sent at the same instant through', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t)));
    const variants = [
      'Norway will sell its last new petrol car in March 2027.',
      'norway will sell its last new petrol car in March 2027!',
      'I predict that Norway will sell its last new petrol car in March 2027.',
      'Norway will sell its last new petrol car in March 2027 ',
      'NORWAY will sell its last new petrol car in march 2027.',
      'Norway will sell its last new petrol car, in March 2027.',
    ];
    const replies = await Promise.all(
      members.map((m, i) => submit(t, m, { prediction_text: variants[i], categories: 'Economy' })),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('never matches, nor reveals, another member’s private prediction', async () => {
    const cleo = await createMember(t);
    const dan = await createMember(t);
    const text =
      'The national railway will run hourly hydrogen trains between the two largest cities by 2032.';
    const priv = await submit(t, cleo, { prediction_text: text, visibility: false });
    expect(priv.statusCode).toBe(201);
    const again = await submit(t, dan, { prediction_text: text });
    expect(again.statusCode).toBe(201);
    // …but the author's own private prediction still counts.
    const mine = await submit(t, cleo, { prediction_text: text });
    expect(mine.statusCode).toBe(409);
  });

  it('rejects abusive or unreadable text with 403 and recommendations, storing nothing', async () => {
    const member = await createMember(t);
    const before = await Promise.all([count('predictions'), count('rollup_daily'), count('prediction_lsh')]);
    for (const text of [TEXTS.abusive, TEXTS.gibberish]) {
      const res = await submit(t, member, { prediction_text: text });
      expect(res.statusCode).toBe(403);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'PREDICTION_REJECTED' });
      expect(body.message).toMatch(/^Prediction not published: /);
      expect(body.details.recommendations.length).toBeGreaterThan(0);
      for (const r of body.details.recommendations) expect(typeof r).toBe('string');
    }
    const after = await Promise.all([count('predictions'), count('rollup_daily'), count('prediction_lsh')]);
    expect(after).toEqual(before);
  });

  it('publishes machine-sounding text with the flag, a warning and suggestions', async () => {
    const member = await createMember(t);
    const res = await submit(t, member, { prediction_text: TEXTS.machine, categories: 'Technology' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: MSG.aiDetected,
      prediction: { flagged: true, is_flagged: true, flag_reason: 'Reads as machine-generated text' },
      details: { warning: expect.stringContaining('machine-generated') },
    });
    expect(body.details.suggestions.length).toBeGreaterThan(0);
    expect(body.prediction.flag_reasoning).toMatchObject({
      category: 'machine_generated',
      ai_generated: true,
      severity: expect.stringMatching(/low|medium|high/),
    });
    expect(body.prediction.reliability_score).toBeLessThan(50);
  });

  it('limits each member to 10 submissions a minute (429 with Retry-After)', async () => {
    const member = await createMember(t);
    for (let i = 0; i < 10; i++) {
      const res = await submit(t, member, { prediction_text: 'short' });
      expect(res.statusCode).toBe(400);
    }
    const limited = await submit(t, member, { prediction_text: TEXTS.neutral });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not affected.
    const other = await createMember(t);
    expect((await submit(t, other, { prediction_text: 'short' })).statusCode).toBe(400);
  });
});
