import { duplicateTokens, normalizeForDuplicate } from './dedupe-normalize.ts';
import { CJK_UNIT, claimConflict } from './claim-conflict.ts';
import { detectLanguage, functionWordsOf } from './language.ts';
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
 * normalisation. Change it with either; the
 * lsh-resign job then re-signs the stored predictions (features/predictions/lsh-resign.job.ts).
 */
export const SIGNATURE_VERSION = 'mh1-4g-128x32-n7';

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
  return remembered(exactKeys, text, () => {
    const n = normalizeForDuplicate(text).replace(/ /g, '');
    return `${fnv1a(n).toString(16).padStart(8, '0')}${fnv1a(n, 0x01234567).toString(16).padStart(8, '0')}`;
  });
}

// A submission is compared with up to 16 candidates: what each text yields is kept for the
// next comparisons (pure functions of the text, so nothing else changes).
const exactKeys = new Map<string, string>();
const languages = new Map<string, string>();
function remembered<T>(cache: Map<string, T>, text: string, compute: () => T): T {
  let value = cache.get(text);
  if (value === undefined) {
    if (cache.size >= 64) cache.clear();
    value = compute();
    cache.set(text, value);
  }
  return value;
}

// Hashtags before or after the claim label it ('#France2027 Marine Le Pen won't be on the ballot …
// #elections'); they add no words or numbers to what it says. Inside the sentence they are words.
const EDGE_TAGS =
  /^(?:\s*#[\p{L}\p{N}_]+)+|(?<!\s)(?:\s*#[\p{L}\p{N}_]+)+[\s\p{P}\p{Extended_Pictographic}]*$/gu;
function withoutEdgeTags(text: string): string {
  const stripped = text.replace(EDGE_TAGS, ' ');
  return /[\p{L}\p{N}]/u.test(stripped) ? stripped : text;
}

// The comparison (never the stored signature) also reads spellings the normalisation
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

// English contractions read as their full forms ('won't' is 'will not', 'can't' 'can
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

// A number word on its own ('tres equipos', 'zwei Tore', 'سه تیم') is its digits, as in
// English; words that are also articles or other words ('un', 'ein', 'bir', 'due', 'cent', 'نه') stay.
const AMBIGUOUS_NUMBER_WORDS = new Set(
  'un une uno una um uma ein eine einen bir один одна یک یه نه due cent yüz dez ده'.split(' '),
);
// Vowel points Hebrew leaves out in everyday writing.
const HEBREW_POINTS = /[\u0591-\u05C7]/gu;

const SCALE_OF: Record<string, string> = {
  ...Object.fromEntries(
    'millón millones millon milhão milhões milhao milhoes млн миллиона миллионов milyon miljoen miljoenen miljoner miljon mln milion miliony milionów milionu milionů juta triệu εκατ εκατομμύρια εκατομμύριο мільйон мільйонів мільйона مليون ملايين'
      .split(' ')
      .map((w) => [w, 'million']),
  ),
  ...Object.fromEntries(
    'bilhão bilhões bilhao bilhoes млрд миллиарда миллиардов milyar miljard miljarden miljarder miliard miliardy miliardów miliardů miliar tỷ δισ мільярд мільярдів mld مليار مليارات'
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
    // Russian 'ё' is often typed 'е' ('вернётся', 'вернется'), and Turkish writes the
    // percent sign or the word ('%25', 'yüzde 25').
    .replace(/ё/gu, 'е')
    .replace(/(?<![\p{L}])y[üu]zde(?![\p{L}])/gu, '%')
    // Scale words and their abbreviations in more languages ('14 млн', '14 000 000');
    // Spanish and Portuguese ones too ('1 milhão'), whose accents the tokens drop before
    // their own scale words can read them.
    .replace(
      SCALE_WORDS,
      (_, digit: string, word: string) => `${digit} ${SCALE_OF[word.replace(/\.$/u, '')] ?? word}`,
    )
    // A suffix on a number, with or without its apostrophe ('2028'de', '2028de'), is a word of its own;
    // Not a CJK myriad ('15만', '6万'), which the tokens read as part of the number.
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
    } else if (n === 100 && NUMBER_WORDS[words[i + 2] ?? ''] !== undefined) {
      // A hundred and tens ('сто двадцать', 'cento venti') are one number too.
      words.splice(i, 3, String(n + (NUMBER_WORDS[words[i + 2] ?? ''] ?? 0)));
    } else words[i] = String(n);
  }
  return words.join('');
}

// CJK comparison: a preposition before a number ('在2028年', like 'in 2028') is a function word, and a
// unit right after a number ('年', '월') belongs to it, so a time phrase can move within the sentence
// ('2028年比亚迪将…' / '比亚迪将在2028年…') without leaving new character pairs at its seams.
const CJK_TIME_PREP = /^(?:在|于|於|到)$/u;
// The Japanese and Korean particles after such a unit ('2027年に', '2027년에는') too: they
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
// (gold) and 'सेना' (army) have one exact key; the comparison reads them before agreeing.
const VOWEL_SIGNS = /[^\p{Script=Latin}\p{M}]\p{M}/u;

// The function words of both texts' languages (stopwords-iso), tokenised as the comparison reads words.
const functionWordCache = new Map<string, ReadonlySet<string>>();
function functionWordsFor(textA: string, textB: string): ReadonlySet<string> {
  const both = [...new Set([textA, textB].map((t) => remembered(languages, t, () => detectLanguage(t))))]
    .sort()
    .join();
  let set = functionWordCache.get(both);
  if (!set) {
    set = new Set(
      both.split(',').flatMap((l) => [...functionWordsOf(l)].flatMap((w) => duplicateTokens(w, true))),
    );
    functionWordCache.set(both, set);
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
    const conflict =
      similarity >= DUPLICATE_THRESHOLD ? claimConflict(a, b, functionWords ?? new Set()) : null;
    const check = {
      duplicate: similarity >= DUPLICATE_THRESHOLD && conflict === null,
      exact,
      similarity,
      conflict,
    };
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
