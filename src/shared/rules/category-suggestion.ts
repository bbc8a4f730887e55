import { CATEGORY_KEYWORDS, type KeywordTiers } from './category-keywords.ts';
import { type Category, CATEGORIES } from './categories.ts';

// SPEC.md §5 'Category suggestion scoring' and §9. Pure: runs in the browser and on the server
// (the news classifier reuses it).
export const SUGGESTION_POINTS = { primary: 10, phrase: 3, word: 1, manyMatchesBonus: 5 } as const;
const SUGGESTION_MIN_SCORE_EXCLUSIVE = 3;
const SUGGESTION_LIMIT = 3;
const SUGGESTION_MIN_TEXT_LENGTH_EXCLUSIVE = 30;
export const SUGGESTION_DEBOUNCE_MS = 300;

export type SuggestionConfidence = 'high' | 'medium' | 'low';

export interface CategorySuggestion {
  category: Category;
  score: number;
  confidence: SuggestionConfidence;
}

type Tier = 'primary' | 'phrase' | 'word';

interface CompiledCategory {
  category: Category;
  singles: Map<string, Tier>;
  phrases: Array<[string, Tier]>;
}

const PERSIAN_SUFFIXES = ['های', 'ها', 'ترین', 'تر', 'ای', 'ان', 'ات', 'اش', 'شان', 'ی'];
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

// Shared by the keyword lists and the text so both sides agree on spelling: Arabic kaf/yeh to
// Persian, no diacritics, the zero-width non-joiner as a word break, Persian digits as ASCII.
export function normalizeForKeywords(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[ي]/g, 'ی')
    .replace(/[ك]/g, 'ک')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}&'+-]+/gu, ' ')
    .replace(/(^|\s)['-]+|['-]+(?=\s|$)/g, '$1')
    .trim()
    .replace(/\s+/g, ' ');
}

function variants(token: string): string[] {
  const out = [token];
  if (ARABIC_SCRIPT.test(token)) {
    for (const suffix of PERSIAN_SUFFIXES) {
      if (token.length - suffix.length >= 2 && token.endsWith(suffix))
        out.push(token.slice(0, -suffix.length));
    }
    return out;
  }
  if (token.endsWith("'s")) out.push(token.slice(0, -2));
  else if (token.endsWith('ies') && token.length > 4) out.push(`${token.slice(0, -3)}y`);
  else if (token.endsWith('es') && token.length > 3) out.push(token.slice(0, -2), token.slice(0, -1));
  else if (token.endsWith('s') && !token.endsWith('ss') && token.length > 2) out.push(token.slice(0, -1));
  return out;
}

function splitList(list: string): string[] {
  return list
    .split(',')
    .map((entry) => normalizeForKeywords(entry))
    .filter((entry) => entry.length > 0);
}

let compiled: CompiledCategory[] | null = null;

function compile(): CompiledCategory[] {
  const result: CompiledCategory[] = [];
  for (const category of CATEGORIES) {
    const tiers: KeywordTiers | undefined = CATEGORY_KEYWORDS[category];
    if (!tiers) continue;
    const singles = new Map<string, Tier>();
    const phrases = new Map<string, Tier>();
    const add = (list: string, tier: Tier) => {
      for (const keyword of splitList(list)) {
        // A keyword listed in two tiers counts once, at its strongest tier.
        const target = keyword.includes(' ') ? phrases : singles;
        if (!target.has(keyword)) target.set(keyword, tier);
      }
    };
    add(tiers.primary, 'primary');
    add(tiers.phrases, 'phrase');
    add(tiers.words, 'word');
    // 'elections' next to 'election' would score one word twice, since plurals already match.
    for (const keyword of [...singles.keys()]) {
      if (variants(keyword).some((v) => v !== keyword && singles.has(v))) singles.delete(keyword);
    }
    for (const phrase of [...phrases.keys()]) {
      if (phrase.endsWith('s') && phrases.has(phrase.slice(0, -1))) phrases.delete(phrase);
    }
    result.push({ category, singles, phrases: [...phrases] });
  }
  return result;
}

export function confidenceFor(score: number): SuggestionConfidence {
  if (score > 10) return 'high';
  if (score > 5) return 'medium';
  return 'low';
}

export interface CategoryScore {
  category: Category;
  score: number;
  matches: string[];
}

/** Every keyword category's raw score, before the threshold and the limit are applied. */
export function scoreCategories(text: string): CategoryScore[] {
  compiled ??= compile();
  const normalized = normalizeForKeywords(text);
  const padded = ` ${normalized} `;
  const tokens = new Set<string>();
  for (const token of normalized.split(' ')) {
    if (token) for (const variant of variants(token)) tokens.add(variant);
  }
  return compiled.map(({ category, singles, phrases }) => {
    let score = 0;
    const matches: string[] = [];
    for (const [keyword, tier] of singles) {
      if (tokens.has(keyword)) {
        score += pointsFor(tier);
        matches.push(keyword);
      }
    }
    for (const [phrase, tier] of phrases) {
      if (padded.includes(` ${phrase} `) || padded.includes(` ${phrase}s `)) {
        score += pointsFor(tier);
        matches.push(phrase);
      }
    }
    if (matches.length > 2) score += SUGGESTION_POINTS.manyMatchesBonus;
    return { category, score, matches };
  });
}

function pointsFor(tier: Tier): number {
  if (tier === 'primary') return SUGGESTION_POINTS.primary;
  return tier === 'phrase' ? SUGGESTION_POINTS.phrase : SUGGESTION_POINTS.word;
}

export function shouldSuggest(text: string): boolean {
  return text.trim().length > SUGGESTION_MIN_TEXT_LENGTH_EXCLUSIVE;
}

export function suggestCategories(text: string, chosen: readonly string[] = []): CategorySuggestion[] {
  const excluded = new Set(chosen);
  const order = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));
  return scoreCategories(text)
    .filter((s) => s.score > SUGGESTION_MIN_SCORE_EXCLUSIVE && !excluded.has(s.category))
    .sort((a, b) => b.score - a.score || (order.get(a.category) ?? 0) - (order.get(b.category) ?? 0))
    .slice(0, SUGGESTION_LIMIT)
    .map(({ category, score }) => ({ category, score, confidence: confidenceFor(score) }));
}
