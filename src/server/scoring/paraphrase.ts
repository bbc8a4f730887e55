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
const numberWords = read<{ languages: Record<string, Record<string, number>> }>(
  'number-words.json',
).languages;

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
      } else PHRASES.push({ tokens, to: head });
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

/**
 * Aligns b's tokens to a's where they differ only by an edit that keeps the claim: a WordNet
 * synonym, or a number word for the digits the other text has ('huit' / '8'). Only words found on
 * one side are aligned, so a word both texts use keeps its meaning.
 */
export function alignTokens(a: readonly string[], b: readonly string[]): [string[], string[]] {
  const x = [...a];
  const y = [...b];
  const inA = new Set(x);
  const inB = new Set(y);

  for (const [list, other, otherSet] of [
    [x, y, inB],
    [y, x, inA],
  ] as const)
    list.forEach((t, i) => {
      const value = NUMBER_VALUE.get(t);
      if (value !== undefined && !otherSet.has(t) && other.includes(String(value))) list[i] = String(value);
    });
  const onlyA = x.filter((t) => !inB.has(t) && /^[a-z]+$/u.test(t) && wordnetGroups(t).size > 0);
  for (let i = 0; i < y.length && onlyA.length > 0; i++) {
    const t = y[i] ?? '';
    if (inA.has(t)) continue;
    const match = onlyA.find((s) => englishSynonyms(s, t));
    if (match) y[i] = match;
  }
  return [x, y];
}
