import { SUGGESTION_POINTS, scoreCategories } from '#shared/rules/category-suggestion.ts';
import {
  type EnglishSignals,
  hasFutureVerb,
  isInterrogative,
  isPastStatement,
  NEWS_FLASH,
} from './english.ts';
import {
  FUTURE_MARKERS,
  NUMBER_WORDS,
  OPENING_FUNCTION_WORDS,
  OUTCOME_WORDS,
  PLACE_NAMES,
  RELATIVE_TIME,
} from './language.ts';
import { OPEN_TIME_TERMS } from './phrases.ts';
import type { Moderation } from './moderation.ts';
import { countQuantities, type TextFeatures } from './text-features.ts';
import type { Reason } from './types.ts';
import { unnamedSubject } from './unnamed-subject.ts';

// Every prediction starts here; the reasons add and subtract points on the 0..100 scale, so
// the quality percent is always BASE_POINTS plus the listed effects (then clamped).
export const BASE_POINTS = 0;

// Calibrated on the dev set's bands (eval/, docs/decisions/005): a claim about the future that
// names who or what, when and how much lands at 70 or more (the three plus the completeness bonus);
// missing one of them, or one of them vague, lands in 40-69; missing two or more, under 40.
const WEIGHTS = {
  futureStrong: 10,
  futureWeak: 8,
  notFuture: -15,
  aboutThePast: -10,
  question: -15,
  social: -15,
  timeBound: 20,
  quantity: 20,
  preciseOutcome: 20,
  comparative: 17,
  direction: 4,
  entity: 15,
  kind: 5,
  topic: 15,
  concrete: 15,
  complete: 15,
  tooShort: -10,
  goodLength: 5,
  detailed: 3,
  wellFormed: 2,
  calibrated: 2,
  hedgeEach: -5,
  hedgeMax: -10,
  vagueEach: -10,
  vagueMax: -10,
  shouting: -15,
  exclamations: -5,
  linkEach: -10,
  linkMax: -20,
  profanity: -15,
  machinePerPoint: -5,
  machineMax: -30,
  promotionalEach: -10,
  promotionalMax: -20,
  unreadablePerPoint: -10,
  unreadableMax: -40,
} as const;

type FutureOrientation = 'strong' | 'weak' | 'none' | 'unknown';

export interface QualityOutcome {
  reasons: Reason[];
  future: FutureOrientation;
  /** Why the text is not a claim about the future, or null when it is one. */
  notPrediction: string | null;
  /**
   * The 'not a prediction' call rests on positive evidence (a question, a greeting, a statement
   * about the past, talk about the site, a note to self), not only on finding no future marker:
   * then the statistical model may not overrule it (combine.ts).
   */
  notPredictionFirm: boolean;
  /** The text names a time frame still ahead (a future year, 'next season', 'within two years'). */
  ahead: boolean;
}

// Vague words that only leave the time open ('eventually', 'un jour', 'یه روزی'): one list with
// the other vague words (lexicon.ts).
const OPEN_TIME: ReadonlySet<string> = new Set(OPEN_TIME_TERMS);

// Yesterday, last night, last week or last year in the text's own language, in many
// languages (Swedish 'i går', Greek 'χθες', Hebrew 'אתמול', Japanese '昨日', Swahili 'jana' …), and
// for every language, including those whose future markers are too few to say anything.
const YESTERDAY =
  /(?<![\p{L}])(?:ieri|ayer|anoche|gestern|ontem|gisteren|gisteravond|wczoraj|вчера|учора|dün|kemarin|igår|i går|i förrgår|förra året|förra veckan|i fjor|včera|loni|minulý týden|tegnap|tavaly|hôm qua|năm ngoái|tuần trước|tahun lalu|minggu lalu|jana|mwaka jana|χθες|χτες|πέρσι|την περασμένη εβδομάδα|אתמול|בשנה שעברה|בשבוע שעבר|anul trecut|săptămâna trecută|hier soir|avant-hier|l'anno scorso|el año pasado|la semana pasada|l'année dernière|la semaine dernière|letztes jahr|letzte woche|ano passado|semana passada|vorig jaar|vorige week|w zeszłym roku|w zeszłym tygodniu|в прошлом году|на прошлой неделе|geçen yıl|geçen hafta|دیروز|دیشب|پارسال|سال گذشته|هفته گذشته|امس|العام الماضي|الأسبوع الماضي|पिछले साल|पिछले हफ्ते|เมื่อวาน|ปีที่แล้ว|গতকাল|গত বছর|গত সপ্তাহে)(?![\p{L}\p{M}])|昨日|昨夜|昨年|去年|先週|昨天|昨晚|上周|上個月|上个月|어제|작년|지난주/u;

