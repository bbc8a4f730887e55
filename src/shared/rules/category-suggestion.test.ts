import { describe, expect, it } from 'vitest';
import { ANALYTICS_CATEGORIES, CATEGORIES, isCategory } from './categories.ts';
import { CATEGORY_KEYWORDS } from './category-keywords.ts';
import {
  confidenceFor,
  normalizeForKeywords,
  scoreCategories,
  shouldSuggest,
  suggestCategories,
} from './category-suggestion.ts';

describe('categories', () => {
  it('lists the ten allowed categories and the eight analytics ones', () => {
    expect(CATEGORIES).toHaveLength(10);
    expect(CATEGORIES).toContain('Futurecast');
    expect(ANALYTICS_CATEGORIES).toHaveLength(8);
    expect(isCategory('Economy')).toBe(true);
    expect(isCategory('Crypto')).toBe(false);
  });

  it('has substantial English and Persian keyword lists for the eight plus Other', () => {
    for (const category of [...ANALYTICS_CATEGORIES, 'Other'] as const) {
      const tiers = CATEGORY_KEYWORDS[category];
      expect(tiers).toBeDefined();
      const all = `${tiers?.primary},${tiers?.phrases},${tiers?.words}`.split(',').map((k) => k.trim());
      expect(all.filter((k) => /^[\p{Script=Latin}0-9 &'+.-]+$/u.test(k)).length).toBeGreaterThanOrEqual(40);
      expect(all.filter((k) => /\p{Script=Arabic}/u.test(k)).length).toBeGreaterThanOrEqual(25);
    }
  });
});

describe('suggestCategories (SPEC.md §5 scoring)', () => {
  it('adds 10 per primary keyword, 3 per phrase, 1 per word and 5 for more than two matches', () => {
    // 'election' (primary) alone.
    expect(scoreCategories('The election is close').find((s) => s.category === 'Politics')?.score).toBe(10);
    // 'peace talks' (phrase) + 'vote' (word): two matches, no bonus.
    expect(scoreCategories('peace talks before the vote').find((s) => s.category === 'Politics')?.score).toBe(
      4,
    );
    // election (10) + peace talks (3) + vote (1) = 14, three matches: +5.
    expect(
      scoreCategories('election, peace talks and a vote').find((s) => s.category === 'Politics')?.score,
    ).toBe(19);
  });

  it('needs a score above 3', () => {
    // Two words (+1 each) are not enough; a phrase and a word (4) are.
    expect(suggestCategories('the team and the players are ready', [])).toEqual([]);
    expect(suggestCategories('a gold medal for the team', []).map((s) => s.category)).toEqual(['Sports']);
  });

  it('excludes chosen categories and returns at most three, best first', () => {
    const text =
      'The central bank will cut interest rates as inflation falls, the election campaign heats up, AI chips boom and the World Cup final sells out';
    const all = suggestCategories(text, []);
    expect(all.length).toBeLessThanOrEqual(3);
    expect(all[0]?.category).toBe('Economy');
    expect([...all].sort((a, b) => b.score - a.score)).toEqual(all);
    expect(suggestCategories(text, ['Economy']).map((s) => s.category)).not.toContain('Economy');
  });

  it('grades confidence: high above 10, medium above 5, otherwise low', () => {
    expect([11, 10, 6, 5, 4].map(confidenceFor)).toEqual(['high', 'medium', 'medium', 'low', 'low']);
    expect(suggestCategories('Bitcoin will reach $150,000 as inflation falls', [])[0]).toMatchObject({
      category: 'Economy',
      confidence: 'high',
    });
  });

  it('matches whole English words only', () => {
    // 'ai' must not match 'said' or 'maid'; 'fed' is not a keyword; 'test' means nothing here.
    expect(
      scoreCategories('He said the maid was fed up with the latest test').every((s) => s.score === 0),
    ).toBe(true);
    expect(scoreCategories('AI will be everywhere').find((s) => s.category === 'Technology')?.score).toBe(10);
  });

  it('matches plurals and possessives', () => {
    expect(
      scoreCategories("The elections' result and Nvidia's chips").find((s) => s.category === 'Politics')
        ?.score,
    ).toBe(10);
    expect(scoreCategories('vaccines for everyone').find((s) => s.category === 'Healthcare')?.score).toBe(10);
  });

  it('reads Persian with its suffixes, Arabic letter forms and the zero-width non-joiner', () => {
    expect(
      suggestCategories(
        'تا سال ۱۴۰۶ نرخ تورم به زیر ۳۰ درصد می‌رسد و بانک مرکزی نرخ بهره را کاهش می‌دهد',
        [],
      )[0],
    ).toMatchObject({
      category: 'Economy',
      confidence: 'high',
    });
    expect(suggestCategories('پرسپولیس قهرمان لیگ برتر می‌شود', [])[0]?.category).toBe('Sports');
    // Plural suffix after a zero-width non-joiner, and Arabic yeh/kaf.
    expect(
      scoreCategories('واکسن‌ها و بيمارستان‌ها').find((s) => s.category === 'Healthcare')?.score,
    ).toBeGreaterThanOrEqual(20);
  });

  it('never suggests the product category and suggests Other for lifestyle topics', () => {
    expect(
      suggestCategories('Travel and tourism will boom as restaurants and hotels reopen', []).map(
        (s) => s.category,
      ),
    ).toContain('Other');
    for (const text of ['Futurecast predictions', 'my prediction about the future']) {
      expect(suggestCategories(text, []).map((s) => s.category)).not.toContain('Futurecast');
    }
  });

  it('suggests only for texts longer than 30 characters', () => {
    expect(shouldSuggest('a'.repeat(30))).toBe(false);
    expect(shouldSuggest(` ${'a'.repeat(31)} `)).toBe(true);
  });

  it('normalises text and keywords the same way', () => {
    expect(normalizeForKeywords('  Ｎvidia’s   GPUs!! ')).toBe("nvidia's gpus");
    expect(normalizeForKeywords('كتاب ي ۱۲')).toBe('کتاب ی 12');
  });
});
