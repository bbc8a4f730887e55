import { detectLanguage, dominantScript, type Script } from './language.ts';

// Signals that need no grammar of any one language: script, digits, links, case, repetition and
// how word-like the tokens are. Every language gets these; English gets more in english.ts.
export interface TextFeatures {
  text: string;
  lower: string;
  script: Script;
  language: string;
  words: string[];
  chars: number;
  /** Characters, with each CJK character counted as three: it carries about a word. */
  effectiveLength: number;
  letters: number;
  years: number[];
  numbers: number;
  hasPercent: boolean;
  hasCurrency: boolean;
  urls: number;
  emails: number;
  phones: number;
  handles: number;
  hashtags: number;
  emojis: number;
  upperRatio: number;
  maxExclamationRun: number;
  questionOnly: boolean;
  wellFormed: boolean;
  checkedTokens: number;
  implausibleTokens: number;
  uniqueWordRatio: number;
  symbolRatio: number;
  maxLetterRun: number;
  placeholder: boolean;
  /** No word of three letters, only letter-digit scraps and symbols ('x7#k2!!qp@@ 9zz$v'). */
  randomCharacters: boolean;
  /** Share of the letters that stand in runs of three or more of the same letter, in any script. */
  repeatedCharShare: number;
  /** Korean typed as loose letters (ㅁㄴㅇㄹ) rather than syllables. */
  looseJamo: boolean;
}

const URL_RE =
  /\bhttps?:\/\/\S+|\bwww\.\S+|\b(?:t|wa)\.me\/\S+|(?<![a-z0-9-])[a-z0-9-]{2,}\.(?:com|net|org|io|ly|xyz|ru|ir|info|biz|shop|top|site|online|click|link|me|win|bet|vip|club|live|store|fun|icu|cc|gg|ee|pro|de|fr|es|it|nl|br|pl|tr|uk|eu|in|co|tv|app|ai|us|ca|au|ch|at|be|se|pt|mx|ar|example|test|sale|deals|money|cash|loans?|casino|games|news|blog|page|dev|tech|website|space|digital|market|trade|finance|jobs|agency|world|email|host|press|vn|id|gr|cz|ro|hu|kr|jp|cn)\b(?:\.[a-z]{2}\b)?(?:\/\S*)?|\b(?:amzn\.(?:to|eu)|a\.co|goo\.gl|ow\.ly|is\.gd|buff\.ly|rebrand\.ly|shorturl\.at|t\.co)\/\S+/giu;
const EMAIL_RE = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[a-z]{2,}/giu;
const PHONE_RE =
  /(?<![\d.,])(?:\+\d{1,3}[\s-]?\(\d{1,4}\)|\(\d{3}\)|\+\d|0\d|\d{3}-)(?:[\s.-]?\d){6,13}(?![\d.,%])/gu;
const HANDLE_RE = /(?<![\p{L}\p{N}])@[\p{L}\p{N}_]{2,}/gu;
const HASHTAG_RE = /(?<![\p{L}\p{N}])#[\p{L}\p{N}_]{2,}/gu;
const EMOJI_RE = /\p{Extended_Pictographic}/gu;
const YEAR_RE = /(?<![\d.,$€£%])(1[34]\d\d|19\d\d|20\d\d|21\d\d)(?![\d%]|[.,]\d)/gu;
// A digit right after a letter is part of a word ('mp3'), except in CJK, which has no spaces
// ('日経平均は6万円').
const NUMBER_RE =
  /(?<!(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])\p{L})\d+(?:[.,]\d+)*(?:\s?[%٪kKmMbB]|x\b)?/gu;

// Placeholder and template text: lorem ipsum (also transliterated), keyboard rows, 'test 123', and
// the slots of a template left unfilled ('[insert prediction here]', '<your text>', '{prediction}').
const PLACEHOLDER =
  /lorem ipsum|dolor sit amet|لورم ایپسوم|لورم اپیسوم|лорем ипсум|asdf|qwerty|blah blah|bla bla|xxxxx|test ?123|123 ?test|[[<{]\s*(?:insert|enter|add|type|your|write)\b[^\]>}]{0,40}[\]>}]|\{\s*(?:prediction|text|claim|forecast)\s*\}|\b(?:insert|enter|type|write) (?:your |a |the )?(?:prediction|text|claim|forecast) here\b|\b(?:your|my) (?:prediction|text|claim|forecast) (?:goes )?here\b|[[<{(]\s*(?:placeholder|sample|dummy|example)\b[^\]>})]{0,40}[\]>})]|\b(?:placeholder|dummy|sample) text\b|\[[^\]]{0,30}\bhere\s*\]|text de completat|texto de ejemplo|escribe aquí|texte à compléter|votre texte ici|hier text eingeben|testo qui|inserisci (?:il )?testo|digite aqui|tekst hier|tekst tutaj|wpisz tekst|metin buraya|buraya yaz|текст здесь|введите текст|متن اینجا|اینجا بنویسید|النص هنا|טקסט כאן|teks di sini|văn bản ở đây|andika hapa|κείμενο εδώ|यहाँ लिखें|ここにテキスト|여기에 텍스트|在此输入|^\s*(?:todo|tbd|fixme|tk)\s*[:-]|اینجا نوشته شود|متن پیش[\s\u200c]?بینی اینجا|متن نمونه|[[<{]\s*[^\]>}]{0,40}(?:اینجا|وارد کنید|بنویسید|هنا|כאן|hier|aquí|aqui|ici|qui|здесь|сюда|burada|buraya|tutaj|di sini|ở đây|hapa|εδώ|यहाँ|यहां|ここ|여기|此处|这里|här|tähän)(?![\p{L}])[^\]>}]{0,40}[\]>}]/u;

