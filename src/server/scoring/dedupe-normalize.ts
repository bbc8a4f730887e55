// Normalisation for duplicate detection: two texts that differ only in case, punctuation,
// spacing, emoji, digit script, Arabic/Persian letter forms, number words or a lead-in such as
// "I predict that" normalise to the same string.

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

// "three hundred fifty" -> "350", "seven thousand five hundred" -> "7500", and a year read in
// pairs, "twenty twenty-seven" -> "2027"; million and billion stay words so that "2.5 million" and
// "two and a half million" are not forced into one spelling.
function numberWordsToDigits(tokens: string[]): string[] {
  const out: string[] = [];
  let value = 0;
  let thousands = 0;
  // Words in the number so far, and whether the last one was a pair of digits ('twenty', 'nineteen').
  let words = 0;
  let inNumber = false;
  const flush = () => {
    if (inNumber) out.push(String(thousands + value));
    value = 0;
    thousands = 0;
    words = 0;
    inNumber = false;
  };
  const wordsValue = (parts: string[]) => parts.reduce((sum, p) => sum + (UNITS[p] ?? TENS[p] ?? 0), 0);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    // 'one and a half' is 1.5.
    if (inNumber && token === 'and' && tokens[i + 1] === 'a' && tokens[i + 2] === 'half') {
      value += 0.5;
      i += 2;
      continue;
    }
    const parts = token.split('-');
    // 'ten-year' is 'ten' 'year', as '10-year' is '10' 'year'.
    const word = parts.findIndex((p) => !(p in UNITS || p in TENS));
    if (word > 0) {
      value += wordsValue(parts.slice(0, word));
      inNumber = true;
      flush();
      out.push(...parts.slice(word));
      continue;
    }
    const allNumeric = parts.every((p) => p in UNITS || p in TENS);
    if (allNumeric) {
      const n = wordsValue(parts);
      // A year said in pairs: a first pair of digits followed by a second.
      if (words === 1 && thousands === 0 && value >= 10 && n >= 10) value = value * 100 + n;
      else value += n;
      words++;
      inNumber = true;
    } else if (token === 'hundred' && inNumber) {
      value *= 100;
      words++;
    } else if (token === 'thousand' && inNumber && thousands === 0) {
      thousands = value * 1000;
      value = 0;
      words++;
    } else if (token === 'and' && inNumber) {
      // "three hundred and fifty" keeps going.
    } else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out;
}

