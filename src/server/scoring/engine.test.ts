import { describe, expect, it } from 'vitest';
import { analyzePrediction, authorAdjustment, qualityTier, SCORING_VERSION } from './engine.ts';
import { bandOf, outlookOf } from './eval/measure.ts';
import { OUTLOOK_FEATURES, outlookFeatures } from './outlook-lexicon.ts';

const now = new Date('2026-11-01T00:00:00Z');
const score = (text: string, extra: Partial<Parameters<typeof analyzePrediction>[0]> = {}) =>
  analyzePrediction({ text, categories: [], now, ...extra });
const flagOf = (text: string) => score(text).flag_reasoning?.category ?? 'none';

describe('every point is a reason', () => {
  it.each([
    'Tesla will deliver more than 2.5 million vehicles worldwide in calendar year 2027.',
    'Something big is going to happen soon!!!',
    'BUY NOW at https://cheap.example.com and call +1 555 010 0200',
    'قیمت دلار تا پایان ۱۴۰۶ از ۱۰۰ هزار تومان بیشتر می‌شود.',
  ])('lists reasons that add up to the score: %s', (text) => {
    const a = score(text, { author: { totalPredictions: 12, flaggedPredictions: 1 } });
    expect(a.reasons.reduce((sum, r) => sum + r.effect, 0)).toBe(a.reliability_score);
    for (const r of a.reasons) expect(r.label.length).toBeGreaterThan(3);
  });

  it('is deterministic and versioned', () => {
    const text = 'The ECB will cut its deposit rate to 1.5% by June 2027.';
    expect(score(text)).toEqual(score(text));
    expect(score(text).version).toBe(SCORING_VERSION);
  });
});

describe('quality bands', () => {
  it.each([
    ['high', 'Tesla will deliver more than 2.5 million vehicles worldwide in calendar year 2027.'],
    ['high', 'The Bank of England will cut Bank Rate to 3% or lower by December 2027.'],
    ['high', 'قیمت دلار در بازار آزاد تهران تا پایان اسفند ۱۴۰۵ از ۱۲۰ هزار تومان بالاتر می‌رود.'],
    ['mid', 'Tesla will deliver more than 2.5 million vehicles worldwide.'],
    ['mid', 'The Bank of England will cut interest rates by December 2027.'],
    ['mid', 'Tesla will deliver a lot more cars at some point in 2027.'],
    ['mid', 'A chipmaker will report revenue above $200 billion in 2027.'],
    ['mid', 'Eine deutsche Bank wird 2027 mehr als 10 Milliarden Euro Gewinn machen.'],
    ['low', 'Tesla will do something big.'],
    ['low', 'Interest rates will come down eventually.'],
  ])('puts a prediction in the %s band: %s', (band, text) => {
    expect(bandOf(score(text).reliability_score)).toBe(band);
  });

  it('gives a kind of subject fewer points than a named one, and says so', () => {
    const a = score('A European airline will go bankrupt before the end of 2027.');
    expect(a.reasons.find((r) => r.code === 'unnamed_subject')?.label).toMatch(/airline/u);
    expect(a.reasons.some((r) => r.code === 'specific' || r.code === 'complete')).toBe(false);
  });

  it('gives the completeness bonus only to a claim with who, when and how much', () => {
    const has = (t: string) => score(t).reasons.some((r) => r.code === 'complete');
    expect(has('Spotify will pass 800 million monthly active users before the end of 2027.')).toBe(true);
    expect(has('Spotify will pass 800 million monthly active users.')).toBe(false);
  });

  it('uses the time of submission to tell a future year from a past one', () => {
    const text = 'Inflation in Turkey fell below 40% in 2025.';
    expect(score(text).reasons.some((r) => r.code === 'future_oriented')).toBe(false);
  });

  it('penalises links, shouting and profanity, each as its own reason', () => {
    const codes = (t: string) => score(t).reasons.map((r) => r.code);
    expect(codes('Oil will hit $100 in 2027, see https://example.com/oil')).toContain('links');
    expect(codes('OIL WILL HIT $100 IN 2027 AND EVERYONE WILL PANIC')).toContain('shouting');
    expect(codes('This shitty economy will crash in 2027.')).toContain('profanity');
  });

  it('notes a chosen category that the text does not support', () => {
    const a = score('The Federal Reserve will cut interest rates as inflation falls in 2027.', {
      categories: ['Sports'],
    });
    expect(a.reasons.some((r) => r.code === 'category_mismatch')).toBe(true);
  });

  it('uses the 80/60/40 cut-offs for SPEC’s four quality tiers', () => {
    expect([85, 80, 79, 60, 59, 40, 39].map(qualityTier)).toEqual([
      'high',
      'high',
      'good',
      'good',
      'fair',
      'fair',
      'needs_improvement',
    ]);
  });
});