// Runs of adjacent keys on QWERTY, the Persian standard layout, ЙЦУКЕН, Greek and Hebrew: the shapes a hand
// makes on a keyboard. Windows that real words contain ('erty' in 'poverty') are left out.
const KEYBOARD_WINDOWS = new Set(
  [
    'qwer',
    'rtyu',
    'tyui',
    'yuio',
    'uiop',
    'asdf',
    'sdfg',
    'dfgh',
    'fghj',
    'ghjk',
    'hjkl',
    'zxcv',
    'xcvb',
    'cvbn',
    'vbnm',
    'ضصثق',
    'صثقف',
    'ثقفغ',
    'قفغع',
    'فغعه',
    'غعهخ',
    'عهخح',
    'هخحج',
    'خحجچ',
    'شسیب',
    'سیبل',
    'تنمک',
    'نمکگ',
    'ظطزر',
    'طزرذ',
    'زرذد',
    'رذدپ',
    'ذدپو',
    'йцук',
    'цуке',
    'укен',
    'фыва',
    'ывап',
    'вапр',
    'олдж',
    'лджэ',
    'ячсм',
    'чсми',
    'енгш',
    'нгшщ',
    'гшщз',
    'шщзх',
    // German QWERTZ and French AZERTY rows ('qwertz', 'yxcv', 'qsdf', 'wxcv'), and the Czech row of
    // accented letters ('ěščřžýáíé').
    'rtzu',
    'tzui',
    'yxcv',
    'qsdf',
    'wxcv',
    'ěščř',
    'ščřž',
    'čřžý',
    'řžýá',
    'žýáí',
    'ýáíé',
    // Thai Kedmanee rows (tone marks and vowel signs removed, as isImplausibleToken does); only
    // windows that open on a pair no Thai word has.
    'ฟหกด',
    'หกดเ',
    'ไำพะ',
    'ผปแอ',
    // Greek and Hebrew layouts.
    'ασδφ',
    'σδφγ',
    'δφγη',
    'φγηξ',
    'γηξκ',
    'ηξκλ',
    'ερτυ',
    'ρτυθ',
    'τυθι',
    'υθιο',
    'θιοπ',
    'ζχψω',
    'χψωβ',
    'ψωβν',
    'ωβνμ',
    'שדגכ',
    'דגכע',
    'גכעי',
    'כעיח',
    'עיחל',
    'יחלך',
  ].flatMap((w) => [w, [...w].reverse().join('')]),
);
// Letter pairs that no European-language word contains (within one token).
const IMPOSSIBLE_PAIRS =
  /jq|qj|qz|zq|xj|jx|vq|qv|fq|qf|wq|qw|pq|qp|kq|qk|gq|qg|jz|zj|vj|jv|xk|kx|zx|xz|bq|qb|cj|jc|qh|hq/u;
// Tested on letters stripped of accents, so 'ẽ', 'ą' and 'ö' all count as their base vowel.
const LATIN_VOWELS = /[aeiouyæøœı]/u;
// Digraphs count as one consonant so that 'Deutschland' or 'strengths' stay pronounceable.
const DIGRAPHS = /sch|ch|sh|th|ph|ck|gh|ng|cz|sz|rz|dz/gu;

// Keyboard rows are all in the Basic Multilingual Plane, so UTF-16 slices are whole letters.
function hasKeyboardRun(token: string): boolean {
  for (let i = 0; i + 4 <= token.length; i++) {
    if (KEYBOARD_WINDOWS.has(token.slice(i, i + 4))) return true;
  }
  return false;
}

