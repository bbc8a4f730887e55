import { duplicateTokens, normalizeForDuplicate } from './dedupe-normalize.ts';
import { detectLanguage, functionWordsOf, isEnglishWord } from './language.ts';
import { alignTokens, canonicalTokens } from './paraphrase.ts';

export { normalizeForDuplicate };

// MinHash over character 4-grams of the normalised text, split into LSH bands. A store keeps one
// row per (band_key, prediction_id); a new text's candidates are the predictions sharing at
// least one band key, and only those few are compared in full with isNearDuplicate. With 32 bands
// of 4 rows, a pair at Jaccard 0.6 shares a band with probability 1-(1-0.6^4)^32 = 98.8%, at 0.5
// 87%, at 0.3 only 23%: near-duplicates are found, unrelated texts rarely fetched.
export const LSH = { shingleSize: 4, hashes: 128, bands: 32, rows: 4, seed: 0x5eed_f00d } as const;
/**
 * Names everything that decides a text's stored band keys: the MinHash parameters and the
 * normalisation (n2: scoring 1.3.0's digits, scale words and lead-ins; n3: 1.4.0's space-grouped
 * thousands, colon lead-ins and more lead-in phrases). Change it with either; the
 * lsh-resign job then re-signs the stored predictions (features/predictions/lsh-resign.job.ts).
 */
export const SIGNATURE_VERSION = 'mh1-4g-128x32-n5';

/**
 * A pair is a near-duplicate when the normalised texts are equal, or when their 4-gram Jaccard
 * similarity is at least this and neither makes a claim the other doesn't (see claimConflict).
 */
export const DUPLICATE_THRESHOLD = 0.6;

export interface Signature {
  minhash: number[];
  bands: string[];
}

function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// murmur3's finaliser: cheap and mixes every input bit into every output bit.
function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

// Fixed seeds from a fixed generator: signatures must not change between runs or machines.
const SEEDS: readonly number[] = (() => {
  let state = LSH.seed;
  return Array.from({ length: LSH.hashes }, () => {
    state = (state + 0x6d2b79f5) >>> 0;
    return fmix32(state);
  });
})();

function shingles(normalized: string): Set<string> {
  const compact = normalized.replace(/ /g, '_');
  const chars = [...compact];
  const out = new Set<string>();
  if (chars.length <= LSH.shingleSize) {
    if (chars.length) out.add(compact);
    return out;
  }
  for (let i = 0; i + LSH.shingleSize <= chars.length; i++)
    out.add(chars.slice(i, i + LSH.shingleSize).join(''));
  return out;
}

export function signature(text: string): Signature {
  const grams = [...shingles(normalizeForDuplicate(text))].map((g) => fnv1a(g));
  const minhash = SEEDS.map((seed) => {
    let min = 0xffffffff;
    for (const g of grams) {
      const h = fmix32(g ^ seed);
      if (h < min) min = h;
    }
    return min;
  });
  const bands: string[] = [];
  for (let b = 0; b < LSH.bands; b++) {
    const rows = minhash.slice(b * LSH.rows, (b + 1) * LSH.rows).join('.');
    bands.push(`${b.toString(36)}:${fnv1a(rows).toString(36)}${fmix32(fnv1a(rows, LSH.seed)).toString(36)}`);
  }
  return { minhash, bands };
}

/** Share of equal MinHash positions: an unbiased estimate of the 4-gram Jaccard similarity. */
export function estimateSimilarity(
  a: Signature | readonly number[],
  b: Signature | readonly number[],
): number {
  const x = 'minhash' in a ? a.minhash : a;
  const y = 'minhash' in b ? b.minhash : b;
  const n = Math.min(x.length, y.length);
  if (n === 0) return 0;
  let equal = 0;
  for (let i = 0; i < n; i++) if (x[i] === y[i]) equal++;
  return equal / n;
}

/** Key for an exact-match index: equal for texts that differ only cosmetically. */
export function exactKey(text: string): string {
  const n = normalizeForDuplicate(text).replace(/ /g, '');
  return `${fnv1a(n).toString(16).padStart(8, '0')}${fnv1a(n, 0x01234567).toString(16).padStart(8, '0')}`;
}