// This morning, the time of a diary line ('আজ সকালে অফিসে যেতে দুই ঘণ্টা লেগেছে'), when
// nothing in the text points ahead; weaker than yesterday, since news of this morning may announce
// what comes ('Ce matin, la BCE annonce une baisse des taux en décembre').
const THIS_MORNING =
  /(?<![\p{L}])(?:আজ সকালে|heute morgen|heute früh|ce matin|esta mañana|stamattina|hoje de manhã|vanochtend|vanmorgen|dziś rano|dzisiaj rano|сегодня утром|bu sabah|امروز صبح|sáng nay|i morse|σήμερα το πρωί|הבוקר|आज सुबह)(?![\p{L}\p{M}])|今天早上|今朝|오늘 아침/u;

// A sentence ending in the past tense, in the languages that mark it at the end of the
// sentence ('会社に遅刻しました。', '비가 많이 왔어요.', 'সূর্যোদয় দেখলাম।'), every
// sentence of the text so.
const PAST_ENDINGS: Record<string, RegExp> = {
  ja: /(?:ました|でした|かった|だった|った)[。.!！、]*$/u,
  ko: /(?:었|았|했|였|웠)(?:다|어요|습니다|어|지)[.!。]*$/u,
  // Bengali's past tense ('দেখলাম', 'গিয়েছিলেন'), before the danda.
  bn: /(?:লাম|লেন|ছিল|ছিলাম|ছিলেন|ছিলো)[।.!]*$/u,
  // A Persian sentence closing on a verb in the past tense ('… سه برابر شد.'), not 'می‌شد'.
  fa: /(?<![\p{L}\u200c])(?:شد|بود|کرد|رفت|آمد|اومد|داد|گرفت|زد|دید|گفت|خورد|ماند|موند|رسید|افتاد|شدند|بودند|کردند|رفتند|شدیم|بودیم|کردیم|رفتیم|شدم|بودم|کردم|رفتم|دیدم)[.!؟]*$/u,
};
function pastEnding(f: TextFeatures): boolean {
  const ending = PAST_ENDINGS[f.language];
  if (!ending) return false;
  const sentences = f.text.split(/(?<=[。.!！?？।])\s*/u).filter((s) => /\p{L}/u.test(s));
  return sentences.length > 0 && sentences.every((s) => ending.test(s.trim()));
}

// A time frame in the text's own language, or in any language's words: a Portuguese
// or Romanian text taken for Spanish still says 'no ano que vem' or 'anul viitor'.
function relativeTimeOf(f: TextFeatures, text: string): RegExp | null {
  const own = RELATIVE_TIME[f.language];
  if (own?.test(text)) return own;
  for (const re of Object.values(RELATIVE_TIME)) if (re !== own && re.test(text)) return re;
  return null;
}

// Solar Hijri years (Iran's calendar) run 621 behind the Gregorian ones.
const HIJRI_OFFSET = 621;

function splitYears(f: TextFeatures, now: Date | undefined) {
  if (!now) return { future: [] as number[], past: [] as number[] };
  const year = now.getUTCFullYear();
  const gregorian = f.years.map((y) => (y < 1500 && f.language === 'fa' ? y + HIJRI_OFFSET : y));
  return { future: gregorian.filter((y) => y >= year), past: gregorian.filter((y) => y < year) };
}

// A date that has already passed ('in September 2025') is a time frame, but not one in the future.
// When every year in the text is past, a month on its own ('in September') belongs to that year.
const CALENDAR_DATE =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|(?:19|20|21)\d\d/u;