describe('flags', () => {
  it.each([
    ['spam', 'Call +1 555 0100 200 now to join my crypto signals group! t.me/pumpsignals'],
    ['abusive', 'I will kill you if your team wins the league.'],
    ['gibberish', 'asdf asdf qwerty zxcv'],
    ['gibberish', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['machine_generated', 'As an AI language model, I cannot predict the future, but markets may change.'],
  ])('flags near-certain patterns on the rules alone: %s', (flag, text) => {
    const a = analyzePrediction({ text, categories: [], now }, { flags: null, sentiment: null });
    expect(a.flag_reasoning?.category).toBe(flag);
    expect(a.flag_reasoning?.detailed_explanation).toMatch(/^Found /u);
  });

  it.each([
    ['spam', '🚀🚀 Best crypto signals in the market, 10x guaranteed, DM me for the VIP group 🚀🚀'],
    ['not_a_prediction', 'What do you all think will happen with house prices?'],
    ['not_a_prediction', 'Went to the market yesterday and bought some apples.'],
    [
      'machine_generated',
      'Firstly, it is important to note that the economy is complex. Secondly, many factors interplay. In conclusion, the future remains uncertain.',
    ],
  ])('lets the classifier decide the rest, and says what it read: %s', (flag, text) => {
    const a = score(text);
    expect(a.flag_reasoning?.category).toBe(flag);
    expect(a.flag_reasoning?.detailed_explanation).toMatch(/statistical model, \d+% confident/u);
    expect(a.reasons.some((r) => r.code === 'statistical_model')).toBe(true);
  });

  it('caps a flagged prediction’s score, so a flag and a high score never disagree', () => {
    const a = score('What do you all think will happen with house prices in 2027?');
    expect(a.is_flagged).toBe(true);
    expect(a.reliability_score).toBeLessThanOrEqual(45);
  });

  it('flags a duplicate the index found and rejects it', () => {
    const a = score('Brazil will win the 2030 FIFA World Cup.', { duplicateOf: { id: 7, similarity: 0.92 } });
    expect(a.verdict).toBe('reject');
    expect(a.flag_reasoning?.category).toBe('duplicate');
  });

  it("reads 'test', 'contest', 'latest' and 'protest' as ordinary words", () => {
    for (const text of [
      'The latest EU stress test will show all 20 largest banks passing in 2027.',
      'A Ukrainian song will win the Eurovision Song Contest in 2028.',
      'The student protest movement in Serbia will force early elections before summer 2027.',
      'India will win the next Test series in Australia 3-1.',
    ])
      expect(flagOf(text), text).toBe('none');
  });

  it('never calls Persian or another language gibberish', () => {
    for (const text of [
      'قیمت طلا در سال آینده دو برابر خواهد شد.',
      'هوش مصنوعی تا ده سال دیگر بسیاری از شغل‌ها را تغییر می‌دهد.',
      'El precio de la vivienda en Valencia subirá un 8 % en 2027.',
      'Die Mieten in München werden 2027 weiter steigen.',
      'Le prix du café va encore augmenter en 2027.',
      'Курс рубля ослабнет к концу 2027 года.',
      '日本の人口は2030年までに1億2千万人を下回るだろう。',
      '내년에 서울 집값은 5% 오를 것이다.',
      'Harga beras di Jakarta akan naik tahun depan.',
      'Bei ya mafuta Kenya itapanda mwaka ujao.',
      'Η Ελλάδα θα υποδεχτεί 40 εκατομμύρια τουρίστες το 2027.',
      'מחירי הדירות בחיפה יעלו ב-2027.',
      'ภายในปี 2570 รถยนต์ไฟฟ้าจะขายดีกว่ารถยนต์น้ำมันในไทย',
      'अगले साल दिल्ली में बिजली महंगी होगी।',
      'Türkiye 2027 yılında Avrupa Şampiyonası’na katılacak.',
    ])
      expect(flagOf(text), text).not.toBe('gibberish');
  });
});

describe('sentiment as outlook', () => {
  it.each([
    ['positive', 'Unemployment in Spain will fall below 10% in 2027.'],
    ['positive', 'Inflation in Turkey will drop below 20% by the end of 2027.'],
    ['negative', 'The Great Barrier Reef will be gone by 2040.'],
    ['negative', 'Rents in Berlin will keep rising in 2027.'],
    ['negative', 'A recession will hit Germany in 2027.'],
    ['negative', 'قیمت مسکن در تهران سال آینده باز هم بالا می‌رود.'],
    ['positive', 'تورم ایران سال آینده کاهش پیدا می‌کند.'],
    ['negative', 'El paro en España subirá en 2027.'],
    ['positive', 'Le chômage en France baissera en 2027.'],
    ['neutral', 'Apple will unveil a foldable iPhone at its September 2027 event.'],
  ])('reads %s: %s', (outlook, text) => {
    expect(outlookOf(score(text).sentiment_score)).toBe(outlook);
  });

  it('turns around with negation', () => {
    expect(outlookOf(score('Unemployment in Spain will not fall in 2027.').sentiment_score)).not.toBe(
      'positive',
    );
  });

  it('reads a bad outcome that falls or ends as a burden falling, not as bad news', () => {
    const at = (name: string) => OUTLOOK_FEATURES.indexOf(name as (typeof OUTLOOK_FEATURES)[number]);
    for (const text of [
      'malaria deaths will fall by half by 2030.',
      'the war in the north will end in 2027.',
    ]) {
      const f = outlookFeatures(text, 'en');
      expect(f[at('burdens_down')]).toBeGreaterThan(0);
      expect(f[at('bad')]).toBe(0);
      expect(f[at('leans_good')]).toBe(1);
    }
    expect(outlookFeatures('a war will break out in 2027.', 'en')[at('bad')]).toBeGreaterThan(0);
  });

  it('moves the thing across the verb, not the cause before it', () => {
    const at = (name: string) => OUTLOOK_FEATURES.indexOf(name as (typeof OUTLOOK_FEATURES)[number]);
    const drought = outlookFeatures('a drought will cut harvests by a fifth in 2027.', 'en');
    expect(drought[at('bad')]).toBeGreaterThan(0);
    expect(drought[at('goods_down')]).toBeGreaterThan(0);
    expect(drought[at('leans_bad')]).toBe(1);
    const vaccine = outlookFeatures('a vacina vai reduzir os casos pela metade em 2027.', 'pt');
    expect(vaccine[at('good')]).toBeGreaterThan(0);
    expect(vaccine[at('burdens_down')]).toBeGreaterThan(0);
    expect(vaccine[at('leans_good')]).toBe(1);
  });

  it('keeps the score within −1..1', () => {
    for (const text of [
      'War, famine, collapse, crash and disaster everywhere in 2027.',
      'Peace and recovery.',
    ])
      expect(Math.abs(score(text).sentiment_score)).toBeLessThanOrEqual(1);
  });
});

describe('author history', () => {
  it('says little about new members and more about established ones', () => {
    expect(authorAdjustment(undefined)).toBe(0);
    expect(authorAdjustment({ totalPredictions: 0, flaggedPredictions: 0 })).toBe(0);
    expect(Math.abs(authorAdjustment({ totalPredictions: 1, flaggedPredictions: 1 }))).toBeLessThanOrEqual(6);
    expect(authorAdjustment({ totalPredictions: 40, flaggedPredictions: 0 })).toBe(5);
    expect(authorAdjustment({ totalPredictions: 40, flaggedPredictions: 30 })).toBe(-10);
  });

  it('moves reliability, not text quality', () => {
    const text = 'Tesla will deliver more than 2.5 million vehicles worldwide in 2027.';
    const plain = score(text);
    const trusted = score(text, { author: { totalPredictions: 50, flaggedPredictions: 0 } });
    expect(trusted.text_quality_score).toBe(plain.text_quality_score);
    expect(trusted.reliability_score).toBeGreaterThanOrEqual(plain.reliability_score);
  });
});
