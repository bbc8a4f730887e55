import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { wordSalad } from './english.ts';
import {
  AIMED_BEFORE,
  DEGRADING,
  DEHUMANISING_PATTERNS,
  GROUP_NAMES,
  GROUP_SLURS,
  HARASSMENT,
  HEDGES,
  INSULTS,
  MACHINE_PATTERNS,
  MACHINE_PHRASES,
  MILD_INSULTS,
  NEUTRAL_OBSCENITY,
  PROFANITY_LOOKALIKES,
  SECOND_PERSON,
  SLURS,
  SPAM_PATTERNS,
  SPAM_PHRASES,
  TARGETING,
  THIRD_PERSON,
  THREATS,
  VAGUE_TERMS,
  VIOLENCE_PATTERNS,
} from './phrases.ts';
import { hasFunctionWord } from './language.ts';
import {
  compileList,
  type Entry,
  hits,
  indexList,
  normalizeForLists,
  type PhraseList,
  phraseMatcher,
  present,
} from './phrase-index.ts';
import type { TextFeatures } from './text-features.ts';
import {
  adjacentRepeats,
  keywordList,
  particleSalad,
  persianBrokenFuture,
  repeatedCjkRun,
  repeatedPhraseWords,
  sameWordFiller,
  SPACED_CJK,
  STRAY_MARK,
  stuffedPhrase,
  stuffedWord,
} from './text-shape.ts';

export { normalizeForLists };

// Points toward each flag. Thresholds: flags.ts.
export interface Moderation {
  spam: { score: number; hits: string[] };
  /**
   * `aimsAtThings`: the only harsh words are mild ones said of a policy, a plan or a
   * product ('the council's new zoning rules are useless'): criticism, which the guide keeps.
   */
  abuse: { score: number; hits: string[]; profanity: string[]; aimsAtThings?: boolean };
  gibberish: { score: number; why: string[] };
  machine: { score: number; hits: string[] };
  vague: string[];
  hedges: string[];
  /** A near-certain pattern that flags the text whatever the classifier reads, and why. */
  certain: { flag: 'spam' | 'abusive' | 'gibberish' | 'machine_generated'; why: string } | null;
}

// An assistant saying what it is ('As an AI language model, I …').
const SELF_DISCLOSED_AI =
  /\bas an ai(?: language model| assistant)?,|\bas an ai language model\b|\bas a (?:large )?language model\b|\bi(?:'m| am) an ai\b/u;

// The short list of patterns that flag on their own (docs/decisions/005): each flagged every dev
// text it matched. Everything else is the classifier's call, with the rules as its evidence.
function certainFlag(
  f: TextFeatures,
  text: string,
  found: { slurs: number; threats: number; slurProfanity: boolean },
): Moderation['certain'] {
  const contact = f.phones + f.emails > 0 || MESSAGING_LINK.test(text);
  if ((contact || f.urls >= 2) && (CALL_TO_ACTION.test(text) || CONTACT_VERB.test(text)))
    return { flag: 'spam', why: 'contact details or links with an order to use them' };
  if (found.slurs > 0 || found.slurProfanity) return { flag: 'abusive', why: 'a slur' };
  if (found.threats > 0) return { flag: 'abusive', why: 'a threat of violence' };
  if (f.placeholder) return { flag: 'gibberish', why: 'placeholder or keyboard text' };
  if (f.repeatedCharShare >= 0.5) return { flag: 'gibberish', why: 'the same character typed over and over' };
  if (f.randomCharacters || f.looseJamo || f.symbolRatio > 0.5)
    return { flag: 'gibberish', why: 'random characters rather than words' };
  if (SELF_DISCLOSED_AI.test(text)) return { flag: 'machine_generated', why: 'it says an AI wrote it' };
  return null;
}

const MARKDOWN: ReadonlyArray<readonly [string, RegExp]> = [
  ['markdown bold', /\*\*[^*\n]+\*\*/u],
  ['markdown heading', /^#{1,4}\s/mu],
  ['markdown list', /(?:^|\n)[^\S\n]*(?:[-*•]|\d+[.)])\s.+\n(?:[^\S\n]*\n)*[^\S\n]*(?:[-*•]|\d+[.)])\s/u],
];

