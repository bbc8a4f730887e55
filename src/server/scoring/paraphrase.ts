import { readFileSync } from 'node:fs';
import { duplicateTokens } from './dedupe-normalize.ts';

// Edits a person makes without changing the claim, read from data files: curated synonyms per
// language (data/synonyms.json), English synonyms from WordNet (data/synonyms-en.json, built by
// eval/build-synonyms.ts) and number words (data/number-words.json). The comparison of two
// texts (near-duplicate.ts) aligns one text's words to the other's before it looks for a conflict.

const read = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')) as T;

const curated = read<{ languages: Record<string, string[][]> }>('synonyms.json').languages;
const wordnet = read<{ groups: string[][] }>('synonyms-en.json').groups;
const numberData = read<{
  languages: Record<string, Record<string, number>>;
  percentWords: Record<string, Record<string, number>>;
  articles: string[];
  percentPrefixes: string[];
  halves: string[];
}>('number-words.json');
const numberWords = numberData.languages;

// Entries are read the way the comparison reads texts (accents, letter forms, digits).
const tokensOf = (s: string) => duplicateTokens(s, true);
const norm = (s: string) => tokensOf(s).join(' ');

// Curated single words and phrases (as token sequences), each to its group's first member.
const CANONICAL = new Map<string, string>();
const PHRASES: { tokens: string[]; to: string }[] = [];
for (const groups of Object.values(curated))
  for (const group of groups) {
    const head = norm(group[0] ?? '').replace(/\s+/gu, '_');
    for (const member of group) {
      const tokens = tokensOf(member);
      if (tokens.length === 1) {
        if (!CANONICAL.has(tokens[0] ?? '')) CANONICAL.set(tokens[0] ?? '', head);
      } else {
        PHRASES.push({ tokens, to: head });
        // The same words written joined ('بدون‌راننده' without its joiner, 'kick-off').
        if (!CANONICAL.has(tokens.join(''))) CANONICAL.set(tokens.join(''), head);
      }
    }
  }
PHRASES.sort((a, b) => b.tokens.length - a.tokens.length);

// WordNet: each word to the groups it belongs to.
const GROUPS_OF = new Map<string, number[]>();
wordnet.forEach((group, i) => {
  for (const w of group) GROUPS_OF.set(w, [...(GROUPS_OF.get(w) ?? []), i]);
});

const NUMBER_VALUE = new Map<string, number>();
for (const words of Object.values(numberWords))
  for (const [w, v] of Object.entries(words)) NUMBER_VALUE.set(norm(w), v);
// Words for a share ('half', 'la mitad', 'نیمی'), as percent.
const PERCENT_VALUE = new Map<string, number>();
for (const words of Object.values(numberData.percentWords))
  for (const [w, v] of Object.entries(words)) PERCENT_VALUE.set(norm(w), v);
// 'a million' is '1 million'; '百分之七十' is '70%'.
const ARTICLES = new Set(numberData.articles.map(norm));
const PERCENT_PREFIXES = numberData.percentPrefixes.map(tokensOf);
// The tokens write '1 million' as '1000000'.
const SCALE_WORDS = new Map([
  ['thousand', '1000'],
  ['million', '1000000'],
  ['billion', '1000000000'],
  ['trillion', '1000000000000'],
]);
// A scale word in any language the lists cover, as digits ('milliarde' '1000000000'); '' if none.
const scaleOf = (word: string): string => {
  const v = NUMBER_VALUE.get(word);
  return v !== undefined && v >= 1000 ? String(v) : (SCALE_WORDS.get(word) ?? '');
};
const NUMBER_JOINERS = new Set(['and', 'y', 'e', 'und', 'et', 'و', 've', 'с']);
const HALF_WORDS = new Set(numberData.halves.map(norm));

/**
 * The number a run of number words starting at `i` spells, and how many tokens it takes:
 * 'сто двадцать' 120, '五十' 50, 'deux cents' 200. Null when no number word starts there.
 */