// Letters in alphabet order ('abcd', 'कखग घङच'), in any script: three in a row where
// letters carry their vowels as signs (a sign breaks the run), four elsewhere ('где' is a word).
function hasAlphabetRun(token: string): boolean {
  const need =
    /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}]/u.test(token)
      ? 4
      : 3;
  let up = 1;
  let down = 1;
  let prev = -2;
  for (const ch of token) {
    const code = ch.codePointAt(0) ?? 0;
    if (!/\p{L}/u.test(ch)) {
      up = down = 1;
      prev = -2;
      continue;
    }
    up = code === prev + 1 ? up + 1 : 1;
    down = code === prev - 1 ? down + 1 : 1;
    prev = code;
    if (up >= need || down >= need) return true;
  }
  return false;
}

function maxRun(token: string): number {
  let best = 0;
  let run = 0;
  let prev = '';
  for (const ch of token) {
    run = ch === prev ? run + 1 : 1;
    prev = ch;
    if (run > best) best = run;
  }
  return best;
}

function isImplausibleToken(token: string, original: string): boolean {
  const letters = token.replace(/[^\p{L}]/gu, '');
  if ([...letters].length < 3) return false;
  if (maxRun(letters) >= 4 || hasKeyboardRun(letters) || hasAlphabetRun(token)) return true;
  if (/\p{Script=Latin}/u.test(letters)) {
    // Acronyms and tickers (NATO, EV, GPT) are written in capitals and need no vowel.
    if (/^[\p{Lu}\d-]{2,6}$/u.test(original)) return false;
    const base = letters.normalize('NFD').replace(/\p{M}/gu, '');
    if (!LATIN_VOWELS.test(base)) return true;
    if (IMPOSSIBLE_PAIRS.test(base)) return true;
    return /[^aeiouyæøœı]{5,}/u.test(base.replace(DIGRAPHS, 'C'));
  }
  // Arabic-script words rarely run past 15 letters without a space or a zero-width non-joiner.
  if (/\p{Script=Arabic}/u.test(letters)) return [...letters].length > 15;
  return false;
}

// A claim with a question tagged on ('Das Deutschlandticket kostet irgendwann 70 Euro, wetten?',
// 'Bitcoin hits 200k next year, right?', 'va a llover, ¿no?'): the tag only asks the reader to
// agree, so the text states something rather than asking; a head that opens like a question ('What
// do you think, guys?') still asks.
const QUESTION_TAG = /^([^.!?؟。！？]{12,}?),\s*¿?[\p{L}' -]{1,20}[?？]+\s*$/u;
const QUESTION_OPENING =
  /^\W*(?:who|what|when|where|why|how|which|will|would|is|are|do|does|did|can|could|should|any|anyone|wer|was|wann|wo|wie|warum|wieso|weshalb|wird|werden|ist|sind|qui|que|quoi|quand|où|comment|pourquoi|est-ce|quién|qué|cuándo|dónde|cómo|por qué|chi|che cosa|quando|dove|come|perché|quem|o que|onde|como|wat|wanneer|waar|hoe|waarom|kto|co|kiedy|gdzie|jak|dlaczego|czy|кто|что|когда|где|как|почему|зачем|ne|neden|nasıl|kim|hangi)(?![\p{L}])|^\W*¿/u;
function taggedClaim(lower: string): boolean {
  const m = QUESTION_TAG.exec(lower);
  return m !== null && !QUESTION_OPENING.test(m[1] ?? '');
}

function normalizeDigits(text: string): string {
  return (
    text
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      // Devanagari, Bengali and Thai digits too ('০১৭১২৩৪৫৬৭৮' is a phone number).
      .replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966))
      .replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - 0x09e6))
      .replace(/[\u0E50-\u0E59]/g, (d) => String(d.charCodeAt(0) - 0x0e50))
      .replace(/٬/g, ',')
      .replace(/٫/g, '.')
  );
}

/** Numbers that aren't years: amounts, shares, prices. */
export function countQuantities(text: string): number {
  return Math.max(
    0,
    count(NUMBER_RE, text.replace(URL_RE, ' ').replace(PHONE_RE, ' ')) - count(YEAR_RE, text),
  );
}

function count(re: RegExp, text: string): number {
  re.lastIndex = 0;
  return text.match(re)?.length ?? 0;
}

// Share of the letters that stand in runs of three or more of the same letter ('的的的的', 'ああああ').
function repeatedShare(text: string): number {
  let letters = 0;
  let repeated = 0;
  let run = 0;
  let prev = '';
  const flush = () => {
    if (run >= 3) repeated += run;
  };
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) {
      flush();
      run = 0;
      prev = '';
      continue;
    }
    letters++;
    if (ch === prev) run++;
    else {
      flush();
      run = 1;
      prev = ch;
    }
  }
  flush();
  return letters ? repeated / letters : 0;
}

