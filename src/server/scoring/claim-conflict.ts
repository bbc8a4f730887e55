import { isEnglishWord } from './language.ts';

// Why two similar texts still make different claims: other numbers, a negation, a word replaced by
// another word (not a typo), the sides of a comparison swapped, or much more said on one side.

// A unit right after a number ('年', '월') belongs to it (see comparisonTokens).
export const CJK_UNIT = /^(?:年|月|日|号|號|년|월|일)$/u;

// Function words, whose change never changes the claim.
const STOPWORDS = new Set(
  'a an the of to in on at by for with and or but that this these those is are be will would shall it its as from then also just very really so which who i we you my our their there here about into than too again still even'.split(
    ' ',
  ),
);
// Negation words of the languages the lists cover (verb suffixes such as Turkish -me/-ma change the
// word itself, which the word comparison below already treats as a different claim).
const NEGATION =
  /^(?:not|never|no|none|nobody|nothing|won't|can't|cannot|isn't|aren't|doesn't|don't|didn't|wont|cant|ne|pas|jamais|non|nicht|nie|kein\p{L}*|nunca|nadie|ningún|ninguna|não|nao|nem|mai|niet|geen|nooit|inte|ikke|değil|yok|asla|не|нет|ни|ні|لا|لن|لم|ليس|هرگز|不|没|没有|नहीं|नही|न|मत|tidak|tak|bukan|belum|jangan|chưa|không)$/u;

// Where each letter sits on a QWERTY keyboard (rows staggered as on the keys).
const KEY_POSITION = new Map<string, readonly [number, number]>(
  ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'].flatMap((row, r) =>
    [...row].map((key, c) => [key, [c + 0.25 * r + (r === 2 ? 0.25 : 0), r] as const] as const),
  ),
);
const VOWEL = /^[aeiouy]$/u;

// A slip of the finger: a neighbouring key, or one vowel for another ('definately'). Any other
// letter swapped for another makes a different word ('Iceland'/'Ireland', 'Gambia'/'Zambia').
function typoSubstitution(x: string, y: string): boolean {
  if (VOWEL.test(x) && VOWEL.test(y)) return true;
  // One vowel sign for another in a script that writes vowels as marks ('कि'/'की').
  if (/^\p{M}$/u.test(x) && /^\p{M}$/u.test(y)) return true;
  const p = KEY_POSITION.get(x);
  const q = KEY_POSITION.get(y);
  return p !== undefined && q !== undefined && Math.abs(p[0] - q[0]) <= 1 && Math.abs(p[1] - q[1]) <= 1;
}

// One typo apart: a letter dropped or doubled, two neighbouring letters swapped ('Premeir'), or a
// typo substitution. Two edits are a different word ('increase'/'decrease').
function oneTypoApart(a: string, b: string): boolean {
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
    const [i = 0, j = 0] = diff;
    if (diff.length === 1) return typoSubstitution(a.charAt(i), b.charAt(i));
    return diff.length === 2 && j === i + 1 && a[i] === b[j] && a[j] === b[i];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

// The doubled letter typed on the wrong consonant ('доларра' for 'доллара', 'acommodate'
// for 'accomodate'): two edits, but the same word once every doubled letter is read once.
const undoubled = (w: string) => w.replace(/(\p{L})\1+/gu, '$1');
function sameUndoubled(a: string, b: string): boolean {
  return a.length === b.length && undoubled(a) === undoubled(b);
}

// A typo keeps the word; a different word changes the claim. Short words and numbers must match.
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (/\d/.test(a) || /\d/.test(b)) return false;
  const len = Math.min(a.length, b.length);
  if (len >= 5) return oneTypoApart(a, b) || sameUndoubled(a, b);
  // A dropped or doubled letter in a short word ('evr', 'ever') keeps its first letter and length
  // but one; a substitution ('rise'/'rose', 'won'/'own') changes the word.
  if (len >= 3 && Math.abs(a.length - b.length) === 1 && a[0] === b[0]) return oneTypoApart(a, b);
  // Two neighbouring letters swapped after the first in a four-letter word ('opne' for 'open');
  // a swap that moves the first letter ('won'/'own') changes the word, and so does a
  // swap whose both sides are words ('sign'/'sing', 'form'/'from'): a typo makes a non-word.
  if (len === 4 && a.length === b.length && a[0] === b[0] && !/\d/u.test(a + b))
    return (
      oneTypoApart(a, b) &&
      [...a].sort().join('') === [...b].sort().join('') &&
      !(isEnglishWord(a) && isEnglishWord(b))
    );
  return false;
}