function numberRun(tokens: readonly string[], i: number): { value: number; length: number } | null {
  let total = 0;
  let current = 0;
  let scale = 0;
  let end = i;
  for (let k = i; k < tokens.length; k++) {
    const v = NUMBER_VALUE.get(tokens[k] ?? '');
    if (v === undefined) {
      // 'and a half', 'و نیم', 'с половиной', 'y medio': half a unit more.
      const half = [1, 2].find((n) => HALF_WORDS.has(tokens[k + n] ?? ''));
      if (k > i && current > 0 && NUMBER_JOINERS.has(tokens[k] ?? '') && half) {
        current += 0.5;
        k += half;
        end = k + 1;
        continue;
      }
      if (k > i && NUMBER_JOINERS.has(tokens[k] ?? '') && NUMBER_VALUE.has(tokens[k + 1] ?? '')) continue;
      break;
    }
    // A power of ten after a smaller number multiplies it ('cinq cents', '五十'), a larger scale
    // everything before it ('dos mil millones'); otherwise words add.
    if (v >= 1000 && v > scale && scale > 0) {
      total = (total + current) * v;
      current = 0;
      scale = v;
    } else if (v >= 1000) {
      total += (current || 1) * v;
      current = 0;
      scale = Math.max(scale, v);
    } else if ((v === 10 || v === 100) && current > 0 && current < v) current *= v;
    else current += v;
    end = k + 1;
  }
  return end > i ? { value: total + current, length: end - i } : null;
}

// Number words spelled out on one side where the other has the digits ('huit' / '8', 'сто
// двадцать' / '120', 'half' / '50 %', 'a million' / '1 million'). Only values the other side
// writes in digits are read, so a word that is also a number ('on', 'sei') keeps its meaning.
function spellNumbers(list: readonly string[], other: readonly string[]): string[] {
  const has = new Set(other);
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const t = list[i] ?? '';
    const prefix = PERCENT_PREFIXES.find((p) => p.every((x, k) => list[i + k] === x));
    const at = prefix ? i + prefix.length : i;
    const run = has.has(t) ? null : numberRun(list, at);
    const digits = run ? String(run.value) : '';
    if (run && prefix && has.has(`${digits}%`)) out.push(`${digits}%`);
    else if (run && prefix && has.has(digits)) out.push(digits, '%');
    else if (run && !prefix && (has.has(digits) || has.has(`${digits}%`))) out.push(digits);
    else if (ARTICLES.has(t) && !has.has(t) && has.has(scaleOf(list[i + 1] ?? ''))) {
      out.push(scaleOf(list[i + 1] ?? ''));
      i++;
      continue;
    } else if (!has.has(t) && PERCENT_VALUE.has(t) && has.has(String(PERCENT_VALUE.get(t)))) {
      out.push(String(PERCENT_VALUE.get(t)), '%');
      continue;
    } else {
      out.push(t);
      continue;
    }
    i = at + (run?.length ?? 1) - 1;
  }
  return out;
}

const CONNECTORS = new Set(['of', 'the', 'for', 'and', 'de', 'du', 'des', 'la', 'del', 'der', 'of', 'di']);

/**
 * An abbreviation on one side for the words it stands for on the other ('ECB' / 'European Central
 * Bank', 'NYC' / 'New York City', 'BI' / 'Bank Indonesia'): the words become the abbreviation.
 */
function abbreviate(list: readonly string[], other: readonly string[]): string[] {
  const inList = new Set(list);
  const shorts = other.filter((t) => !inList.has(t) && /^[a-z]{2,5}$/u.test(t));
  if (shorts.length === 0) return [...list];
  // The words an abbreviation replaces are words the other side lacks (counted: 'new' in 'New
  // York' is spare when the other side says 'new' once, elsewhere).
  const spare = new Map<string, number>();
  for (const w of list) spare.set(w, (spare.get(w) ?? 0) + 1);
  for (const w of other) spare.set(w, (spare.get(w) ?? 0) - 1);
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    let matched = false;
    for (const short of shorts) {
      let k = i;
      let n = 0;
      while (n < short.length && k < list.length) {
        const w = list[k] ?? '';
        if (n > 0 && CONNECTORS.has(w)) {
          k++;
          continue;
        }
        if (w[0] !== short[n] || (spare.get(w) ?? 0) <= 0) break;
        n++;
        k++;
      }
      if (n === short.length) {
        out.push(short);
        i = k - 1;
        matched = true;
        break;
      }
    }
    if (!matched) out.push(list[i] ?? '');
  }
  return out;
}

