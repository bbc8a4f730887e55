import { hasFunctionWord } from './language.ts';
import { STUFFING_IGNORED } from './phrases.ts';

// How a text is put together, in any language: repeated words and phrases, keyword stuffing,
// characters no word starts with, Chinese and Japanese written with spaces, a Persian future with
// no verb. Measurements the rules explain with and the flag classifier reads.

// A vowel sign or other combining mark at the start of a word (not after an emoji or a symbol,
// whose variation selectors are marks too).
export const STRAY_MARK = /(?<![\p{L}\p{M}\p{N}\p{S}\u200c\u200d])[\p{Mn}\p{Mc}]/gu;

// Twelve Chinese characters or more, no punctuation, and nearly half of them particles.
const ZH_PARTICLES = new Set('的了是在有和就不都也很着没吗呢吧啊么过得地'.split(''));
export function particleSalad(text: string): boolean {
  const han = text.match(/\p{Script=Han}/gu) ?? [];
  if (han.length < 12 || /[\p{P}]/u.test(text)) return false;
  return han.filter((c) => ZH_PARTICLES.has(c)).length / han.length >= 0.45;
}

export function repeatedCjkRun(text: string): boolean {
  const t = text.trim();
  if (/[\p{P}\s]/u.test(t) || t.length > 60) return false;
  for (let len = Math.floor(t.length / 2); len >= 4 && len * 4 >= t.length; len--)
    for (let i = 0; i + 2 * len <= t.length; i++) if (t.includes(t.slice(i, i + len), i + len)) return true;
  return false;
}

// Six or more runs of one to three Chinese characters (or kana), each set apart by a space, with no
// punctuation, Latin letters or digits: Chinese and Japanese write sentences without spaces.
const CJK_WORD = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]{1,3}';
export const SPACED_CJK = new RegExp(`^${CJK_WORD}(?: ${CJK_WORD}){5,}$`, 'u');

// Keyword stuffing: one content word making up a fifth or more of a text of six words or more.
// a three-letter keyword too ('best vpn cheap vpn free vpn …') when it is there five times or
// more and makes up three tenths of the text.
export function stuffedWord(words: readonly string[]): { word: string; count: number; share: number } | null {
  if (words.length < 6) return null;
  const counts = new Map<string, number>();
  for (const w of words) {
    if (w.length < 3 || /\d/u.test(w) || STUFFING_IGNORED.has(w)) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  for (const [w, n] of counts) {
    const share = n / words.length;
    if (w.length === 3 ? n >= 5 && share >= 0.3 : n >= 3 && share >= 0.2) return { word: w, count: n, share };
  }
  return null;
}

// Keyword stuffing with a phrase ('cheap ray ban sunglasses cheap ray ban …'): one pair of words
// three times or more in a text of eight words or more. Returns the pair and its count.
export function stuffedPhrase(words: readonly string[]): { phrase: string; count: number } | null {
  if (words.length < 8) return null;
  const counts = new Map<string, number>();
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1] ?? '';
    const b = words[i] ?? '';
    if (a.length < 3 || b.length < 3 || /\d/u.test(a + b) || a === b) continue;
    if (STUFFING_IGNORED.has(a) || STUFFING_IGNORED.has(b)) continue;
    const pair = `${a} ${b}`;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  let best: { phrase: string; count: number } | null = null;
  for (const [phrase, count] of counts)
    if (count >= 3 && (!best || count > best.count)) best = { phrase, count };
  return best;
}

export function keywordList(words: readonly string[], language: string): boolean {
  // A function word of any language we read, not only English, makes it a sentence.
  if (words.length < 10 || hasFunctionWord(words, language)) return false;
  const counts = new Map<string, number>();
  for (const w of words) {
    if (w.length < 3 || /\d/u.test(w)) continue;
    const stem = w.replace(/s$/u, '');
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  return [...counts.values()].filter((n) => n >= 2).length >= 3;
}

// Filler: one word three times or more and most of a short text ('test test test 123', 'تست تست تست').
export function sameWordFiller(words: readonly string[]): boolean {
  if (words.length < 3) return false;
  const counts = new Map<string, number>();
  for (const w of words) if (/\p{L}/u.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return top >= 3 && top / words.length >= 0.6;
}

// A phrase of two to four words typed twice in a row ('text de completat text de
// completat aici'); returns how many words the repeats cover.
export function repeatedPhraseWords(words: readonly string[]): number {
  let covered = 0;
  for (let i = 0; i < words.length; ) {
    let found = 0;
    for (let k = 4; k >= 2 && !found; k--) {
      if (i + 2 * k > words.length) continue;
      let same = true;
      for (let j = 0; j < k && same; j++) same = words[i + j] === words[i + k + j];
      if (same && words.slice(i, i + k).some((w) => /\p{L}/u.test(w))) found = k;
    }
    if (found) {
      covered += 2 * found;
      i += 2 * found;
    } else i++;
  }
  return covered;
}

// Words repeated back to back ('predict predict 2027 2027').
export function adjacentRepeats(words: readonly string[]): number {
  let n = 0;
  for (let i = 1; i < words.length; i++) if (words[i] === words[i - 1]) n++;
  return n;
}

// Persian forms the future as خواه- + a past stem, and every past stem ends in د or ت ('خواهد
// رسید', 'خواهد رفت', 'خواهد شد'). An auxiliary followed by anything else is a broken sentence
// (2 points), and 4 when the text has no other verb either: word salad in Persian.
const PERSIAN_FUTURE_AUX = /(?:^|\s)ن?خواه(?:م|ی|د|یم|ید|ند)\s+(\S+)/gu;
const PERSIAN_VERB =
  /^(?:ن?می\p{L}+|\p{L}+(?:ند|است|ست|اند|ایم|اید|یم|ید)|ن?(?:شد|شود|کرد|کند|دارد|داشت|بود|باشد|رسد|رسید|آید|آمد|رود|رفت|گیرد|گرفت|یابد|یافت|دهد|داد))$/u;
export function persianBrokenFuture(text: string): number {
  let broken = false;
  for (const m of text.matchAll(PERSIAN_FUTURE_AUX)) {
    const next = (m[1] ?? '').replace(/[^\p{L}]/gu, '');
    if (next && !/[دت]$/u.test(next)) broken = true;
  }
  if (!broken) return 0;
  const words = text.match(/\p{L}+/gu) ?? [];
  const otherVerb = words.some((w) => !/^ن?خواه/u.test(w) && PERSIAN_VERB.test(w));
  return otherVerb ? 2 : 4;
}