function isNegation(token: string): boolean {
  // Persian negates verbs with a prefix (نمی، نخواهد); only those verb shapes count, not every ن-word.
  if (/^ن\p{L}+$/u.test(token)) return /^(?:نمی|نخواه|نیست|نشد|نبود|نکرد|نده)/u.test(token);
  return NEGATION.test(token);
}

const CJK_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

// CJK is tokenised per character, and a set of characters forgets their order: '인하' (cut) and
// '인상' (raise) share '인', and '상' occurs elsewhere in the sentence. Pairs of neighbouring
// characters keep the word.
function claimTokens(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    const next = tokens[i + 1] ?? '';
    // A unit after a number stands alone (see CJK_UNIT), so neither neighbour pairs with it.
    const unit = (k: number) => CJK_UNIT.test(tokens[k] ?? '') && /\d$/u.test(tokens[k - 1] ?? '');
    if (unit(i)) out.push(t);
    else if (CJK_CHAR.test(t) && CJK_CHAR.test(next) && !unit(i + 1)) out.push(t + next);
    else if (!CJK_CHAR.test(t) || !CJK_CHAR.test(tokens[i - 1] ?? '') || unit(i - 1)) out.push(t);
  }
  return out;
}

// A compound written as one word on one side and two on the other ('جیره‌بندی' / 'جیره بندی',
// 'healthcare' / 'health care') is the same word.
function joinCompounds(a: readonly string[], b: readonly string[]): [string[], string[]] {
  // Up to three words ('work from home' / 'work-from-home').
  const join = (tokens: readonly string[], other: ReadonlySet<string>) => {
    const out: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const n = [3, 2].find((k) => {
        const word = tokens.slice(i, i + k).join('');
        return i + k <= tokens.length && !/\d/u.test(word) && other.has(word);
      });
      out.push(n ? tokens.slice(i, i + n).join('') : (tokens[i] ?? ''));
      i += (n ?? 1) - 1;
    }
    return out;
  };
  return [join(a, new Set(b)), join(b, new Set(a))];
}

/**
 * Why two similar texts still make different claims, or null. Numbers must agree, negation
 * must agree, and a word replaced by another word (not a typo) makes a different claim; words
 * added on one side only are allowed up to a small share of the text.
 */
export function claimConflict(
  tokensA: readonly string[],
  tokensB: readonly string[],
  functionWords: ReadonlySet<string>,
): string | null {
  const [a, b] = joinCompounds(claimTokens(tokensA), claimTokens(tokensB));
  // A decimal's trailing zeros say nothing ('2,00 Euro' is '2 Euro', '1.50' '1.5').
  const numbers = (t: string[]) =>
    t
      .filter((x) => /\d/.test(x))
      .map((x) => x.replace(/(\d)\.0+(?!\d)/gu, '$1').replace(/(\.\d*?[1-9])0+(?!\d)/gu, '$1'))
      .sort()
      .join(' ');
  if (numbers(a) !== numbers(b)) return 'different numbers or dates';
  if (a.some(isNegation) !== b.some(isNegation)) return 'one of them is negated';
  const content = (t: string[]) => t.filter((x) => !STOPWORDS.has(x) && !/\d/.test(x));
  const ca = content(a);
  const cb = content(b);
  const onlyA = ca.filter((x) => !cb.some((y) => sameWord(x, y)));
  const onlyB = cb.filter((y) => !ca.some((x) => sameWord(x, y)));
  if (onlyA.length > 0 && onlyB.length > 0) return `different words (${onlyA[0]} / ${onlyB[0]})`;
  if (exchanged(a, b) || rolesSwapped(a, b, functionWords))
    return 'the two sides of the comparison are swapped';
  const extra = onlyA.length + onlyB.length;
  if (extra > Math.max(2, Math.round(0.2 * Math.max(ca.length, cb.length))))
    return 'one says much more than the other';
  return null;
}

// Words that join equals: 'X and Y' is 'Y and X'.
const COORDINATORS = new Set(
  'and or & y e et und dan و ve и і och og en i oraz và 和 与 及 と और या'.split(' '),
);

/**
 * Two content words that trade places while every other word stays where it was ('India will beat
 * Australia' / 'Australia will beat India', in any language and word order): the sides of the claim
 * swapped. Words joined by 'and' alone are equals and may trade places.
 */
function exchanged(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
  const [i = 0, j = 0] = diff;
  if (diff.length !== 2 || a[i] !== b[j] || a[j] !== b[i]) return false;
  const between = a.slice(i + 1, j);
  return !(between.length > 0 && between.every((t) => COORDINATORS.has(t)));
}