/** Curated synonyms and phrases rewritten to one spelling ('more than' → 'over'). */
export function canonicalTokens(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const phrase = PHRASES.find((p) => p.tokens.every((t, k) => tokens[i + k] === t));
    if (phrase) {
      out.push(phrase.to);
      i += phrase.tokens.length - 1;
    } else out.push(CANONICAL.get(tokens[i] ?? '') ?? tokens[i] ?? '');
  }
  return out;
}

// The dictionary forms an English word may have ('biggest' → 'big', 'starts' → 'start').
function lemmas(word: string): string[] {
  const out = [word];
  const strip = (suffix: string, add = '') => {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length);
      out.push(stem + add);
      if (/(\p{L})\1$/u.test(stem)) out.push(stem.slice(0, -1) + add);
    }
  };
  for (const [suffix, add] of [
    ['iest', 'y'],
    ['ies', 'y'],
    ['ied', 'y'],
    ['est', ''],
    ['est', 'e'],
    ['er', ''],
    ['er', 'e'],
    ['ing', ''],
    ['ing', 'e'],
    ['ed', ''],
    ['ed', 'e'],
    ['es', ''],
    ['s', ''],
  ] as const)
    strip(suffix, add);
  return out;
}

// Each word's groups, kept for the texts of a comparison (a pure function of the word).
const groupCache = new Map<string, ReadonlySet<number>>();
function wordnetGroups(word: string): ReadonlySet<number> {
  let out = groupCache.get(word);
  if (!out) {
    const found = new Set<number>();
    for (const lemma of lemmas(word)) for (const g of GROUPS_OF.get(lemma) ?? []) found.add(g);
    if (groupCache.size > 20_000) groupCache.clear();
    groupCache.set(word, found);
    out = found;
  }
  return out;
}

/** Whether two English words share a WordNet synset among their common senses. */
function englishSynonyms(a: string, b: string): boolean {
  if (a === b) return true;
  if (!/^[a-z]+$/u.test(a) || !/^[a-z]+$/u.test(b)) return false;
  const ga = wordnetGroups(a);
  if (ga.size === 0) return false;
  for (const g of wordnetGroups(b)) if (ga.has(g)) return true;
  return false;
}

// A currency after its amount goes before it, as the tokens write '$1000' ('a thousand dollars').
function signFirst(list: string[]): string[] {
  for (let i = 0; i + 1 < list.length; i++)
    if (/^\d/u.test(list[i] ?? '') && /^[$€£]$/u.test(list[i + 1] ?? '')) {
      list.splice(i, 2, list[i + 1] ?? '', list[i] ?? '');
      i++;
    }
  return list;
}

/**
 * Aligns b's tokens to a's where they differ only by an edit that keeps the claim: a WordNet
 * synonym, or a number word for the digits the other text has ('huit' / '8'). Only words found on
 * one side are aligned, so a word both texts use keeps its meaning.
 */
export function alignTokens(a: readonly string[], b: readonly string[]): [string[], string[]] {
  let x = abbreviate(signFirst(spellNumbers(a, b)), b);
  const y = abbreviate(signFirst(spellNumbers(b, x)), x);
  x = abbreviate(x, y);
  const inA = new Set(x);
  const inB = new Set(y);
  const onlyA = x.filter((t) => !inB.has(t) && /^[a-z]+$/u.test(t) && wordnetGroups(t).size > 0);
  for (let i = 0; i < y.length && onlyA.length > 0; i++) {
    const t = y[i] ?? '';
    if (inA.has(t)) continue;
    const match = onlyA.find((s) => englishSynonyms(s, t));
    if (match) y[i] = match;
  }
  return [x, y];
}
