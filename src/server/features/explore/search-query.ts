// What a search box query means (docs/decisions/014-explore.md): the whole phrase, and its words.
// Results that hold the phrase come first, then those that hold every word; newest first in each.

/** Words kept from one query: enough for a sentence, few enough to bound the work per window. */
const MAX_WORDS = 8;

export interface SearchQuery {
  /** The query, lower-cased, its spaces collapsed, punctuation trimmed from both ends. */
  phrase: string;
  /** Its distinct words, lower-cased, punctuation trimmed from both ends; at most MAX_WORDS. */
  words: string[];
}

/** A punctuation mark, symbol or control character. */
const EDGE = /^[\p{P}\p{S}\p{C}]$/u;

/**
 * Punctuation, symbols and controls trimmed from both ends ('2030,' → '2030', '«تهران»' → 'تهران'),
 * one character at a time: a `[…]+$` pattern would rescan a long inner run from every position.
 */
function trimEdges(word: string): string {
  const chars = [...word];
  let start = 0;
  let end = chars.length;
  while (start < end && EDGE.test(chars[start] as string)) start++;
  while (end > start && EDGE.test(chars[end - 1] as string)) end--;
  return chars.slice(start, end).join('');
}

/** Han, kana: scripts written without spaces, whose words the search finds inside runs. */
export const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

/** The query's phrase and words, or null when nothing searchable is left. */
export function parseSearch(q: string): SearchQuery | null {
  const text = q
    .toLowerCase()
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const words = [...new Set(text.split(' ').map(trimEdges))].filter(Boolean);
  const phrase = trimEdges(text);
  if (words.length === 0 || phrase === '') return null;
  return { phrase, words: words.slice(0, MAX_WORDS) };
}

/** Length in characters (code points), as SQLite's trigram tokenizer counts them. */
export const charLength = (s: string): number => [...s].length;