// Words that set one side against the other: what stands before them and what stands after them
// can't trade places ('Nvidia will outperform AMD' is not 'AMD will outperform Nvidia').
// not 'vs' (a fixture named either way round is one match) nor Dutch 'dan' (Indonesian 'and':
// 'beras dan minyak' is 'minyak dan beras').
const ASYMMETRIC = new Set(
  (
    'than beat beats beating outperform outperforms outsell outsells outnumber outnumbers overtake overtakes ' +
    'surpass surpasses defeat defeats eliminate eliminates knock knocks acquire acquires buy buys against ' +
    'als que chem чем schlägt schlagen überholt überholen gegen bat battra battront dépasse dépassera contre ' +
    'vencerá vence supera superará contra batterà supererà contro verslaat verslaan inhalen tegen обгонит победит против'
  ).split(' '),
);

// The same words on both sides of an asymmetric word, but some word before it in one text
// stands after it in the other and another the other way round.
function rolesSwapped(
  a: readonly string[],
  b: readonly string[],
  functionWords: ReadonlySet<string>,
): boolean {
  const content = (x: string) => !STOPWORDS.has(x) && !/\d/.test(x) && !ASYMMETRIC.has(x);
  const sides = (t: readonly string[], at: number) => {
    const before = t.slice(0, at).filter(content);
    const after = t.slice(at + 1).filter(content);
    // A word on both sides of the same text ('sales … overtake … sales') takes no side.
    return [before.filter((x) => !after.includes(x)), after.filter((x) => !before.includes(x))] as const;
  };
  for (const [i, word] of a.entries()) {
    if (!ASYMMETRIC.has(word)) continue;
    const j = b.indexOf(word);
    if (j < 0) continue;
    const [beforeA, afterA] = sides(a, i);
    const [beforeB, afterB] = sides(b, j);
    const crosses = (from: string[], to: string[]) => from.some((x) => to.some((y) => sameWord(x, y)));
    if (crosses(beforeA, afterB) && crosses(afterA, beforeB)) return true;
  }
  return ordersSwapped(a, b, content, functionWords);
}

/**
 * Two words that trade places across a third that stays between them, in any language ('Lyon
 * finira … devant Lille' / 'Lille finira … devant Lyon', 'استقلال … پرسپولیس را شکست می‌دهد' /
 * 'پرسپولیس … استقلال را …'): the sides of a claim swapped. A phrase that moves as a whole ('In
 * 2027, X will …' / 'X will … in 2027') leaves no word between both ways round.
 */
function ordersSwapped(
  a: readonly string[],
  b: readonly string[],
  content: (x: string) => boolean,
  functionWords: ReadonlySet<string>,
): boolean {
  // Words beside a number belong to a time or amount phrase ('bis Ende 2027'), which may move.
  const besideNumber = (t: readonly string[], i: number) =>
    /\d/u.test(t[i - 1] ?? '') || /\d/u.test(t[i + 1] ?? '');
  const once = (t: readonly string[]) => {
    const seen = new Map<string, number>();
    t.forEach((x, i) => {
      if (content(x)) seen.set(x, seen.has(x) ? -1 : i);
    });
    return seen;
  };
  const pa = once(a);
  const pb = once(b);
  const common = [...pa.keys()].filter((x) => (pa.get(x) ?? -1) >= 0 && (pb.get(x) ?? -1) >= 0);
  const shared = common.filter(
    (x) => !functionWords.has(x) && !besideNumber(a, pa.get(x) ?? 0) && !besideNumber(b, pb.get(x) ?? 0),
  );
  const between = (pos: Map<string, number>, x: string, y: string) => {
    const [lo, hi] = [pos.get(x) ?? 0, pos.get(y) ?? 0].sort((m, n) => m - n) as [number, number];
    return common.filter((z) => {
      const p = pos.get(z) ?? -1;
      return p > lo && p < hi;
    });
  };
  for (let i = 0; i < shared.length; i++)
    for (let k = i + 1; k < shared.length; k++) {
      const x = shared[i] ?? '';
      const y = shared[k] ?? '';
      const ax = pa.get(x) ?? 0;
      const ay = pa.get(y) ?? 0;
      const bx = pb.get(x) ?? 0;
      const by = pb.get(y) ?? 0;
      if (ax < ay === bx < by) continue;
      const inB = new Set(between(pb, x, y));
      if (between(pa, x, y).some((z) => inB.has(z))) return true;
    }
  return false;
}