export function extractFeatures(raw: string): TextFeatures {
  const text = normalizeDigits(raw.normalize('NFKC')).trim();
  const lower = text.toLowerCase();
  const withoutLinks = text.replace(URL_RE, ' ').replace(EMAIL_RE, ' ');
  const originals = withoutLinks.split(/[^\p{L}\p{N}'’-]+/u).filter((t) => /[\p{L}\p{N}]/u.test(t));
  const words = originals.map((t) => t.toLowerCase());
  const script = dominantScript(text);
  const language = detectLanguage(text);

  let checkedTokens = 0;
  let implausibleTokens = 0;
  originals.forEach((original, i) => {
    const word = words[i] ?? '';
    if (script === 'cjk') return;
    // A doubled letter typed on its own in lower case ('xx', 'zz') is filler, not a word; in
    // capitals it is an abbreviation (AA batteries, World War II).
    if (/^([a-z])\1$/u.test(original)) {
      checkedTokens++;
      implausibleTokens++;
      return;
    }
    if (!/\p{L}{3}/u.test(word)) return;
    checkedTokens++;
    if (isImplausibleToken(word, original)) implausibleTokens++;
  });

  const latinLetters = text.match(/\p{Script=Latin}/gu) ?? [];
  const upper = latinLetters.filter((c) => c !== c.toLowerCase()).length;
  const nonSpace = text.replace(/\s/g, '');
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const symbols = (nonSpace.match(/[^\p{L}\p{N}\p{M}.,!?؟;:'’"“”()%$€£٪،-]/gu) ?? []).length;
  const sentences = text.split(/(?<=[.!?؟。！？])\s*/u).filter((s) => /[\p{L}\p{N}]/u.test(s));
  const lettersRun = Math.max(0, ...words.map((w) => maxRun(w.replace(/[^\p{L}]/gu, ''))));
  const years = [...text.matchAll(YEAR_RE)].map((m) => Number(m[1]));
  const plainText = text.replace(URL_RE, ' ').replace(PHONE_RE, ' ');
  const numbers = Math.max(0, count(NUMBER_RE, plainText) - years.length);

  return {
    text,
    lower,
    script,
    language,
    words,
    chars: [...text].length,
    effectiveLength:
      [...text].length +
      2 *
        (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ??
          0),
    letters,
    years,
    numbers,
    hasPercent: /[%٪]|\bper ?cent\b|درصد|pour ?cent|por ciento|prozent|процент/u.test(lower),
    hasCurrency: /[$€£¥₹₽﷼]|\b(usd|eur|dollars?|euros?|pounds?|yuan|rupees?)\b|دلار|تومان|ریال|یورو/u.test(
      lower,
    ),
    urls: count(URL_RE, text),
    emails: count(EMAIL_RE, text),
    phones: count(PHONE_RE, text),
    handles: count(HANDLE_RE, text),
    hashtags: count(HASHTAG_RE, text),
    emojis: count(EMOJI_RE, text),
    upperRatio: latinLetters.length >= 8 ? upper / latinLetters.length : 0,
    maxExclamationRun: Math.max(0, ...(text.match(/!+/g) ?? []).map((m) => m.length)),
    questionOnly:
      sentences.length > 0 && sentences.every((s) => /[?؟？]\s*$/u.test(s)) && !taggedClaim(lower),
    wellFormed: /[.!?؟。！？)"”]$/u.test(text) && !/^\p{Ll}/u.test(text),
    checkedTokens,
    implausibleTokens,
    uniqueWordRatio: words.length ? new Set(words).size / words.length : 1,
    symbolRatio: nonSpace.length ? symbols / nonSpace.length : 0,
    maxLetterRun: lettersRun,
    randomCharacters:
      letters >= 4 &&
      [...text].length >= 10 &&
      script !== 'cjk' &&
      !/\p{L}{3}/u.test(withoutLinks) &&
      (originals.filter((t) => /\p{L}/u.test(t) && /\d/u.test(t)).length >= 2 ||
        symbols / Math.max(1, nonSpace.length) > 0.15),
    repeatedCharShare: letters >= 6 ? repeatedShare(text) : 0,
    looseJamo: (() => {
      // NFKC turns the compatibility letters (U+3131..) into conjoining ones (U+1100..).
      const jamo = text.match(/[\u1100-\u11FF\u3131-\u318E]/gu)?.length ?? 0;
      const syllables = text.match(/[\uAC00-\uD7A3]/gu)?.length ?? 0;
      return jamo >= 4 && jamo > syllables;
    })(),
    placeholder: PLACEHOLDER.test(lower),
  };
}