// In any language: a one-word exclamation, a line that introduces a list, and the list
// ('בהחלט! הנה תחזית לשנת 2027:' / '- …', 'แน่นอน! นี่คือ…:' / '1. …'): the shape of an assistant's answer.
const ANSWER_SHAPE = /^\s*[^\s!]{2,20}\s?!\s+[^\n]{0,100}[:：]\s*\n\s*(?:[-*•]|\d+[.)])\s/u;

// Discourse markers that number the points of an essay ('Firstly … Secondly … In conclusion'):
// chat assistants structure even a one-line answer this way, people typing a forecast rarely do.
const ENUMERATION_MARKERS =
  /(?<![\p{L}])(?:firstly|secondly|thirdly|fourthly|lastly|in conclusion|to conclude|in summary|to sum up|first and foremost|zunächst einmal|erstens|zweitens|drittens|abschließend|zusammenfassend|premièrement|deuxièmement|troisièmement|en conclusion|pour conclure|en primer lugar|en segundo lugar|en tercer lugar|en conclusión|por último|in primo luogo|in secondo luogo|in conclusione|em primeiro lugar|em segundo lugar|em conclusão|ilk olarak|ikinci olarak|üçüncü olarak|sonuç olarak|во-первых|во-вторых|в-третьих|в заключение|أولاً|اولا|ثانیا|ثالثا|فی الختام|در نتیجه|در پایان|首先|其次|再次|最后|总之|综上所述|まず|次に|最後に|첫째|둘째|셋째)(?![\p{L}])/gu;