// Time frames that can date a past event as well as a future one ('on November 20, 2026', 'in
// July', 'this summer', 'tonight'): beside verbs in the past tense they say when something
// happened ('Made lasagna tonight, kids loved it').
const DATING =
  /^(?:(?:19|20|21)\d\d|(?:on\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b.*|(?:in|this)\s+\p{L}+|this (?:decade|century)|tonight)$/u;

function liveDeadlines(en: EnglishSignals, now: Date | undefined, allYearsPast: boolean): string[] {
  if (!now) return en.deadlines;
  const year = now.getUTCFullYear();
  return en.deadlines.filter((d) => {
    if (allYearsPast && CALENDAR_DATE.test(d)) return false;
    const years = d.match(/(?:19|20|21)\d\d/gu);
    return !years || years.some((y) => Number(y) >= year);
  });
}

// 'The debate on November 20, 2026 was a total mess': a date beside the past tense is when it
// happened, not a time frame for a forecast; a year after this one is always ahead.
// A season with nothing to say which one ('grows about 15 cm taller in summer') is the
// time of a habit, not a time frame.
const HABITUAL_SEASON = /^in (?:the )?(?:summer|winter|spring|autumn|fall)$/u;

function timeFrameAhead(en: EnglishSignals, deadlines: readonly string[], now: Date | undefined): boolean {
  const dating = (d: string) =>
    DATING.test(d) &&
    !(now && (d.match(/(?:19|20|21)\d\d/gu) ?? []).some((y) => Number(y) > now.getUTCFullYear()));
  const frames = deadlines.filter((d) => !HABITUAL_SEASON.test(d));
  return frames.length > 0 && !(en.pastTense > 0 && frames.every(dating));
}

function futureOf(
  f: TextFeatures,
  en: EnglishSignals | null,
  years: { future: number[]; past: number[] },
  now: Date | undefined,
): FutureOrientation {
  const futureYears = years.future;
  if (en) {
    const deadlines = liveDeadlines(en, now, years.past.length > 0 && years.future.length === 0);
    if (en.futureStrong > 0) return 'strong';
    if (futureYears.length > 0 && en.pastTense === 0) return 'strong';
    if (en.predictionVerb && (deadlines.length > 0 || futureYears.length > 0)) return 'strong';
    if (en.predictionVerb || en.possibility > 0 || en.futureCue) return 'weak';
    if (timeFrameAhead(en, deadlines, now)) return 'weak';
    return 'none';
  }
  if (futureYears.length > 0) return 'strong';
  const markers = FUTURE_MARKERS[f.language];
  const text = f.lower.replace(/\u200c/g, ' ');
  if (markers?.strong.test(text)) return 'strong';
  if (markers?.weak?.test(text)) return 'weak';
  // Yesterday in the text's own words, or the past tense closing every sentence, and none of its
  // future markers: a word that is a future marker elsewhere ('ieri sera', where French reads
  // 'sera') doesn't make it a forecast, checked before the languages we have few or no markers for.
  if (YESTERDAY.test(text) || pastEnding(f)) return 'none';
  const thisMorning = THIS_MORNING.test(text);
  if (!markers) return thisMorning ? 'none' : 'unknown';
  // A headline-style event outside English, a direction or outcome with a number
  // ('De huizenprijzen in Amsterdam stijgen nog minstens 10%'), is loosely future, as in English.
  const outcome = OUTCOME_WORDS[f.language];
  if (
    outcome &&
    years.past.length === 0 &&
    (f.numbers > 0 || f.hasPercent) &&
    (outcome.direction.test(text) || outcome.precise.test(text))
  )
    return 'weak';
  if (thisMorning) return 'none';
  // Where absence says nothing, a year that has passed does: 'În 2022 inflația … a depășit 16%'.
  if (markers.open) return years.past.some((y) => y >= 1900) ? 'none' : 'unknown';
  // A misread language (Spanish taken for Portuguese, English for Swedish) must not turn a
  // forecast into a flag: a future marker of any language keeps it a (loose) forecast. Japanese
  // and Korean are told by their own letters, and Chinese '会' inside '会社' is no future.
  if (f.language === 'ja' || f.language === 'ko') return 'none';
  return Object.values(FUTURE_MARKERS).some((m) => !m.open && m.strong.test(text)) || hasFutureVerb(text)
    ? 'weak'
    : 'none';
}

export function assessQuality(
  f: TextFeatures,
  en: EnglishSignals | null,
  mod: Moderation,
  now: Date | undefined,
): QualityOutcome {
  const reasons: Reason[] = [];
  const add = (code: string, label: string, effect: number) => reasons.push({ code, label, effect });
  const years = splitYears(f, now);
  const future = futureOf(f, en, years, now);
  // A time frame still ahead ('next election', 'within two years', 'l'année prochaine').
  const ahead =
    years.future.length > 0 ||
    (en
      ? timeFrameAhead(en, liveDeadlines(en, now, years.past.length > 0 && years.future.length === 0), now)
      : relativeTimeOf(f, f.lower.replace(/\u200c/g, ' ')) !== null);

  if (future === 'strong') add('future_oriented', 'Says what will happen', WEIGHTS.futureStrong);
  else if (future === 'weak') add('future_weak', 'Points to the future only loosely', WEIGHTS.futureWeak);
  else if (future === 'unknown')
    add('future_unchecked', `Future tense not checked for '${f.language}'`, WEIGHTS.futureWeak);
  else add('not_future', 'Nothing in it points to the future', WEIGHTS.notFuture);

  // Not when a year still ahead dates the claim ('… keep climbing all through winter 2027,
  // my café already warned us': the past is a side remark).
  const past =
    en !== null &&
    en.pastTense > 0 &&
    future !== 'strong' &&
    years.future.length === 0 &&
    (en.pastTime || years.past.length > 0);
  if (past) add('about_the_past', 'Describes something that already happened', WEIGHTS.aboutThePast);
  // 'Healthcare will probably improve??' is a doubtful claim, not a question.
  const question = f.questionOnly && !(en !== null && doubtfulClaim(f.lower));
  if (question) add('question', 'Asks a question instead of making a claim', WEIGHTS.question);
  const social = !question && greetsOrAsksOnly(f, years.future);
  if (social) add('social', 'Greets or asks instead of making a claim', WEIGHTS.social);

  const text = f.lower.replace(/\u200c/g, ' ');
  const timeBound = f.years.length > 0 || (en ? en.deadlines.length > 0 : relativeTimeOf(f, text) !== null);
  if (timeBound) add('time_bound', 'Has a time frame or date', WEIGHTS.timeBound);
  else add('no_time_frame', 'No time frame or date', 0);

  // Numbers inside a time frame ('within 5 years') date the claim; they don't measure it.
  const relative = en ? null : relativeTimeOf(f, text);
  const timeless = en ? en.timeless : relative ? text.replace(new RegExp(relative.source, 'gu'), ' ') : text;
  const numberWords = NUMBER_WORDS[f.language]?.test(timeless) ?? false;
  const quantity =
    countQuantities(timeless) > 0 ||
    f.hasPercent ||
    f.hasCurrency ||
    numberWords ||
    (en !== null && en.values > 0);
  const outcomeWords = OUTCOME_WORDS[f.language];
  const precise = en ? en.outcomes.length > 0 : (outcomeWords?.precise.test(text) ?? false);
  const direction = en ? en.directions.length > 0 : (outcomeWords?.direction.test(text) ?? false);
  if (quantity) add('measurable_quantity', 'Names a measurable quantity', WEIGHTS.quantity);
  else if (precise)
    add('precise_outcome', 'Names an outcome that either happens or not', WEIGHTS.preciseOutcome);
  else if (en && en.quantityWords.length > 0)
    add('comparative', 'Makes a checkable comparison', WEIGHTS.comparative);
  else if (direction) add('direction', 'Says which way, but not how much', WEIGHTS.direction);
  else add('not_measurable', 'Nothing to measure it by', 0);

  const entities = en ? en.entities : namedThings(f);
  const topic = en ? null : topicOf(f);
  // A short plain claim ('Gas prices will go up.': unhedged, not vague, a two-word subject or a
  // longer text) says what, which way and that it happens: no length penalty, a concrete subject.
  const plainClaim =
    en !== null &&
    en.subject !== null &&
    future === 'strong' &&
    en.possibility === 0 &&
    mod.hedges.length === 0 &&
    mod.vague.length === 0 &&
    (en.subjectWords >= 2 || f.effectiveLength >= 30) &&
    (quantity || precise || direction || en.quantityWords.length > 0);
  const unnamed = unnamedSubject(f.text, f.language);
  if (unnamed) add('unnamed_subject', `Names a kind of subject, not which one (${unnamed})`, WEIGHTS.kind);
  else if (entities.length > 0)
    add('specific', `Names who or what (${entities.slice(0, 3).join(', ')})`, WEIGHTS.entity);
  else if (topic) add('specific_topic', `Names a concrete topic (${topic})`, WEIGHTS.topic);
  else if ((en ? en.nouns >= 3 : f.effectiveLength >= 40) && !mod.gibberish.score)
    add('concrete', 'Has a concrete subject', WEIGHTS.concrete);
  else if (plainClaim && !mod.gibberish.score)
    add('concrete', `Has a concrete subject (${en?.subject})`, WEIGHTS.concrete);
  else add('no_specifics', 'Does not name who or what', 0);

  if (f.effectiveLength < 30 && !plainClaim) add('too_short', 'Very short', WEIGHTS.tooShort);
  else if (f.effectiveLength >= 60 && f.effectiveLength <= 300)
    add('good_length', 'Enough detail to judge', WEIGHTS.goodLength);
  else if (f.effectiveLength > 300) add('detailed', 'Detailed', WEIGHTS.detailed);
  if (f.wellFormed && f.upperRatio <= 0.6)
    add('well_formed', 'Written as a proper sentence', WEIGHTS.wellFormed);

  if (en?.calibrated) add('calibrated', 'States how likely it is', WEIGHTS.calibrated);
  if (mod.hedges.length > 0)
    add(
      'hedged',
      `Hedged (${mod.hedges.join(', ')})`,
      Math.max(WEIGHTS.hedgeMax, WEIGHTS.hedgeEach * mod.hedges.length),
    );
  // 'Brent will fall under $60 at some point': an open time frame already earns no time-frame
  // points, so it only counts as vague when the claim has no number or date to check either. Vague
  // wording costs one piece's worth at most, and the completeness bonus.
  const vague = quantity || timeBound ? mod.vague.filter((v) => !OPEN_TIME.has(v)) : mod.vague;
  if (vague.length > 0)
    add(
      'vague',
      `Vague wording (${vague.join(', ')})`,
      Math.max(WEIGHTS.vagueMax, WEIGHTS.vagueEach * vague.length),
    );
  const named = reasons.some(
    (r) => r.code === 'specific' || r.code === 'specific_topic' || r.code === 'concrete',
  );
  if (future !== 'none' && timeBound && (quantity || precise) && named && vague.length === 0)
    add('complete', 'Says who or what, when and how much: checkable', WEIGHTS.complete);
  if (f.upperRatio > 0.6) add('shouting', 'Written in capitals', WEIGHTS.shouting);
  if (f.maxExclamationRun >= 3) add('exclamations', 'Strings of exclamation marks', WEIGHTS.exclamations);
  if (f.urls > 0) add('links', 'Contains links', Math.max(WEIGHTS.linkMax, WEIGHTS.linkEach * f.urls));
  if (mod.abuse.profanity.length > 0 || mod.abuse.hits.length > 0)
    add('profanity', 'Profanity or insults', WEIGHTS.profanity);
  if (mod.machine.score > 0)
    add(
      'stock_phrasing',
      `Stock AI phrasing (${mod.machine.hits.slice(0, 3).join(', ')})`,
      Math.max(WEIGHTS.machineMax, WEIGHTS.machinePerPoint * mod.machine.score),
    );
  if (mod.spam.hits.length > 0 || f.phones > 0 || f.emails > 0)
    add(
      'promotional',
      'Promotional wording or contact details',
      Math.max(WEIGHTS.promotionalMax, WEIGHTS.promotionalEach * Math.max(1, mod.spam.hits.length)),
    );
  if (mod.gibberish.score > 0)
    add(
      'unreadable',
      `Hard to read (${mod.gibberish.why.join('; ')})`,
      Math.max(WEIGHTS.unreadableMax, WEIGHTS.unreadablePerPoint * mod.gibberish.score),
    );
  if (!en && f.language !== 'und')
    add('language_neutral', `Scored on language-neutral signals ('${f.language}')`, 0);

  let notPrediction: string | null = null;
  let firm = true;
  const siteTalk =
    years.future.length === 0 &&
    ((future !== 'strong' &&
      (en !== null
        ? SITE_TALK.test(f.lower) || QUOTATION.test(f.text)
        : (SITE_TALK_OTHER.test(text) && /[?؟？]/u.test(text)) || THIS_SITE_OTHER.test(text))) ||
      SITE_COMPLAINT_OTHER.test(text));
  if (f.chars === 0) notPrediction = 'It is empty.';
  else if (question) notPrediction = 'It asks a question rather than stating what you expect to happen.';
  else if (social) notPrediction = 'It greets or asks rather than stating what you expect to happen.';
  // Outside English a year is the only date we can read: one that is still ahead keeps the text a
  // forecast, one that has passed ('In 2021 werd …') doesn't.
  else if (
    future === 'none' &&
    !(en === null && f.years.length > 0 && (!now || years.past.length < f.years.length))
  ) {
    notPrediction = 'Nothing in it says what will happen: no future tense, forecast or future date.';
    // A past tense dated in the past, or only past years outside English, is positive evidence.
    firm =
      (en !== null &&
        en.pastTense > 0 &&
        (en.pastTime || years.past.length > 0 || en.deadlines.length > 0)) ||
      (en === null && years.past.length > 0 && years.future.length === 0) ||
      siteTalk ||
      (en !== null &&
        (CURRENT_STATE.test(f.lower) || DIARY_OPENING.test(f.lower) || NEWS_FLASH.test(f.lower))) ||
      // Yesterday or last year in the text's own language ('Ayer fui …', 'پارسال … بود').
      (en === null &&
        (YESTERDAY.test(text) || THIS_MORNING.test(text) || TODAY_OPENING.test(text) || pastEnding(f)));
  } else if (past) notPrediction = 'It describes something that has already happened.';
  else if (years.future.length === 0 && future !== 'strong' && DEAR_DIARY.test(f.lower))
    notPrediction = 'It is a diary entry rather than a forecast.';
  else if (siteTalk)
    notPrediction =
      en === null || SITE_TALK.test(f.lower)
        ? 'It talks about the site rather than about what will happen.'
        : 'It quotes someone rather than stating what you expect to happen.';
  else if (
    years.future.length === 0 &&
    (NOTE_TO_SELF.test(text) ||
      (en !== null ? ownPlans(f.lower, en) : OWN_PLANS_OTHER.test(text) && !/\d/u.test(text)))
  )
    notPrediction = 'It is a note about your own plans rather than a forecast.';
  return { reasons, future, ahead, notPrediction, notPredictionFirm: notPrediction !== null && firm };
}

// 'My prediction' in the other languages members write in (with the Persian suffix forms).
const MY_PREDICTION_OTHER =
  'mijn voorspelling|meine prognose|meine vorhersage|mi predicción|mi pronóstico|ma prédiction|la mia previsione|minha previsão|мой прогноз|پیش بینیم|پیش بینی من|پیش بینی ام|پیش بینی هام|پیش بینی هایم|moja prognoza|min förutsägelse|min prognos';

// Site talk in the other languages members write in: the site, or 'my prediction', in a text that
// asks or complains ('Waarom kan ik mijn voorspelling niet meer bewerken?', 'چرا سایت اینقدر کنده؟').
const SITE_TALK_OTHER = new RegExp(
  `(?<![\\p{L}])(?:سایت|diese seite|diese website|deze site|deze website|este sitio|esta web|esta página|ce site|questo sito|este site|esta página|этот сайт|сайт|bu site|${MY_PREDICTION_OTHER}|den här sidan|tämä sivusto)(?![\\p{L}])`,
  'u',
);

// This site, named as such, in a text with no firm future ('سجلت في هذا الموقع منذ ثلاثة
// أشهر …'), as English 'this site' is: a complaint needs no question mark.
const THIS_SITE_OTHER =
  /(?<![\p{L}])(?:هذا الموقع|این سایت|diese seite|diese website|deze site|deze website|este sitio|esta web|ce site|questo sito|este site|этот сайт|этом сайте|bu site|bu sitede|den här sidan|tämä sivusto|ta strona|tej stronie|tento web|trang web này|situs ini|האתר הזה)(?![\p{L}])/u;

// A diary entry ('Dear diary, tomorrow is my job interview …').
const DEAR_DIARY =
  /^\W*(?:dear diary|querido diario|querido diário|cher journal|liebes tagebuch|caro diario|lief dagboek|drogi pamiętniku|дорогой дневник|sevgili günlük)(?![\p{L}])/u;

// Asking why the site fails, outside English, whatever else the complaint says ('چرا سایت هی
// خطا میده؟ سه بار پیش‌بینیم رو فرستادم', 'למה האתר כל כך איטי היום?'): 'my prediction' is no forecast.
// Also why one's own prediction fails ('چرا پیش‌بینی من هنوز تأیید نشده؟').
const SITE_COMPLAINT_OTHER = new RegExp(
  `(?<![\\p{L}])(?:چرا|warum|wieso|pourquoi|por qué|porque|perché|waarom|dlaczego|czemu|почему|neden|למה|لماذا|kenapa|mengapa|tại sao|varför|γιατί)\\s(?:[^?؟？]{0,25}\\s)?(?:سایت|این سایت|die seite|die website|diese seite|le site|ce site|el sitio|la web|esta web|il sito|o site|de site|de website|strona|сайт|site|האתר|الموقع|situs|trang web|webbplatsen|sidan|η σελίδα|η ιστοσελίδα|${MY_PREDICTION_OTHER})(?![\\p{L}])[^?؟？]{0,60}[?؟？]`,
  'u',
);

// A diary line that drops its subject and opens on a past-tense verb ('Spent all night
// trying to debug …', 'Went to the market and …'); 'Spent fuel …' is not one.
const DIARY_OPENING =
  /^\W*(?:spent|went|had|got|finished|started|tried|bought|took|saw|watched|met|visited|lost|found|ate|woke up|slept|stayed|worked|came|drove|walked|cooked|cleaned|fixed|played|cried|laughed)\s+(?:the|a|an|my|our|all|some|to|up|out|home|back|into|through|with|off|in|at|on|for|way|too|so|this|that|today|yesterday|last|every|whole)\b/u;

// A figure reported as it stands ('Unemployment is at 4.4% according to the latest report').
const CURRENT_STATE =
  /\baccording to (?:the |a |new |latest |recent )*(?:report|data|figures|survey|poll|statistics|numbers)\b|\b(?:currently|as of (?:today|now|this week|this month)|right now|at the moment)\b|\b(?:has|have) been \p{L}+ing\b[^.!?]{0,60}\b(?:for (?:a while|a long time|months|years|weeks|ages|some time)|lately|recently|since \p{L}+)\b/u;

// A note to oneself ('note to self: renew passport next month').
const NOTE_TO_SELF =
  /^\W*(?:note to self|reminder to self|remind me to|memo to self|to-?do(?: list)?\s*:|nota para mí|notiz an mich|note à moi-même|promemoria per me|nota para mim|یادم باشه|یادم بمونه)(?![\p{L}])/u;

// The writer's own plans ('Finally finished my thesis draft today. Gonna celebrate with pizza
// tomorrow'): every future verb is 'I'll', 'I'm going to' or a sentence opening on 'gonna', with
// no number and no forecasting or hedging word, and the text talks about the writer's day.
const FIRST_PERSON_FUTURE =
  /\b(?:i'll|i will|i won't|i will not|i'm (?:not )?going to|i am (?:not )?going to|i'm (?:not )?gonna|im (?:not )?gonna|i'm about to)\b|(?:^|[.!?,]\s+)(?:just\s+)?(?:gonna|going to)\s/gu;
function ownPlans(lower: string, en: EnglishSignals): boolean {
  if (en.predictionVerb || en.possibility > 0 || /\d/u.test(lower)) return false;
  // The writer's day told in the present ('Tomorrow I'm taking my kids to the zoo').
  if (en.futureStrong === 0) return PRESENT_PLAN.test(lower);
  const mine = lower.match(FIRST_PERSON_FUTURE)?.length ?? 0;
  return (
    mine >= en.futureStrong &&
    (/\b(?:my|today|tonight|tomorrow|this (?:weekend|week|evening|morning)|at work|after work|office|bed|sleep|dinner|lunch|every (?:morning|day|night|evening)|(?:start|stop|quit) \w+ing)\b/u.test(
      lower,
    ) ||
      en.pastTense > 0)
  );
}

// 'Tomorrow I'm taking my kids to the zoo', 'Tonight we're having friends over': a time of the
// writer's own week, then 'I'm' and a verb in -ing, or 'we're' and an errand ('Tonight we're
// winning the derby' is a fan's forecast), in one sentence.
const PRESENT_PLAN =
  /^\W*(?:tomorrow|tonight|this (?:weekend|evening|afternoon)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\W+(?:(?:i['’]m|i am|im)\s+\p{L}+ing|(?:we['’]re|we are)\s+(?:taking|having|going|visiting|heading|driving|flying|moving|staying|eating|celebrating|meeting|hosting|cooking))\b[^.!?]*[.!]?\s*$/u;

// The writer's own plans in other languages: tomorrow or tonight, then a first-person verb
// ('فردا با خانواده می‌رویم شمال', 'Mañana voy a llevar a los niños al zoo', 'Demain je vais …').
const OWN_PLANS_OTHER =
  /^\W*(?:(?:فردا|امشب|پس فردا|آخر هفته|این آخر هفته)(?![\p{L}])[^.!?؟]*\sمی (?:رویم|ریم|روم|رم|خوام|خواهم|کنیم|کنم)(?![\p{L}])|(?:mañana|esta noche|este finde|este fin de semana)\s+(?:voy|vamos)\s+a\s|(?:demain|ce soir|ce week-end)\s+(?:je vais|on va|nous allons)\s|(?:domani|stasera)\s+(?:vado|andiamo)\s|(?:amanhã|hoje à noite)\s+(?:vou|vamos)\s|(?:morgen|heute abend)\s+(?:gehe|fahre|gehen|fahren)\s+(?:ich|wir)\s)/u;

// Greetings, self-introductions and questions about the site, in the languages members write in.
const TODAY_WORDS =
  "(?<![\\p{L}])(?:today|vandaag|heute|aujourd'hui|hoy|oggi|hoje|dziś|dzisiaj|bugün|сегодня|امروز|اليوم|σήμερα|היום|hari ini|hôm nay|leo|आज)(?![\\p{L}])|今日|今天|오늘";
const TODAY = new RegExp(TODAY_WORDS, 'u');
// Outside English, a text that opens on 'today' with no future marker reports the day
// ('Hôm nay Sài Gòn mưa to quá …').
const TODAY_OPENING = new RegExp(`^\\W*(?:${TODAY_WORDS})`, 'u');
const SOCIAL =
  /^(?:hi|hello|hey|hiya|greetings|good (?:morning|evening|afternoon)|congrats|congratulations|salut|bonjour|hola|hallo|ciao|olá|oi|merhaba|selam|selamlar|herkese merhaba|привет|всем привет|здравствуйте|سلام|درود|مرحبا|السلام علیکم|السلام عليكم|habari|hujambo|jambo|salamu|halo|hai semua|cześć|witam|hej|hei|moikka|huomenta|hyvää huomenta|hyvää päivää|hyvää iltaa|god morgen|godmorgen|god morgon|goddag|god aften|god kväll|hoi|ahoj|goedemorgen|goedemiddag|goedenavond|guten morgen|guten tag|guten abend|moin|buongiorno|buonasera|bom dia|boa tarde|boa noite|buenos días|buenas tardes|buenas noches|bonsoir|dzień dobry|günaydın|доброе утро|добрый день|добрый вечер|صبح بخیر|صباح الخير|καλημέρα|בוקר טוב|selamat pagi|chào buổi sáng|xin chào|γεια|שלום|नमस्ते|안녕하세요)(?![\p{L}])|^(?:สวัสดี|はじめまして|こんにちは|大家好|你好)|(?<![\p{L}])(?:ยินดีที่ได้รู้จัก|i (?:just|have just|'ve just) joined|just joined|i'm new here|i am new here|new here|first post|excited to be here|thanks for having me|تازه عضو شدم|تازه اومدم|من جدیدم|اولین پستمه|je suis nouveau|je suis nouvelle|je viens de m'inscrire|soy nuevo|soy nueva|acabo de unirme|ich bin neu|yeni üye oldum|yeni katıldım|أنا جديد|sono nuovo|sono nuova|sou novo aqui|sou nova aqui|ik ben nieuw|я новенький|я новенькая|я новичок|я тут новый|saya baru di sini|saya baru gabung|jestem nowy|jestem nowa|mimi ni mgeni|nimefurahi kujiunga|よろしくお願いします|我是新来的|처음 왔어요)(?![\p{L}])/u;

// A remark of a few words with no claim in it ('Genuinely curious.', 'Just wondering.'); an answer
// to the question ('Definitely.', 'No way.', 'I think so.', 'Nah.') is a claim.
const ANSWER =
  /\b(?:yes|yeah|yep|yup|nah|naw|definitely|absolutely|certainly|surely|of course|for sure|no|nope|never|no way|maybe|probably|likely|unlikely|doubt|think so|bet|guarantee\p{L}*|easily|obviously|clearly)\b/u;
// Asking the readers what they think ('Curious what you guys think.', 'Let me know your thoughts.').
const OPINION_REQUEST =
  /^(?:(?:genuinely|just|really|so|i'm|i am)\s+)?(?:curious (?:what|how|if)|what do (?:you|u|y'all)\b|(?:any|your|ur) thoughts|thoughts|let me know|tell me what|i'd love to hear|i would love to hear|interested to hear|want to hear|opinions)\b/u;
// After a question, saying what one can't find ('Can't find the deadline anywhere.').
const LOOKING_FOR =
  /^\W*(?:i\s+)?(?:can't|cannot|can not|couldn't|could not)\s+(?:find|see|locate|figure out)\b/u;

function isRemark(sentence: string): boolean {
  if ((OPINION_REQUEST.test(sentence) || LOOKING_FOR.test(sentence)) && !hasFutureVerb(sentence)) return true;
  const words = sentence.match(/[\p{L}']+/gu) ?? [];
  return (
    words.length > 0 &&
    words.length <= 4 &&
    !/\d/u.test(sentence) &&
    !ANSWER.test(sentence) &&
    !hasFutureVerb(sentence)
  );
}

// Talk about the site itself ('This site's scoring is broken, my last prediction got 12%'), and
// quotations with their author ('"The best way to predict the future is to invent it." — Alan Kay').
const SITE_TALK =
  /\b(?:this|the) (?:site|website|app|platform|forum)(?:'s)?\b|\bmy (?:last|previous|latest|first) (?:prediction|post)\b|\b(?:the )?(?:mods|moderators|admins)\b/u;
const QUOTATION = /^["“«„][^"”»]{10,}["”»]\s*[—–-]+\s*\p{L}/u;

function sentenceHasFuture(sentence: string, language: string): boolean {
  if (language === 'en') return hasFutureVerb(sentence);
  return FUTURE_MARKERS[language]?.strong.test(sentence) ?? false;
}

// Words that say which way a doubtful sentence leans: a claim, even when it opens like a question.
// Also a rhetorical question that takes its answer for granted ('Isn't it obvious …?').
const LEANS =
  /\b(?:probably|likely|i think|i guess|i bet|my guess|my bet|i reckon|isn't it (?:obvious|clear)|obviously|surely)\b/u;

// A claim written with doubt, not a question: 'I feel like things might get better?'.
// also when it opens like a question but says which way it leans ('Could go up, could go down, but
// probably up a bit?'). It also decides whether a text of questions only is one ('i think
// stuff might happen soon-ish??').
function doubtfulClaim(sentence: string): boolean {
  return (
    (!isInterrogative(sentence) || LEANS.test(sentence)) &&
    (hasFutureVerb(sentence) || /\b(?:might|could|may)\b/u.test(sentence))
  );
}

// Every sentence is a question or a greeting/self-introduction with nothing about the future in it
// (not even a year still ahead: 'Hello everyone, I think rates fall in 2027.').
function greetsOrAsksOnly(f: TextFeatures, futureYears: readonly number[]): boolean {
  const yearAhead = (s: string) => futureYears.some((y) => s.includes(String(y)));
  const sentences = f.lower
    .replace(/\u200c/g, ' ')
    .split(/(?<=[.!?؟。！？\n])\s*/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
  if (sentences.length === 0) return false;
  let social = 0;
  let asked = 0;
  let past = 0;
  let remarks = 0;
  for (const s of sentences) {
    if (/[?؟？]\s*$/u.test(s)) {
      if (f.language === 'en' && doubtfulClaim(s)) return false;
      asked++;
      continue;
    }
    if (SOCIAL.test(s) && !sentenceHasFuture(s, f.language) && !yearAhead(s)) social++;
    // Beside a greeting, a remark about today ('Lekker weertje vandaag in Utrecht').
    else if (social > 0 && TODAY.test(s) && !sentenceHasFuture(s, f.language)) remarks++;
    // 'Why was my last prediction flagged? It was totally fine.': asks, then looks back.
    else if (f.language === 'en' && isPastStatement(s)) past++;
    // 'What will eggs cost in 2028? Genuinely curious.': asks, then a remark that answers nothing.
    else if (f.language === 'en' && isRemark(s)) remarks++;
    else return false;
  }
  return social > 0 || (asked > 0 && (past > 0 || remarks > 0));
}

// The keyword lists know Persian as well as English: a strong topic word stands in for the
// proper nouns that Arabic script doesn't mark with capitals.
function topicOf(f: TextFeatures): string | null {
  if (f.script !== 'arabic') return null;
  const best = scoreCategories(f.text).reduce((a, b) => (b.score > a.score ? b : a));
  return best.score >= SUGGESTION_POINTS.primary ? best.matches.slice(0, 2).join(', ') : null;
}

// Capitalised words in scripts that have capitals (the first word too, unless it is a
// determiner or pronoun), and known place names in scripts that don't.
function namedThings(f: TextFeatures): string[] {
  const places = PLACE_NAMES[f.language]?.exec(f.text);
  if (places) return [places[0]];
  // Greek has capitals too ('Ο Ολυμπιακός θα πάρει το πρωτάθλημα').
  if (f.script !== 'latin' && f.script !== 'cyrillic' && f.language !== 'el') return [];
  return f.text
    .split(/(?<=[.!?;:])\s+/u)
    .flatMap((sentence) => sentence.split(/\s+/u).map((w, i) => [w, i] as const))
    .filter(
      ([w, i]) =>
        /^\p{Lu}[\p{L}\d&'’-]*[\p{L}\d][.,;:!?)]*$/u.test(w) &&
        (i > 0 || !OPENING_FUNCTION_WORDS.has(w.toLowerCase().replace(/['’].*$/u, ''))),
    )
    .map(([w]) => w.replace(/(?<![.,;:!?)])[.,;:!?)]+$/u, ''));
}