// Function words, whose change never changes the claim.
const STOPWORDS = new Set(
  'a an the of to in on at by for with and or but that this these those is are be will would shall it its as from then also just very really so which who i we you my our their there here about into than too again still even'.split(
    ' ',
  ),
);
// Negation words of the languages the lists cover (verb suffixes such as Turkish -me/-ma change the
// word itself, which the word comparison below already treats as a different claim).
const NEGATION =
  /^(?:not|never|no|none|nobody|nothing|won't|can't|cannot|isn't|aren't|doesn't|don't|didn't|wont|cant|ne|pas|jamais|non|nicht|nie|kein\p{L}*|nunca|nadie|ningún|ninguna|não|nao|nem|mai|niet|geen|nooit|inte|ikke|değil|yok|asla|не|нет|ни|ні|لا|لن|لم|ليس|هرگز|不|没|没有)$/u;

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
  // Since 1.9.0: one vowel sign for another in a script that writes vowels as marks ('कि'/'की').
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

// Since 1.19.0: the doubled letter typed on the wrong consonant ('доларра' for 'доллара', 'acommodate'
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
  // a swap that moves the first letter ('won'/'own') changes the word, and since 1.9.0 so does a
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
  const join = (tokens: readonly string[], other: ReadonlySet<string>) => {
    const out: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const pair = `${tokens[i]}${tokens[i + 1] ?? ''}`;
      if (i + 1 < tokens.length && !/\d/u.test(pair) && other.has(pair)) {
        out.push(pair);
        i++;
      } else out.push(tokens[i] ?? '');
    }
    return out;
  };
  return [join(a, new Set(b)), join(b, new Set(a))];
}

