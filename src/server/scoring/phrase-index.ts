// How the phrase lists (data/phrases/) are matched: each phrase compiled once into a matcher on
// word edges of the normalised text, and each list indexed by the word starts its phrases need.

// Text is normalised the same way as the lists: lower case, no zero-width non-joiners, straight
// apostrophes, and the Persian forms of the letters Arabic keyboards type as ي and ك.
export function normalizeForLists(text: string): string {
  return (
    text
      // Full-width punctuation in the lists ('当然！以下是') meets the text's NFKC form ('当然!以下是').
      .normalize('NFKC')
      .toLowerCase()
      // Turkish 'İ' lower-cases to 'i' plus a combining dot ('İşte' is 'i̇şte'): the lists write 'i'.
      .replace(/i\u0307/g, 'i')
      .replace(/\u200c/g, '')
      // Arabic short vowels and tanwin ('اولاً', 'حتماً') are optional in writing.
      .replace(/[\u064B-\u0652\u0670\u0640]/g, '')
      .replace(/[’‘`´]/g, "'")
      .replace(/ي/g, 'ی')
      .replace(/ك/g, 'ک')
  );
}

// Persian and Arabic words take suffixes (plural, possessive, 'is', verb endings) without a space.
// Also the colloquial 'are' ('احمقن', 'حیوونن': they are idiots, animals).
const ARABIC_SUFFIX = '(?:ها|های|هایی|ه|ی|ای|ان|ید|ین|اید|ست|ند|ن|م|ا|ش|شون|تون|ت)?';

const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

export function phraseMatcher(phrase: string): RegExp {
  const prefix = phrase.endsWith('*');
  const body = prefix ? phrase.slice(0, -1) : phrase;
  const escaped = body.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // CJK writes no spaces, so its phrases match anywhere.
  const start = CJK_START.test(body) ? '' : /^[\p{L}\p{N}]/u.test(body) ? '(?<![\\p{L}\\p{N}])' : '';
  let end = '';
  // CJK phrases run on into the next word ('作为一个人工智能语言模型'): no end edge either.
  if (prefix || CJK_END.test(body)) end = '';
  else if (/\p{Script=Arabic}$/u.test(body)) end = `${ARABIC_SUFFIX}(?![\\p{L}\\p{N}])`;
  else if (/[\p{L}\p{N}]$/u.test(body)) end = '(?![\\p{L}\\p{N}])';
  return new RegExp(`${start}${escaped}${end}`, 'gu');
}

// [the literal to look for first, the matcher]; the literal is the phrase without its '*'.
export type Entry = readonly [string, RegExp];
export function compileList(list: readonly string[]): PhraseList<Entry> {
  return indexList(
    list.map((p) => {
      const phrase = normalizeForLists(p);
      return [phrase.replace(/\*$/u, ''), phraseMatcher(phrase)] as const;
    }),
  );
}

// A phrase can only match where its literal text occurs, starting at a word. Word starts (the
// first one to three letters of every word) are collected once per text, and each list is indexed
// by the start its phrases need, so a text looks up only the phrases its own words could begin:
// the cost follows the text, not the length of the lists.
const WORD_RUN = /[\p{L}\p{N}]+/gu;
let startsFor = '';
let starts = new Set<string>();

function wordStarts(text: string): Set<string> {
  if (startsFor !== text) {
    starts = new Set<string>();
    for (const m of text.matchAll(WORD_RUN)) {
      const w = m[0];
      starts.add(w.slice(0, 1));
      if (w.length > 1) starts.add(w.slice(0, 2));
      if (w.length > 2) starts.add(w.slice(0, 3));
    }
    startsFor = text;
  }
  return starts;
}

// The key a phrase needs among the word starts: its first word, cut to three characters (none for
// CJK, which runs words together, or a phrase that starts with a symbol: those are always tried).
function startKey(phrase: string): string | null {
  return CJK_START.test(phrase) ? null : (/^[\p{L}\p{N}]+/u.exec(phrase)?.[0].slice(0, 3) ?? null);
}

export interface PhraseList<T extends readonly [string, ...unknown[]]> {
  entries: readonly T[];
  /** Positions in `entries` by the word start their phrase needs. */
  byStart: Map<string, number[]>;
  /** Positions of the phrases without a key. */
  always: number[];
}

export function indexList<T extends readonly [string, ...unknown[]]>(entries: readonly T[]): PhraseList<T> {
  const byStart = new Map<string, number[]>();
  const always: number[] = [];
  entries.forEach(([phrase], i) => {
    const key = startKey(phrase);
    if (key === null) always.push(i);
    else if (byStart.has(key)) byStart.get(key)?.push(i);
    else byStart.set(key, [i]);
  });
  return { entries, byStart, always };
}

// The entries whose literal occurs in the text, in list order.
export function present<T extends readonly [string, ...unknown[]]>(list: PhraseList<T>, text: string): T[] {
  const at = [...list.always];
  for (const start of wordStarts(text)) {
    const positions = list.byStart.get(start);
    if (positions) at.push(...positions);
  }
  at.sort((a, b) => a - b);
  const out: T[] = [];
  for (const i of at) {
    const entry = list.entries[i] as T;
    if (text.includes(entry[0])) out.push(entry);
  }
  return out;
}

export function hits(list: PhraseList<Entry>, text: string): string[] {
  const out: string[] = [];
  for (const [phrase, re] of present(list, text)) {
    re.lastIndex = 0;
    if (re.test(text)) out.push(phrase);
  }
  return out;
}