// An inline numbered list ('1) Interest rates 2) Earnings growth 3) ...').
const INLINE_LIST = /(?:^|\s)1[.)]\s[^\n]{2,80}?\s2[.)]\s[^\n]{2,80}?\s3[.)]\s/u;
// Labelled fields, one a line ('Prediction: … / Rationale: … / Confidence: …').
// A label may hold a zero-width non-joiner ('پیش‌بینی:').
const FIELD_LINE = /^[\s*_#>-]{0,4}[\p{L}][\p{L}\u200c ]{1,24}[*_]{0,2}:[*_]{0,2}\s+\S/gmu;
// The labels of an assistant's answer template ('Prediction: … / Rationale: … / Confidence: …').
const TEMPLATE_LABEL =
  /^[\s*_#>-]{0,4}(?:prediction|forecast|rationale|reasoning|justification|confidence(?: level)?|probability|likelihood|time ?frame|timeline|key (?:drivers|factors|risks|assumptions)|risks|assumptions|summary|predicción|justificación|confianza|prédiction|justification|confiance|vorhersage|prognose|begründung|konfidenz|previsione|motivazione|previsão|justificativa|tahmin|gerekçe|güven|прогноз|обоснование|уверенность|پیشبینی|دلیل|استدلال|(?:سطح |میزان )?اطمینان|احتمال|التوقع|السبب|الثقة)[*_]{0,2}:/u;

function enumerationMarkers(text: string): number {
  return new Set(text.match(ENUMERATION_MARKERS) ?? []).size;
}

const CALL_TO_ACTION =
  /(?:^|[.!?]\s+|\s)(?:visit|click|buy|get|join|sign up|register|download|order|shop|book|call|follow|subscribe|claim|grab|try|enter|apply)\s|(?<![\p{L}])(?:üye ol|kayıt ol|tıkla|giriş yap|regístrate|registrate|únete|inscríbete|haz clic|compra|inscrivez-vous|rejoignez|cliquez|abonnez-vous|melde dich|anmelden|registrieren|klicke|klicken sie|cadastre-se|inscreva-se|iscriviti|عضو شوید|عضو بشید|عضو شید|ثبت نام کنید|کلیک کنید|بپیوندید|سفارش دهید|اشترک|انضم|سجل|подпишись|подписывайтесь|переходи)(?![\p{L}])/u;

// Verbs that ask to be contacted, in the languages the lists cover.
const CONTACT_VERB =
  /(?<![\p{L}])(?:call|text|dm|message|contact|write to|whatsapp|হোয়াটসঅ্যাপ|মেসেজ দিন|যোগাযোগ করুন|কল করুন|व्हाट्सएप|वॉट्सऐप|संपर्क करें|कॉल करें|واٹس ایپ|رابطہ کریں|واتساپ|واتساب|llama|llámanos|escríbeme|escribe|contacta|appelez|écrivez|ruf|schreib|ligue|chame|escreva|ara|yaz|пишите|пиши|звоните|звони|تماس بگیرید|پیام بدید|پیام دهید|اتصل|راسلنا)(?![\p{L}])/u;

// Links to messaging apps and link shorteners: how a 'signals group' or a private sale is reached.
const MESSAGING_LINK =
  /(?<![\p{L}\p{N}.])(?:t\.me|telegram\.me|wa\.me|chat\.whatsapp\.com|discord\.gg|discord\.com\/invite|bit\.ly|tinyurl\.com|cutt\.ly|linktr\.ee)\/\S+/u;

let compiled: {
  machine: PhraseList<readonly [string, RegExp, number]>;
  spam: PhraseList<Entry>;
  insults: PhraseList<Entry>;
  mildInsults: PhraseList<Entry>;
  degrading: PhraseList<Entry>;
  harassment: PhraseList<Entry>;
  threats: PhraseList<Entry>;
  slurs: PhraseList<Entry>;
  targeting: PhraseList<Entry>;
  vague: PhraseList<Entry>;
  hedges: PhraseList<Entry>;
  profanity: RegExpMatcher;
} | null = null;

function lists() {
  compiled ??= {
    machine: indexList(
      MACHINE_PHRASES.map(([p, w]) => {
        const phrase = normalizeForLists(p);
        return [phrase.replace(/\*$/u, ''), phraseMatcher(phrase), w] as const;
      }),
    ),
    spam: compileList(SPAM_PHRASES),
    insults: compileList(INSULTS),
    mildInsults: compileList(MILD_INSULTS),
    degrading: compileList(DEGRADING),
    harassment: compileList(HARASSMENT),
    threats: compileList(THREATS),
    slurs: compileList(GROUP_SLURS),
    targeting: compileList(TARGETING),
    vague: compileList(VAGUE_TERMS),
    hedges: compileList(HEDGES),
    profanity: profanityMatcher(),
  };
  return compiled;
}

// Obscenity's English list leaves alone words of other languages that look like a slur
// to it (Indonesian 'nggak', 'no').
function profanityMatcher(): RegExpMatcher {
  const built = englishDataset.build();
  return new RegExpMatcher({
    ...built,
    whitelistedTerms: [...(built.whitelistedTerms ?? []), ...PROFANITY_LOOKALIKES],
    ...englishRecommendedTransformers,
  });
}

// With the vowel signs of Bengali, Hindi or Thai words ('তুই', not 'ত' and 'ই').
const TOKEN = /[\p{L}\p{M}\p{N}@'_-]+/gu;

// Is the word at `index` aimed at someone: a copula or a form of address among the four words
// before it ('they are all scumbags', 'ist ein hirnloser Vollidiot'), or a second-person marker
// for the mild adjectives ('you are pathetic')?
function aimedAt(text: string, index: number, markers: ReadonlySet<string>): boolean {
  const before = text.slice(Math.max(0, index - 60), index).match(TOKEN) ?? [];
  return before.slice(-4).some((t) => markers.has(t) || t.startsWith('@'));
}

// The insults of a list that occur, and whether any occurrence is aimed at someone.
function insultHits(
  list: PhraseList<Entry>,
  text: string,
  markers: ReadonlySet<string>,
  ofThings?: string[],
): { found: string[]; aimed: boolean } {
  const found: string[] = [];
  let aimed = false;
  for (const [phrase, re] of present(list, text)) {
    let any = false;
    for (const m of text.matchAll(re)) {
      // A mild word said of a policy or a product ('the new zoning rules are useless').
      if (ofThings && SAID_OF_A_THING.test(text.slice(Math.max(0, m.index - 80), m.index))) {
        ofThings.push(phrase);
        continue;
      }
      // 'idiotic', 'moronic': an adjective that describes plans as often as people (MILD_INSULTS).
      if (
        (phrase === 'idiot' || phrase === 'moron') &&
        SAID_OF_THINGS.test(text.slice(m.index).match(/^\p{L}+/u)?.[0] ?? '')
      )
        continue;
      any = true;
      // Turkish puts 'you are' in a suffix: aptalsın, salaksınız.
      if (aimedAt(text, m.index, markers) || /(?:sın|sin|sun|sün|sınız|siniz)$/u.test(m[0])) aimed = true;
      if (aimed) break;
    }
    if (any) found.push(phrase);
  }
  return { found, aimed };
}

const SAID_OF_THINGS = /^(?:idiotic|moronic)$/u;

// A policy, a plan or a product, then 'is' or 'are' and at most an intensifier, right before the word.
const SAID_OF_A_THING =
  /\b(?:rules?|plans?|polic(?:y|ies)|laws?|bills?|reforms?|budgets?|proposals?|schemes?|strateg(?:y|ies)|tax(?:es)?|tariffs?|charges?|fees?|fines?|projects?|program(?:me)?s?|regulations?|measures?|restrictions?|mandates?|decisions?|products?|apps?|updates?|software|designs?|features?|ideas?|systems?|services?|process(?:es)?|changes?|zoning|subsid(?:y|ies)|lockdowns?|guidelines?)\s+(?:is|are|was|were|seem|seems|look|looks)\s+(?:(?:so|totally|completely|utterly|just|pretty|really|absolutely|entirely|basically|honestly|frankly|beyond|still|now|already)\s+)*$/u;

// 'Everyone who supports this team …', 'كل من يشجع', 'כל מי שמצביע', '… 지지하는 놈들은': an insult
// later in the sentence is aimed at the people the clause names, as 'they are' would aim it.
const EVERYONE_WHO =
  /^\W*(?:everyone who|anyone who|everybody who|all (?:those|the people) who|whoever|todos los que|todas las que|cualquiera que|tous ceux qui|toutes celles qui|quiconque|alle,? die|jeder,? der|wer \p{L}+ wählt|tutti quelli che|chiunque|todos (?:os )?que|quem (?:vota|apoia|torce)|każdy,? kto|wszyscy,? którzy|все,? кто|каждый,? кто|herkes|کل من|کل اللی|כל מי ש|כל מי|هر کی|هرکی|هر کسی که|هرکس که|هر کس که)|(?:하는|한) (?:놈들|것들|새끼들|사람들)/u;

// Name-calling stacks adjectives on an insult ('worthless idiots', 'stupid clowns'): the adjective
// aims the noun as well as a copula would.
const AIMED_OR_ADDRESSED: ReadonlySet<string> = new Set([
  ...AIMED_BEFORE,
  ...SECOND_PERSON,
  ...MILD_INSULTS.map((w) => w.replace(/\*$/u, '')),
]);
// An insult word points at a person after 'that' or 'this' too ('that fat loser streamer',
// 'this idiot mayor'); the degrading words don't ('that trash policy').
const INSULT_AIMED: ReadonlySet<string> = new Set([...AIMED_OR_ADDRESSED, 'that', 'this']);

// Swearing written with asterisks ('f***', 'sh*t') that the profanity list can't see.
// Slurs written with an asterisk ('r*tard') count as the slur.
const MASKED_SLURS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![\p{L}])r[*]+t[a*]rd(?:s|ed)?(?![\p{L}])/u, 'retard'],
  [/(?<![\p{L}])n[*]+gg(?:[*]+|er|a)s?(?![\p{L}])/u, 'nigger'],
  [/(?<![\p{L}])tr[*]+nn(?:y|ies)(?![\p{L}])/u, 'tranny'],
  // 'f*g', 'f*gs', 'f*ggot'.
  [/(?<![\p{L}])f[*]+(?:g|gg|ggot|ggit)s?(?![\p{L}])/u, 'fag'],
];