const LEAD_INS =
  /^(?:(?:my |our )?predictions?\s*(?:is|:)?\s*|i (?:predict|think|believe|expect|bet|guess|reckon|am sure|am confident)\s*(?:that\s*)?|in my (?:opinion|view)\s*|my (?:guess|bet|forecast) is (?:that\s*)?|forecast\s*:\s*|(?:predicci[oó]n|pron[oó]stico|pr[ée]diction|pr[ée]vision|prognose|vorhersage|previsione|previs[ãa]o|tahmin|прогноз|پیش\s?بینی|预测|預測|予測|예측)\s*:?\s+|پیش\s?بینی\s?(?:من|می\s?کنم)\s*(?:که\s*)?|فکر می\s?کنم\s*(?:که\s*)?|je pense que\s*|je prédis que\s*|je crois que\s*|je parie que\s*|(?:yo )?creo que\s*|pienso que\s*|predigo que\s*|apuesto a que\s*|penso che\s*|prevedo che\s*|scommetto che\s*|secondo me\s*|(?:eu )?acho que\s*|prevejo que\s*|aposto que\s*|ik denk dat\s*|ik voorspel dat\s*|ich denke,?\s*(?:dass\s*)?|ich sage voraus,?\s*(?:dass\s*)?|ich wette,?\s*(?:dass\s*)?|bence\s*|mark my words\s*|calling it\s*|i'?d say\s*(?:that\s*)?|i would say\s*(?:that\s*)?|я уверен,?\s*(?:что\s*)?|я предсказываю,?\s*(?:что\s*)?|أتوقع أن\s*|أعتقد أن\s*|به نظرم\s*|به نظر من\s*|ich glaube,?\s*(?:dass\s*)?|मुझे लगता है कि\s*|मेरा मानना है कि\s*|menurut saya,?\s*|saya (?:pikir|kira|yakin|rasa)\s*(?:bahwa\s*)?|sanırım\s*|я думаю,?\s*(?:что\s*)?|我认为|我觉得|我预测|我预计|我猜)+/u;

// A label before a colon that announces the speaker's own forecast ('Ich sage voraus:', 'My hot
// take:', 'Mark my words:', 'Mi pronóstico:'): up to four words, every one of them from this
// vocabulary and one a first-person or forecasting word, so a subject before a colon ('Bitcoin: …',
// 'My prediction for Bitcoin: …') stays.
const COLON_LEAD_IN = /^\s*((?:[^\s:：\d]+\s+){0,3}[^\s:：\d]+)\s*[:：]\s*(?=\S)/u;
const LEAD_IN_KEY = new Set(
  "i i'm i'd my me we our prediction predictions forecast predict call calling guess take bet ich meine mein voraus vorhersage prognose tipp je ma mon pronostic prédiction prévision parie yo mi predicción pronóstico predigo apuesto io mia previsione pronostico prevedo eu minha meu previsão palpite ik mijn voorspelling tahminim tahmin я мой прогноз предсказание من پیش‌بینی پیشبینی 我的预测 我预测 私の予想 내 예측".split(
    ' ',
  ),
);
const LEAD_IN_FILLER = new Set(
  "here here's is are the a my hot bold final honest quick personal official it now mark words say sage dis digo la il el le de van".split(
    ' ',
  ),
);

function dropColonLeadIn(text: string): string {
  const m = COLON_LEAD_IN.exec(text);
  if (!m) return text;
  const words = (m[1] ?? '').split(/\s+/u);
  const ok =
    words.every((w) => LEAD_IN_KEY.has(w) || LEAD_IN_FILLER.has(w)) && words.some((w) => LEAD_IN_KEY.has(w));
  return ok ? text.slice(m[0].length) : text;
}

// Currency words and signs written after the amount, with an optional scale word between.
const CURRENCY_SIGNS: Record<string, string> = {
  dólares: '$',
  dolares: '$',
  dollari: '$',
  доллар: '$',
  долларов: '$',
  евро: '€',
  dollar: '$',
  dollars: '$',
  usd: '$',
  'us dollars': '$',
  bucks: '$',
  $: '$',
  euro: '€',
  euros: '€',
  eur: '€',
  '€': '€',
  pound: '£',
  pounds: '£',
  gbp: '£',
  '£': '£',
  دلار: '$',
  یورو: '€',
};
const CURRENCY_AFTER =
  /(?<!\d)(\d+(?:\.\d+)?)(\s?(?:k|m|bn|t|tn|thousand|million|billion|trillion|هزار|میلیون|میلیارد))?\s?(us dollars|dollars?|usd|bucks|euros?|eur|pounds?|gbp|\$|€|£|dólares|dolares|dollari|доллар|долларов|евро|دلار|یورو)(?![\p{L}\p{N}])/gu;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

// Every script's decimal digits ('२०३०', '০', '๒') as ASCII: each block of ten starts at its zero.
function asciiDigits(text: string): string {
  return text.replace(/[^\P{Nd}0-9]/gu, (d) => {
    const code = d.codePointAt(0) ?? 0;
    let zero = code;
    while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    return String((code - zero) % 10);
  });
}

// Abbreviated English month names, spelt out ('Dec 2027' is 'December 2027').
const MONTHS: Record<string, string> = {
  jan: 'january',
  feb: 'february',
  mar: 'march',
  apr: 'april',
  jun: 'june',
  jul: 'july',
  aug: 'august',
  sep: 'september',
  sept: 'september',
  oct: 'october',
  nov: 'november',
  dec: 'december',
};

// Scale words after a number, as a multiplier: '1 million' and '1,000,000' are one number, as are
// '6万' and '60000'. Long-scale words ('billón') are left alone.
const SCALES: ReadonlyArray<readonly [RegExp, number]> = [
  [
    /(?<!\d)(\d+(?:\.\d+)?)\s?(?:million|millions|millón|millones|millionen|milioni|milhões|milhão|миллион\p{L}*|میلیون)(?![\p{L}\p{N}])/gu,
    1e6,
  ],
  [
    /(?<!\d)(\d+(?:\.\d+)?)\s?(?:billion|billions|milliard|milliards|milliarden|miliardi|миллиард\p{L}*|میلیارد)(?![\p{L}\p{N}])/gu,
    1e9,
  ],
  [/(?<!\d)(\d+(?:\.\d+)?)\s?(?:trillion|trillions)(?![\p{L}\p{N}])/gu, 1e12],
  [/(\d+(?:\.\d+)?)(?:万|萬|만)/gu, 1e4],
  [/(\d+(?:\.\d+)?)(?:億|亿|억)/gu, 1e8],
];

function expandScales(text: string): string {
  let s = text;
  for (const [re, factor] of SCALES)
    s = s.replace(re, (_, n: string) => String(Math.round(Number(n) * factor)));
  return s;
}

/**
 * Tokens of the normalised text; CJK text is tokenised per character. `keepMarks` (
 * for the comparison only, never the stored signature) keeps the vowel signs of Devanagari, Thai and
 * the other scripts that write vowels as combining marks, which the signature drops.
 */
export function duplicateTokens(text: string, keepMarks = false): string[] {
  let s = dropColonLeadIn(
    asciiDigits(text.normalize('NFKC'))
      .toLowerCase()
      // Accents on Latin letters are often left out when typing ('Atlético', 'atletico').
      .normalize('NFD')
      .replace(/(?<=\p{Script=Latin})\p{Mn}+/gu, '')
      .normalize('NFC')
      .replace(/[’‘`´]/g, "'")
      // Every dash is a hyphen ('Paris–Lyon', '2027–28'), and dotted initials an abbreviation ('U.K.').
      .replace(/[‐‑‒–—―]/gu, '-')
      .replace(/(?<![\p{L}\p{N}.])(?:\p{L}\.){2,}(?!\p{L})/gu, (m) => m.replace(/\./gu, '')),
  )
    .replace(/[ي]/g, 'ی')
    .replace(/[ك]/g, 'ک')
    .replace(/[ۀة]/g, 'ه')
    .replace(/[أإآ]/g, 'ا')
    .replace(/[\u064B-\u065F\u0670\u0640]|\u200c|\u200d|\u200e|\u200f/g, '')
    // Persian writes 'می‌شود', 'میشود' and 'می شود', 'بزرگ‌تر' and 'بزرگ تر': one word each.
    .replace(/(?<![\p{L}])(ن?می) (?=\p{L})/gu, '$1')
    .replace(/(?<=\p{Script=Arabic}) (ها|های|هایی|تر|ترین)(?![\p{L}])/gu, '$1')
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[’‘`´]/g, "'")
    .replace(/٪/g, '%')
    .replace(
      /\b(?:per ?cent|percent|persen|per ?cento|por ?cento|yüzde)\b|درصد|प्रतिशत|pour ?cent|por ?ciento|prozent|процент\p{L}*/gu,
      ' % ',
    )
    // Full-width and other decimal digits were folded by NFKC; thousands separators go (a point
    // too when it groups threes, as in German '30.000' or '1.250.000'); a decimal comma becomes a point.
    .replace(/(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d.,]*\d)/g, (n) =>
      /^0\./u.test(n) ? n : n.replace(/\./g, ''),
    )
    .replace(/(\d)[,٬](?=\d{3}(?!\d))/g, '$1')
    // '10 000': groups of three after a space (NFKC made the no-break and narrow spaces plain).
    .replace(/(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d%]|[.,]\d)/g, (n) => n.replace(/ /g, ''))
    .replace(/(\d)[,٫](?=\d)/g, '$1.')
    // Currencies: '120000 dollars', '120000 usd', '120000$' and '$120000' are one spelling ($120000).
    .replace(
      CURRENCY_AFTER,
      (_, amount: string, scale: string | undefined, word: string) =>
        `${CURRENCY_SIGNS[word.replace(/\s+/gu, ' ')] ?? word}${amount}${scale ?? ''}`,
    )
    // Scale suffixes: '$1k' is '$1000', '25M' and '25 mln' are '25 million', '3bn' '3 billion'.
    .replace(/(?<!\d)(\d+(?:\.\d+)?)\s?(k|thousand|هزار)(?![\p{L}\p{N}])/gu, (_, n: string) =>
      String(Math.round(Number(n) * 1000)),
    )
    .replace(/(\d)\s?(?:m|mn|mln|mio)(?![\p{L}\p{N}])/gu, '$1 million')
    .replace(/(\d)\s?(?:b|bn|bln|mrd)(?![\p{L}\p{N}])/gu, '$1 billion')
    .replace(/(\d)\s?(?:t|tn|trn)(?![\p{L}\p{N}])/gu, '$1 trillion')
    // A range or season is one token whichever mark joins it ('2027-28', '2027/28', '2027–28');
    // a word joined to a number is two ('mid-2027' is 'mid 2027').
    .replace(/(?<=\d)\s?[-/–]\s?(?=\d)/gu, '-')
    .replace(/(?<=\p{L})-(?=\d)|(?<=\d)-(?=\p{L})/gu, ' ')
    .replace(keepMarks ? /[^\p{L}\p{M}\p{N}%$€£.'+-]+/gu : /[^\p{L}\p{N}%$€£.'+-]+/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/(^|\s)['+-]+|['+-]+(?=\s|$)/g, '$1')
    .trim();
  s = expandScales(s.replace(LEAD_INS, '').trim());
  const tokens: string[] = [];
  for (const chunk of s.split(/\s+/u)) {
    if (!chunk) continue;
    if (CJK.test(chunk)) {
      // Keep digit runs whole, split the ideographs.
      for (const m of chunk.matchAll(/\d+(?:\.\d+)?%?|[^\d]/gu)) tokens.push(m[0]);
    } else {
      for (const part of chunk.split(/(?<=\d)(?=[%$€£])|(?<=[%$€£])(?=\d)/u)) tokens.push(part);
    }
  }
  return expandScales(numberWordsToDigits(tokens).join(' '))
    .split(' ')
    .filter(Boolean)
    .map((t) => MONTHS[t] ?? t);
}

export function normalizeForDuplicate(text: string): string {
  return duplicateTokens(text).join(' ');
}