// Hashtags before or after the claim label it ('#France2027 Marine Le Pen won't be on the ballot …
// #elections'); they add no words or numbers to what it says. Inside the sentence they are words.
const EDGE_TAGS = /^(?:\s*#[\p{L}\p{N}_]+)+|(?:\s*#[\p{L}\p{N}_]+)+[\s\p{P}\p{Extended_Pictographic}]*$/gu;
function withoutEdgeTags(text: string): string {
  const stripped = text.replace(EDGE_TAGS, ' ');
  return /[\p{L}\p{N}]/u.test(stripped) ? stripped : text;
}

// Since 1.8.0 the comparison (never the stored signature) also reads spellings the normalisation
// keeps apart: letters no accent-folding reaches ('yarı'/'yari', 'Łódź'/'Lodz'), a 'my prediction:'
// label in more languages, and number words before a scale word or a percent word in any of the
// languages the lists cover ('یک میلیون دلار' is '۱,۰۰۰,۰۰۰ دلار', 'dos millones' '2 millones').
const LETTER_FOLDS: Record<string, string> = { ı: 'i', ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe' };
const MORE_LEAD_INS =
  /^\s*(?:मेरी भविष्यवाणी|मेरा अनुमान|मेरा पूर्वानुमान|मेरी राय|توقعي|تنبؤي|רגע של תחזית|התחזית שלי|η πρόβλεψή μου|πρόβλεψη|moja prognoza|moje przewidywanie|prediksi saya|ramalan saya|dự đoán của tôi|utabiri wangu|การทำนายของฉัน|моё предсказание|мое предсказание|мій прогноз|min förutsägelse|min spådom|mijn voorspelling|predicția mea|moje předpověď|benim tahminim)\s*[:：]\s*/iu;
const NUMBER_WORDS: Record<string, number> = {
  یک: 1,
  یه: 1,
  دو: 2,
  سه: 3,
  چهار: 4,
  پنج: 5,
  شش: 6,
  هفت: 7,
  هشت: 8,
  نه: 9,
  ده: 10,
  بیست: 20,
  سی: 30,
  چهل: 40,
  پنجاه: 50,
  شصت: 60,
  هفتاد: 70,
  هشتاد: 80,
  نود: 90,
  صد: 100,
  un: 1,
  une: 1,
  uno: 1,
  una: 1,
  um: 1,
  uma: 1,
  ein: 1,
  eine: 1,
  einen: 1,
  bir: 1,
  один: 1,
  одна: 1,
  deux: 2,
  dos: 2,
  due: 2,
  dois: 2,
  duas: 2,
  zwei: 2,
  iki: 2,
  два: 2,
  две: 2,
  trois: 3,
  tres: 3,
  tre: 3,
  três: 3,
  drei: 3,
  üç: 3,
  uc: 3,
  три: 3,
  quatre: 4,
  cuatro: 4,
  quattro: 4,
  quatro: 4,
  vier: 4,
  dört: 4,
  четыре: 4,
  cinq: 5,
  cinco: 5,
  cinque: 5,
  fünf: 5,
  funf: 5,
  beş: 5,
  пять: 5,
  dix: 10,
  diez: 10,
  dieci: 10,
  dez: 10,
  zehn: 10,
  десять: 10,
  vingt: 20,
  veinte: 20,
  venti: 20,
  vinte: 20,
  zwanzig: 20,
  yirmi: 20,
  двадцать: 20,
  cent: 100,
  cien: 100,
  cento: 100,
  cem: 100,
  hundert: 100,
  yüz: 100,
  сто: 100,
};
const SCALE_OR_PERCENT =
  /^(?:میلیون|میلیارد|هزار|درصد|million\p{L}*|millón|millones|milione|milioni|milhão|milhões|milyon|milyar|milliard\p{L}*|miliard\p{L}*|mil|mille|tausend|bin|миллион\p{L}*|миллиард\p{L}*|тысяч\p{L}*|por ?ciento|pour ?cent|per ?cento|por ?cento|prozent|yüzde|процент\p{L}*|%)$/u;

// Since 1.9.0: English contractions read as their full forms ('won't' is 'will not', 'can't' 'can
// not', 'isn't' 'is not', 'they'll' 'they will').
function expandContractions(text: string): string {
  return text
    .replace(/(?<![\p{L}])(?:won['’]?t)(?![\p{L}])/gu, 'will not')
    .replace(/(?<![\p{L}])(?:can['’]?t|cannot)(?![\p{L}])/gu, 'can not')
    .replace(/(?<![\p{L}])shan['’]t(?![\p{L}])/gu, 'shall not')
    .replace(
      /(?<![\p{L}])(is|are|was|were|do|does|did|has|have|had|would|should|could|must)n['’]?t(?![\p{L}])/gu,
      '$1 not',
    )
    .replace(/(?<=\p{L})['’]ll(?![\p{L}])/gu, ' will');
}

// Since 1.9.0: a number word on its own ('tres equipos', 'zwei Tore', 'سه تیم') is its digits, as in
// English; words that are also articles or other words ('un', 'ein', 'bir', 'due', 'cent', 'نه') stay.
const AMBIGUOUS_NUMBER_WORDS = new Set(
  'un une uno una um uma ein eine einen bir один одна یک یه نه due cent yüz dez ده'.split(' '),
);
// Vowel points Hebrew leaves out in everyday writing.
const HEBREW_POINTS = /[\u0591-\u05C7]/gu;

const SCALE_OF: Record<string, string> = {
  ...Object.fromEntries(
    'millón millones millon milhão milhões milhao milhoes млн миллиона миллионов milyon miljoen miljoenen miljoner miljon mln milion miliony milionów milionu milionů juta triệu εκατ εκατομμύρια εκατομμύριο мільйон мільйонів мільйона'
      .split(' ')
      .map((w) => [w, 'million']),
  ),
  ...Object.fromEntries(
    'bilhão bilhões bilhao bilhoes млрд миллиарда миллиардов milyar miljard miljarden miljarder miliard miliardy miliardów miliardů miliar tỷ δισ мільярд мільярдів'
      .split(' ')
      .map((w) => [w, 'billion']),
  ),
  ...Object.fromEntries(
    'тыс тысяч тысячи тысяча bin ribu nghìn ngàn tysięcy tysiące tisíc tisíce χιλιάδες тисяч'
      .split(' ')
      .map((w) => [w, 'thousand']),
  ),
};
const SCALE_WORDS = new RegExp(
  `(\\d)\\s?(${Object.keys(SCALE_OF)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\.?(?![\\p{L}\\p{N}])`,
  'gu',
);

function comparable(text: string): string {
  const words = expandContractions(
    withoutEdgeTags(text).replace(MORE_LEAD_INS, '').toLowerCase().replace(HEBREW_POINTS, ''),
  )
    .replace(/[ıłøđßæœ]/gu, (c) => LETTER_FOLDS[c] ?? c)
    // Since 1.12.0: Russian 'ё' is often typed 'е' ('вернётся', 'вернется'), and Turkish writes the
    // percent sign or the word ('%25', 'yüzde 25').
    .replace(/ё/gu, 'е')
    .replace(/(?<![\p{L}])y[üu]zde(?![\p{L}])/gu, '%')
    // Since 1.14.0: scale words and their abbreviations in more languages ('14 млн', '14 000 000');
    // since 1.16.0 Spanish and Portuguese ones too ('1 milhão'), whose accents the tokens drop before
    // their own scale words can read them.
    .replace(
      SCALE_WORDS,
      (_, digit: string, word: string) => `${digit} ${SCALE_OF[word.replace(/\.$/u, '')] ?? word}`,
    )
    // A suffix on a number, with or without its apostrophe ('2028'de', '2028de'), is a word of its own;
    // since 1.19.0 not a CJK myriad ('15만', '6万'), which the tokens read as part of the number.
    .replace(/(?<=\d)['’]?(?=\p{L})(?![万萬만億亿억])/gu, ' ')
    .split(/(\s+)/u);
  // A run of number words ('بیست و پنج', 'dos') right before a scale or percent word becomes digits.
  for (let i = 0; i < words.length; i++) {
    if (!SCALE_OR_PERCENT.test(words[i] ?? '')) continue;
    let j = i - 2;
    let value = 0;
    let start = -1;
    while (j >= 0) {
      const w = words[j] ?? '';
      const n = NUMBER_WORDS[w];
      if (n !== undefined) {
        value += n;
        start = j;
      } else if (!((w === 'و' || w === 'y' || w === 'e' || w === 'und') && start !== -1)) break;
      j -= 2;
    }
    if (start !== -1) {
      words.splice(start, i - 1 - start, String(value));
      i = start + 2;
    }
  }
  for (let i = 0; i < words.length; i += 2) {
    const w = words[i] ?? '';
    const n = NUMBER_WORDS[w];
    if (n === undefined || n < 2 || AMBIGUOUS_NUMBER_WORDS.has(w)) continue;
    // Persian tens and units ('بیست و پنج') are one number.
    const unit = NUMBER_WORDS[words[i + 4] ?? ''];
    if (n >= 20 && n % 10 === 0 && words[i + 2] === 'و' && unit !== undefined && unit < 10) {
      words.splice(i, 5, String(n + unit));
    } else words[i] = String(n);
  }
  return words.join('');
}

// CJK comparison: a preposition before a number ('在2028年', like 'in 2028') is a function word, and a
// unit right after a number ('年', '월') belongs to it, so a time phrase can move within the sentence
// ('2028年比亚迪将…' / '比亚迪将在2028年…') without leaving new character pairs at its seams.
const CJK_TIME_PREP = /^(?:在|于|於|到)$/u;
const CJK_UNIT = /^(?:年|月|日|号|號|년|월|일)$/u;
// Since 1.19.0 the Japanese and Korean particles after such a unit ('2027年に', '2027년에는') too: they
// move with the time phrase, so they must not pair with whatever character follows them.
const CJK_TIME_PARTICLE = /^(?:に|は|で|에|는|은)$/u;

// A submission is compared with up to 16 candidates, each comparison reading both texts two or three
// times: the last texts' tokens are kept (a pure function of the text, so nothing else changes).
const recentTokens = new Map<string, readonly string[]>();
const RECENT_TOKENS_MAX = 64;

const afterTimeUnit = (out: readonly string[]) =>
  CJK_UNIT.test(out.at(-1) ?? '') && /^\d+$/u.test(out.at(-2) ?? '');

function comparisonTokens(text: string, canonical = false): readonly string[] {
  const key = canonical ? `\u0001${text}` : text;
  const known = recentTokens.get(key);
  if (known) return known;
  const tokens = duplicateTokens(comparable(text), true);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    if (CJK_TIME_PREP.test(t) && /^\d/u.test(tokens[i + 1] ?? '')) continue;
    if (CJK_TIME_PARTICLE.test(t) && afterTimeUnit(out)) continue;
    out.push(t);
  }
  // A compound written with a hyphen is the same word written as one ('self-checkout', 'e-bike'),
  // or as two, which joinCompounds reads together.
  const joined = out.map((t) => t.replace(/(?<=\p{L})-(?=\p{L})/gu, ''));
  const words = canonical ? canonicalTokens(joined) : joined;
  if (recentTokens.size >= RECENT_TOKENS_MAX) recentTokens.clear();
  recentTokens.set(key, words);
  return words;
}

/**
 * Why two similar texts still make different claims, or null. Numbers must agree, negation
 * must agree, and a word replaced by another word (not a typo) makes a different claim; words
 * added on one side only are allowed up to a small share of the text.
 */
function claimConflict(
  tokensA: readonly string[],
  tokensB: readonly string[],
  functionWords: ReadonlySet<string>,
): string | null {
  const [a, b] = joinCompounds(claimTokens(tokensA), claimTokens(tokensB));
  // Since 1.9.0 a decimal's trailing zeros say nothing ('2,00 Euro' is '2 Euro', '1.50' '1.5').
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
  if (rolesSwapped(a, b, functionWords)) return 'the two sides of the comparison are swapped';
  const extra = onlyA.length + onlyB.length;
  if (extra > Math.max(2, Math.round(0.2 * Math.max(ca.length, cb.length))))
    return 'one says much more than the other';
  return null;
}

// Words that set one side against the other: what stands before them and what stands after them
// can't trade places ('Nvidia will outperform AMD' is not 'AMD will outperform Nvidia'). Since
// 1.14.1 not 'vs' (a fixture named either way round is one match) nor Dutch 'dan' (Indonesian 'and':
// 'beras dan minyak' is 'minyak dan beras').
const ASYMMETRIC = new Set(
  (
    'than beat beats beating outperform outperforms outsell outsells outnumber outnumbers overtake overtakes ' +
    'surpass surpasses defeat defeats eliminate eliminates knock knocks acquire acquires buy buys against ' +
    'als que chem чем schlägt schlagen überholt überholen gegen bat battra battront dépasse dépassera contre ' +
    'vencerá vence supera superará contra batterà supererà contro verslaat verslaan inhalen tegen обгонит победит против'
  ).split(' '),
);

// 1.13.0: the same words on both sides of an asymmetric word, but some word before it in one text
// stands after it in the other and another the other way round.
function rolesSwapped(a: readonly string[], b: readonly string[], functionWords: ReadonlySet<string>): boolean {
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
  const besideNumber = (t: readonly string[], i: number) => /\d/u.test(t[i - 1] ?? '') || /\d/u.test(t[i + 1] ?? '');
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

export interface DuplicateCheck {
  duplicate: boolean;
  exact: boolean;
  similarity: number;
  conflict: string | null;
}

// The 4-gram Jaccard similarity of the texts as the comparison reads them (comparisonTokens).
function comparisonSimilarity(tokensA: readonly string[], tokensB: readonly string[]): number {
  const a = shingles(tokensA.join(' '));
  const b = shingles(tokensB.join(' '));
  if (a.size === 0 && b.size === 0) return 1;
  let common = 0;
  for (const g of a) if (b.has(g)) common++;
  return common / (a.size + b.size - common);
}

// The stored normalisation drops the vowel signs of Devanagari, Thai and similar scripts, so 'सोना'
// (gold) and 'सेना' (army) have one exact key; since 1.9.0 the comparison reads them before agreeing.
const VOWEL_SIGNS = /[^\p{Script=Latin}\p{M}]\p{M}/u;

// The function words of both texts' languages (stopwords-iso), tokenised as the comparison reads words.
const functionWordCache = new Map<string, ReadonlySet<string>>();
function functionWordsFor(textA: string, textB: string): ReadonlySet<string> {
  const languages = [...new Set([detectLanguage(textA), detectLanguage(textB)])].sort().join();
  let set = functionWordCache.get(languages);
  if (!set) {
    set = new Set(
      languages.split(',').flatMap((l) => [...functionWordsOf(l)].flatMap((w) => duplicateTokens(w, true))),
    );
    functionWordCache.set(languages, set);
  }
  return set;
}

export function compareTexts(textA: string, textB: string): DuplicateCheck {
  const exact = exactKey(textA) === exactKey(textB);
  if (
    exact &&
    !(
      (VOWEL_SIGNS.test(textA) || VOWEL_SIGNS.test(textB)) &&
      comparisonTokens(textA).join(' ') !== comparisonTokens(textB).join(' ')
    )
  )
    return { duplicate: true, exact, similarity: 1, conflict: null };
  // Read as written (typos are told from other words there), then with curated synonyms in one
  // spelling ('more than' / 'over'): a duplicate either way is one.
  let best: DuplicateCheck | null = null;
  let functionWords: ReadonlySet<string> | null = null;
  for (const canonical of [false, true]) {
    const [a, b] = alignTokens(comparisonTokens(textA, canonical), comparisonTokens(textB, canonical));
    const similarity = comparisonSimilarity(a, b);
    if (similarity >= DUPLICATE_THRESHOLD) functionWords ??= functionWordsFor(textA, textB);
    const conflict = similarity >= DUPLICATE_THRESHOLD ? claimConflict(a, b, functionWords ?? new Set()) : null;
    const check = { duplicate: similarity >= DUPLICATE_THRESHOLD && conflict === null, exact, similarity, conflict };
    if (check.duplicate) return check;
    best ??= check;
  }
  return best as DuplicateCheck;
}

export function isNearDuplicate(textA: string, textB: string): boolean {
  return compareTexts(textA, textB).duplicate;
}

/** Among the candidates an LSH lookup returned, the closest duplicate of `text`, if any. */
export function findDuplicate<T extends { id: string | number; text: string }>(
  text: string,
  candidates: readonly T[],
): { id: T['id']; similarity: number } | null {
  let best: { id: T['id']; similarity: number } | null = null;
  for (const candidate of candidates) {
    const check = compareTexts(text, candidate.text);
    if (check.duplicate && (!best || check.similarity > best.similarity)) {
      best = { id: candidate.id, similarity: check.similarity };
    }
  }
  return best;
}