const MASKED_SWEARING =
  /(?<![\p{L}])(?:f\*{2,}k?|f\*ck\p{L}*|f\*\*\p{L}*|sh\*t\p{L}*|s\*\*t|b\*tch\p{L}*|a\*\*hole\p{L}*|c\*nt\p{L}*)/gu;

function profanityWords(matcher: RegExpMatcher, text: string): string[] {
  const words: string[] = [];
  for (const match of matcher.getAllMatches(text)) {
    const word = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
    if (word && !NEUTRAL_OBSCENITY.has(word)) words.push(word);
  }
  return words;
}

export function moderate(f: TextFeatures): Moderation {
  const l = lists();
  const text = normalizeForLists(f.lower);

  const spamHits = hits(l.spam, text);
  for (const re of SPAM_PATTERNS) {
    const m = re.exec(text);
    if (m) spamHits.push(m[0].trim());
  }
  let spam = spamHits.length * 2;
  if (f.urls > 0) spam += f.urls >= 2 ? 4 : 2;
  // A link plus an order to act on it is an advert, whatever the wording around it.
  if (f.urls > 0 && CALL_TO_ACTION.test(text)) spam += 2;
  // Messaging-app invitations and shortened links hide where they lead.
  if (MESSAGING_LINK.test(text)) {
    spam += 2;
    spamHits.push('messaging-app or shortened link');
  }
  const stuffed = stuffedWord(f.words);
  if (stuffed) {
    // Search-engine stuffing repeats one keyword through most of the text.
    spam += stuffed.share >= 0.3 && stuffed.count >= 5 && f.uniqueWordRatio > 0.35 ? 4 : 2;
    spamHits.push(`"${stuffed.word}" repeated`);
  }
  const phrase = stuffedPhrase(f.words);
  if (phrase && f.uniqueWordRatio > 0.35) {
    // A keyword phrase repeated three times is stuffing; four times or more, nothing else.
    spam += phrase.count >= 4 ? 4 : 2;
    spamHits.push(`"${phrase.phrase}" repeated`);
  }
  // A list of keywords rather than a sentence ('prediction prediction forecast future 2027 best
  // predictions top forecast …'): ten words or more, no function word, and three words (singular
  // and plural together) each there twice or more.
  if (keywordList(f.words, f.language)) {
    spam += 2;
    spamHits.push('a list of repeated keywords');
  }
  // Contact details plus an order to use them ('Call +1 … now', 'Escríbeme por DM', 'Пишите @…').
  const contact = f.phones > 0 || f.emails > 0 || f.handles > 0;
  if (contact && (CALL_TO_ACTION.test(text) || CONTACT_VERB.test(text))) spam += 2;
  if (f.phones > 0) spam += 2;
  if (f.emails > 0) spam += 2;
  // Congratulating or thanking a member by name is not promotion.
  if (f.handles > 0 && !/^\W*(?:congrats|congratulations|thanks|thank you|shout ?out)\b/u.test(text))
    spam += 1;
  if (f.hashtags >= 3) spam += 1;
  if (f.emojis >= 4) spam += 1;
  if (/\${2,}|💰{2,}|🚀{2,}/u.test(text)) spam += 1;
  if (spamHits.length > 0 && (f.upperRatio > 0.6 || f.maxExclamationRun >= 2)) spam += 1;

  const profanity = f.script === 'latin' ? profanityWords(l.profanity, f.text) : [];
  for (const m of text.matchAll(MASKED_SWEARING)) profanity.push(m[0]);
  for (const [re, slur] of MASKED_SLURS) if (re.test(text)) profanity.push(slur);
  const insults = insultHits(l.insults, text, INSULT_AIMED);
  const ofThings: string[] = [];
  const mild = insultHits(l.mildInsults, text, SECOND_PERSON, ofThings);
  // 'They're too stupid to …' insults a group: more than a stupid policy, less than 'you are'.
  const mildSaidOf =
    !mild.aimed && mild.found.length > 0 && insultHits(l.mildInsults, text, THIRD_PERSON).aimed;
  const degrading = insultHits(l.degrading, text, AIMED_OR_ADDRESSED);
  const degradingAddressed = degrading.aimed && insultHits(l.degrading, text, SECOND_PERSON).aimed;
  const harassment = hits(l.harassment, text);
  const threatHits = hits(l.threats, text);
  for (const re of VIOLENCE_PATTERNS) {
    const m = re.exec(text);
    if (m) threatHits.push(m[0].trim());
  }
  const slurHits = hits(l.slurs, text);
  const dehumanising: string[] = [];
  for (const re of DEHUMANISING_PATTERNS) {
    const m = re.exec(text);
    if (m) dehumanising.push(m[0].trim());
  }
  // Said of a people or a group ('these Afghans are like rats'), it is dehumanising on its own.
  if (dehumanising.length > 0 && GROUP_NAMES.test(text)) dehumanising.push('said of a group');
  const targeted = hits(l.targeting, text).length > 0 || f.handles > 0;
  // Mild adjectives ('stupid', 'useless') describe ideas and sites as often as people: 1 point each
  // unless addressed to someone.
  let abuse =
    (insults.found.length + harassment.length) * 2 +
    mild.found.length * (mild.aimed || mildSaidOf ? 2 : 1) +
    (threatHits.length + slurHits.length) * 4 +
    dehumanising.length * 2;
  // Trash, pigs, clowns: only an insult when said of someone, and abuse when said to someone.
  if (degrading.aimed) abuse += degradingAddressed ? 4 : 2;
  // An insult aimed at someone ('they are idiots', 'you are pathetic') is abuse on its own.
  if ((insults.found.length > 0 && insults.aimed) || (mild.found.length > 0 && mild.aimed)) abuse += 2;
  else if (EVERYONE_WHO.test(text) && insults.found.length + degrading.found.length > 0) {
    abuse += 2;
    if (!degrading.aimed && degrading.found.length > 0) abuse += 2;
  }
  for (const word of profanity) abuse += SLURS.has(word) ? 4 : 1.5;
  if (targeted && (insults.found.length > 0 || mild.found.length > 0 || profanity.length > 0)) abuse += 1.5;
  const abuseHits = [
    ...insults.found,
    ...mild.found,
    ...harassment,
    ...threatHits,
    ...slurHits,
    ...dehumanising,
  ];
  // 'The biggest losers of the election' is an outcome: degrading words alone don't cost quality.
  if (degrading.aimed && (abuseHits.length > 0 || degradingAddressed)) abuseHits.push(...degrading.found);

  const why: string[] = [];
  let gibberish = 0;
  const implausibleShare = f.checkedTokens ? f.implausibleTokens / f.checkedTokens : 0;
  if (f.implausibleTokens >= 1 && implausibleShare >= 0.4) {
    gibberish += 4;
    why.push(`${f.implausibleTokens} of ${f.checkedTokens} words are not pronounceable words`);
  } else if (f.implausibleTokens >= 2 && implausibleShare >= 0.25) {
    gibberish += 2;
    why.push('several words look like random letters');
  }
  if (f.placeholder) {
    gibberish += 4;
    why.push('placeholder or keyboard text');
  }
  if (f.words.length >= 5 && f.uniqueWordRatio <= 0.35) {
    gibberish += 4;
    why.push('the same few words repeated');
  } else if (sameWordFiller(f.words)) {
    gibberish += 4;
    why.push('one word typed over and over');
  } else {
    // 'predict predict 2027 2027': a few back-to-back repeats support other evidence; most of the
    // text repeating itself word by word is enough on its own.
    const repeats = adjacentRepeats(f.words);
    if (repeats >= 3 && repeats / f.words.length >= 0.3) {
      gibberish += 4;
      why.push('words repeated back to back');
    } else if (repeats >= 2) {
      gibberish += 2;
      why.push('words repeated back to back');
    }
  }
  const phraseRepeat = repeatedPhraseWords(f.words);
  if (phraseRepeat >= 4 && phraseRepeat / f.words.length >= 0.5) {
    gibberish += 4;
    why.push('a phrase typed twice in a row');
  }
  if (f.symbolRatio > 0.3) {
    gibberish += 4;
    why.push('mostly symbols rather than words');
  }
  if (f.randomCharacters) {
    gibberish += 4;
    why.push('random characters rather than words');
  }
  if (f.repeatedCharShare >= 0.3) {
    gibberish += 4;
    why.push('the same character typed over and over');
  }
  if (f.looseJamo) {
    gibberish += 4;
    why.push('Korean letters typed without forming syllables');
  }
  if (f.language === 'fa') {
    const broken = persianBrokenFuture(text);
    if (broken > 0) {
      gibberish += broken;
      why.push('a future auxiliary with no verb after it');
    }
  }
  if (f.letters < 4 && f.chars >= 10) {
    gibberish += 4;
    why.push('almost no letters');
  }
  // Vowel signs with no letter to carry them ('ौैाीू…'), which no word starts with.
  if ((f.text.match(STRAY_MARK) ?? []).length >= 2) {
    gibberish += 4;
    why.push('vowel signs with no letter to carry them');
  }
  // A run of four Chinese or Japanese characters or more typed twice, as most of a short text
  // with no punctuation ('阿斯顿发斯蒂芬阿斯顿发…': 'asdf' through a pinyin keyboard, twice).
  if (f.script === 'cjk' && repeatedCjkRun(f.text)) {
    gibberish += 4;
    why.push('the same characters typed twice');
  }
  // Chinese made mostly of the particles that hold a sentence together ('的了是在我有和就不…'),
  // with nothing for them to hold.
  if (f.language === 'zh' && particleSalad(f.text)) {
    gibberish += 4;
    why.push('only the words that join others');
  }
  // Seven words or more in Latin letters, in no language we read, with no punctuation,
  // digit or function word of any language ('fiets morgen paars verkiezing kaas wolk …'): a lean
  // toward word salad that the statistical model must support.
  if (
    f.script === 'latin' &&
    f.language === 'und' &&
    f.words.length >= 7 &&
    !/[\p{P}\p{N}]/u.test(f.text) &&
    !hasFunctionWord(f.words, f.language)
  ) {
    gibberish += 2;
    why.push('words with nothing joining them');
  }
  // Chinese or Japanese words set apart by spaces, as no sentence in those languages is
  // written ('桌子 飞翔 明天 的 蓝色 吃饭'): words picked at random, not a sentence.
  if (SPACED_CJK.test(f.text.trim())) {
    gibberish += 4;
    why.push('words set apart by spaces, in a language written without them');
  }
  if (f.language === 'en') {
    const salad = wordSalad(f.text);
    if (salad >= 2) {
      gibberish += 4;
      why.push('words in an order no sentence has');
    }
  }

  let machine = 0;
  const machineHits: string[] = [];
  for (const [phrase, re, weight] of present(l.machine, text)) {
    re.lastIndex = 0;
    if (re.test(text)) {
      machine += weight;
      machineHits.push(phrase);
    }
  }
  for (const [name, re, weight] of MACHINE_PATTERNS) {
    if (re.test(text)) {
      machine += weight;
      machineHits.push(name);
    }
  }
  // An essay's numbered points: two markers are a hint, three or more a structure, four or more
  // (an opening, two middles and a conclusion) a template.
  const markers = enumerationMarkers(text);
  if (markers >= 2) {
    machine += Math.min(4, markers);
    machineHits.push('numbered discourse markers');
  }
  if (INLINE_LIST.test(text)) {
    machine += 2;
    machineHits.push('inline numbered list');
  }
  // Field lines, and how many carry the labels an assistant's template uses.
  const fields = f.text.match(FIELD_LINE) ?? [];
  const templated = fields.filter((line) => TEMPLATE_LABEL.test(normalizeForLists(line))).length;
  if (fields.length >= 3 || templated >= 2) {
    machine += fields.length >= 3 && templated >= 2 ? 4 : 2;
    machineHits.push('labelled fields');
  }
  if (ANSWER_SHAPE.test(f.text)) {
    machine += 2;
    machineHits.push('an exclamation introducing a list');
  }
  // Markdown (bold, headings, lists) is how chat assistants format answers; a person typing into
  // a plain text box rarely writes it. Each kind of structure counts once.
  for (const [name, re] of MARKDOWN) {
    if (re.test(f.text)) {
      machine += 2;
      machineHits.push(name);
    }
  }

  return {
    spam: { score: spam, hits: spamHits },
    abuse: {
      score: abuse,
      hits: abuseHits,
      profanity,
      ...(abuse === 0 && ofThings.length > 0 ? { aimsAtThings: true } : {}),
    },
    gibberish: { score: gibberish, why },
    machine: { score: machine, hits: machineHits },
    vague: hits(l.vague, text),
    hedges: hits(l.hedges, text),
    certain: certainFlag(f, text, {
      slurs: slurHits.length,
      threats: threatHits.length,
      slurProfanity: profanity.some((w) => SLURS.has(w)),
    }),
  };
}
