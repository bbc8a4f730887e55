import nlp from 'compromise/two';

// English grammar signals from compromise's lexicon (24k words tagged with tense, number words,
// places, organisations, people) plus our own patterns. The full tagger pass (nlp(text)) was
// measured at 0.3-3 ms a text and, through its allocations, pushed p99 scoring time to 5-20 ms;
// compromise-dates tripled it again. A lexicon lookup per token keeps the knowledge and costs
// microseconds; the deadline patterns below answer the only date question we ask: is there a
// time frame to check the claim against.
export interface EnglishSignals {
  futureStrong: number;
  predictionVerb: boolean;
  possibility: number;
  deadlines: string[];
  /** The text with its time frames blanked out, so 'within two years' isn't read as a quantity. */
  timeless: string;
  pastTense: number;
  pastTime: boolean;
  values: number;
  entities: string[];
  nouns: number;
  quantityWords: string[];
  outcomes: string[];
  directions: string[];
  calibrated: boolean;
  /** Words that point ahead without a future verb ('maybe', 'soon', 'coming', 'in for a'). */
  futureCue: boolean;
  /** The head of the subject before the future verb ('prices' in 'Gas prices will go up'), if plain. */
  subject: string | null;
  /** Content words in that subject ('gas prices': 2). */
  subjectWords: number;
}

const LEXICON = (nlp.model() as { one: { lexicon: Record<string, string | undefined> } }).one.lexicon;
const tagsOf = (word: string): string => LEXICON[word] ?? '';

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const COUNT =
  '(?:\\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|thirty|fifty|a few|few|several|a couple of)';
const UNIT = '(?:days?|weeks?|months?|quarters?|years?|decades?|seasons?)';
const PERIOD = '(?:year|month|week|decade|century|quarter|season|summer|winter|spring|autumn|fall)';

// A time frame somebody could check the claim against.
const DEADLINE_PATTERNS: readonly RegExp[] = [
  /\b(?:19|20|21)\d\d\b/u,
  new RegExp(`\\b${MONTH}\\s+(?:\\d{1,2}(?:st|nd|rd|th)?,?\\s+)?(?:19|20|21)\\d\\d\\b`, 'u'),
  /\b(?:q[1-4]|h[12]|fy)\s*(?:of\s+)?'?(?:20)?\d\d\b/u,
  new RegExp(`\\bwithin\\s+(?:the\\s+)?(?:next\\s+)?${COUNT}\\s+${UNIT}\\b`, 'u'),
  new RegExp(`\\b(?:in|over|during)\\s+the\\s+(?:next|coming)\\s+(?:${COUNT}\\s+)?${UNIT}\\b`, 'u'),
  new RegExp(`\\bin\\s+${COUNT}\\s+${UNIT}(?:'?\\s+time)?\\b`, 'u'),
  new RegExp(
    `\\b(?:by|before|until)\\s+(?:the\\s+)?(?:end|middle|start|beginning|close)\\s+of\\s+(?:the\\s+|this\\s+|next\\s+)?${PERIOD}\\b`,
    'u',
  ),
  new RegExp(
    `\\b(?:by|before|until|in|this|next)\\s+(?:${MONTH}|${PERIOD}|christmas|easter|new year)\\b`,
    'u',
  ),
  /\b(?:next|coming|upcoming|following)\s+(?:\p{L}+\s+){0,2}(?:election|elections|olympics|world cup|cup|season|quarter|budget|census|summit|final|tournament|championship|games|fiscal year|academic year)\b/u,
  /\b(?:tomorrow|tonight|this decade|this century)\b/u,
];
// 'will' as a verb: not 'political will', 'free will', 'the will of the people'.
const FUTURE =
  /(?<!\b(?:the|a|political|free|good|ill|own|his|her|their|our|your|its|of)\s)\b(?:will|shall|'ll|won't|wont|wil|wll|willl)\s+(?:not\s+|never\s+)?(?:\p{L}+ly\s+)?\p{L}+|\bgoing\s+to\s+(?:\p{L}+ly\s+)?\p{L}+|\b(?:gonna|gona|gunna)\s+\p{L}+|\b(?:is|are|am|be|was|were|'s|'re|seems?)\s+(?:\p{L}+ly\s+)?(?:expected|likely|set|poised|projected|forecast|due|bound|slated|scheduled|certain|sure|about|on track|on course)\s+to\b/gu;
const PAST_TIME =
  /\b(?:last|previous)\s+(?:year|month|week|decade|season|quarter|night)\b|\b(?:yesterday|ago|already|used to|back in|so far)\b/u;
const QUANTITY_WORDS =
  /\b(?:double|doubles|doubled|triple|triples|halve|halves|half|twice|most|majority|minority|exceed|exceeds|surpass|surpasses|overtake|overtakes|outsell|outsells|outperform|outperforms|outnumber|at least|at most|more than|less than|fewer than|above|below|record|all-time high|all-time low|top \d+|highest|lowest|largest|biggest|(?!(?:rath|oth|howev)er\b)\p{L}{3,}er than)\b/gu;
// Outcomes that either happen or don't (precise), and movements without a size (direction).
const PRECISE_OUTCOMES =
  /\b(?:win|wins|lose|loses|pass|passes|ban|bans|approve|approves|launch|launches|release|releases|legali[sz]e|legali[sz]es|elect|elects|default|defaults|merge|merges|acquire|acquires|collapse|collapses|announce|announces|sign|signs|join|joins|leave|leaves|qualify|qualifies|resign|resigns|shut down|go bankrupt|ipo|force|forces|introduce|introduces|abolish|abolishes|adopt|adopts|invade|invades|retire|retires|land|lands|host|hosts|hold|holds|split|splits|file|files|declare|declares|peak|peaks|operate|operates|overtake|overtakes|crown|crowned|beat|beats|defeat|defeats|take back|takes back|retake|retakes|won by|step down|steps down|go public|goes public|scrap|scraps|scrapped|repeal|repeals|repealed|reverse|reverses|reversed|require|requires|slip to|slips to|delay|delays|delayed|carry out|carries out|fly|flies|rejoin|rejoins|apply to rejoin|sell out|sells out|(?:close|closes|finish|finishes|end|ends) (?:above|below|under|over|outside|inside|top|bottom|first|last)|impeach|impeached|relegated|promoted|sack|sacks|sacked|fire|fires|fired|unveil|unveils|(?:start|stop|begin|end)\s+\p{L}+ing|(?:be|become)\s+(?:legal|illegal|banned|mandatory|standard|law|free|compulsory|approved|abolished|elected|crowned|released|launched|phased out|cancell?ed|bankrupt|extinct|obsolete)|phased out)\b/gu;
const DIRECTIONS =
  /\b(?:raise|raises|cut|cuts|hike|hikes|fall|falls|rise|rises|reach|reaches|hit|hits|drop|drops|grow|grows|shrink|shrinks|decline|declines|increase|increases|decrease|decreases|crash|crashes|recover|recovers|replace|replaces|go up|go down|come down|come back|make a comeback|comeback|disappear|disappears|vanish|vanishes|die out|take over|get\s+(?!better\b|worse\b)(?:\p{L}{3,}er|more\s+\p{L}+|less\s+\p{L}+)|(?:keep|continue)\s+(?:to\s+)?\p{L}+(?:ing)?|(?:more|fewer|less)\s+\p{L}{3,})\b/gu;
const PREDICTION_VERBS =
  /\b(?:predict|predicts|prediction|forecast|forecasts|expect|expects|anticipate|foresee|bet|wager|projected|estimate|my guess is|i think|i believe|i reckon|reckon|pretty sure|bullish on|bearish on|to the moon|mark my words|calling it|watch this space|book it|lock it in|mark it down|screenshot this|you heard it here first|bank on it|take it to the bank|put (?:my |good |real |serious |some |big )?money on (?:it|that|this)|just watch|just you wait|you'll see|you will see|wait and see)\b/u;
const FUTURE_CUES =
  /\b(?:maybe|perhaps|possibly|soon|someday|some day|eventually|one day|sooner or later|coming|ahead|upcoming|on the way|on the horizon|in for a|in for an|stay tuned|in the future|in the long run|down the road|years to come|at some point|before long|any day now|about to|the future (?:is|belongs to|looks)|heading (?:into|for|towards?|higher|lower|up|down|north|south)|headed (?:into|for|towards?|higher|lower|up|down|north|south)|not happening|ain't happening|never happening|no way (?!i\b|we\b|to\b)\p{L}+ \p{L}+|(?:is|are|'s|'re) the future|(?:is|are|'s|'re)\s+(?:only|still|just|definitely|clearly)\s+(?:ever\s+)?going\s+(?:up|down|higher|lower|one way)|from here on|from now on|for (?:years|decades) to come)\b/u;
// 'The next Pixar film makes over $1B': an event not yet come, when nothing in the text is past.
const NEXT_THING = /\b(?:the|their|his|her|its|our) next (?!(?:day|morning|night|evening)\b)\p{L}{3,}/u;
// A headline-style claim: an event in the present tense with nothing tying it to now ('Ireland
// qualifies for a World Cup finally', 'Japan's population drops below 120 million'). On a forecasting
// site that is a forecast written the way headlines write the future; a habit ('every year'), a
// moment ('today', 'now') or a person speaking ('I win') makes it something else.
const HEADLINE_EVENT =
  /\b(?:wins|qualifies|beats|defeats|overtakes|surpasses|clinches|lifts the|goes bankrupt|goes public|(?:drops|falls|dips|sinks) below|(?:rises|climbs|jumps) above|(?:stays|remains|holds|stay|remain) (?:above|below|under|over)|(?:goes|go) (?:up|down)|comes back|bounces back|makes a comeback|doubles|triples|halves|gets? (?:relegated|promoted|elected|re-elected|impeached|fired|sacked|banned|acquired|cancell?ed|canceled|scrapped|axed|shelved|delayed|postponed|approved|renewed|vetoed|overturned)|makes over|grosses|sells out|soars|plunges|tanks|tops|crosses|hits|reaches|passes|bans|legali[sz]es|launches|collapses|defaults|(?:win|qualify|beat) (?:another|the|a|their|its|back-to-back))\b/u;
const NOT_A_HEADLINE =
  /\b(?:today|tonight|now|currently|right now|at the moment|this week|this morning|every|always|usually|often|sometimes|never|again and again|yesterday|ago|last)\b|^\W*(?:i|we|you)\b/u;
const POSSIBILITY = /\b(?:could|may|might|likely|unlikely|probably|chance|odds|probability)\b/gu;
const CALIBRATED =
  /\b\d{1,3}\s?(?:%|percent|per cent)\s+(?:chance|probability|likely|likelihood|odds)\b|\b(?:chance|probability|odds|likelihood)\s+(?:of|is|at)\s+(?:about\s+)?\d{1,3}\s?(?:%|percent)|\b(?:very likely|highly likely|unlikely|almost certainly|more likely than not)\b/u;
const AUXILIARY = /^(?:is|are|am|be|been|being|was|were|will|to|has|have|had|get|gets|got|'s|'re)$/u;
// A preposition too: 'of paid workdays', 'in used cars' name things, they don't tell.
const ATTRIBUTIVE =
  /^(?:the|a|an|more|most|less|very|newly|fully|highly|well|much|its|their|his|her|our|your|my|of|in|for|with|from|on|at|into|about|than|without)$/u;
const ENTITY_TAG =
  /Organization|Country|City|Place|Region|Person|Name|SportsTeam|Currency|ProperNoun|Demonym/u;
const VALUE_TAG = /Cardinal|TextValue|Multiple|Fraction/u;
// Common nouns open sentences too ('Inflation will fall'); these endings mark them.
const COMMON_NOUN_ENDING =
  /(?:tion|sion|ment|ness|ity|ism|ance|ence|ing|ship|hood|age|ure|ery|ics|ies|ers|s)$/u;
const OPENER_FOLLOWERS =
  /^(?:will|shall|would|could|should|may|might|can|is|are|was|were|has|have|had|and|won't|to|'ll)$/u;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
// Where the subject ends: the future verb, or a copula/auxiliary before 'going to', 'expected to'.
const SUBJECT_END = /^(?:will|shall|wil|won't|wont|'ll|is|are|gonna|going|may|might|could|should|would)$/u;
// Heads that name nothing in particular.
const EMPTY_SUBJECTS =
  /^(?:it|this|that|these|those|there|things?|stuff|everything|something|anything|nothing|everyone|everybody|someone|somebody|people|we|they|you|he|she|i|future|world|life|all|lot|lots|some|many|most|more|much)$/u;

// A sentence stating a headline-style event, not asking about one ('Reddit's stock doubles from here.
// Timing? No idea.' states it; 'Does Japan's population drop below 120 million?' asks).
// A news flash ('BREAKING: Magnitude 6.1 earthquake strikes off the coast of Chile')
// reports the present, so its present tense is not a forecast's.
export const NEWS_FLASH = /^\W*(?:breaking(?: news)?|just in|developing|news flash)\s*[:!|-]/u;

function headline(lower: string): boolean {
  if (NOT_A_HEADLINE.test(lower) || NEWS_FLASH.test(lower)) return false;
  return lower
    .split(/(?<=[.!?])\s+/u)
    .some((sentence) => !sentence.includes('?') && HEADLINE_EVENT.test(sentence));
}

function all(re: RegExp, text: string): string[] {
  re.lastIndex = 0;
  return [...text.matchAll(re)].map((m) => m[0]);
}

interface Token {
  text: string;
  lower: string;
  first: boolean;
  possessive: boolean;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const sentence of text.split(/(?<=[.!?;:])\s+|\n+/u)) {
    let first = true;
    for (const m of sentence.matchAll(WORD)) {
      // Possessives name the same thing: "Japan's population" is about Japan.
      const raw = m[0].replace(/(?<![.’])[.’]+$/u, '').replace(/’/gu, "'");
      const word = raw.replace(/'s$/u, '');
      tokens.push({ text: word, lower: word.toLowerCase(), first, possessive: word !== raw });
      first = false;
    }
  }
  return tokens;
}

// Names of things: words the lexicon knows as places, organisations or people, capitalised
// words after the first, acronyms and camel case (iPhone, SpaceX), and an opening word the
// lexicon doesn't know that doesn't look like a common noun ('Tesla will ...').
function namedThings(tokens: Token[], shouting: boolean): string[] {
  const found = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.text.length < 2 || /^\d/u.test(t.text)) return;
    // 'US' is a country, 'us' a pronoun: capitals decide before the lexicon does.
    if (!shouting && /^\p{Lu}{2,}\d*$/u.test(t.text)) {
      found.add(t.text);
      return;
    }
    const tags = tagsOf(t.lower);
    if (/Pronoun|Determiner|Preposition|Conjunction|Modal|Copula/u.test(tags)) return;
    const next = tokens[i + 1];
    const pair = next ? tagsOf(`${t.lower} ${next.lower}`) : '';
    const known = ENTITY_TAG.test(tags) || ENTITY_TAG.test(pair);
    const shaped = /^\p{Ll}+\p{Lu}/u.test(t.text) || (!shouting && /^\p{Lu}{2,}\d*$/u.test(t.text));
    const capitalised = !shouting && /^\p{Lu}/u.test(t.text);
    // Only as the whole subject ('Tesla will'), not as a modifier ('Vinyl records will').
    const subject = next === undefined || OPENER_FOLLOWERS.test(next.lower) || t.possessive;
    const unknownOpener =
      t.first && capitalised && tags === '' && subject && !COMMON_NOUN_ENDING.test(t.lower);
    // Informal text drops capitals ('bitcoin gonna hit 250k', 'nvidia crosses 6 trillion'): a word
    // the lexicon files only as a place, organisation or team still names it.
    const knownPlace = /Organization|Country|City|Region|SportsTeam|Place/u.test(tags);
    if (
      (known && (capitalised || shaped)) ||
      knownPlace ||
      shaped ||
      (capitalised && !t.first) ||
      unknownOpener
    )
      found.add(t.text);
  });
  return [...found];
}

// The last noun-like word before the future verb, when the subject names something plain
// ('Gas prices will go up', 'The stock market will crash'), else null.
const FUNCTION_TAGS = /Pronoun|Determiner|Preposition|Conjunction|Modal|Copula|Adverb/u;

function subjectOf(tokens: Token[]): { subject: string | null; words: number } {
  const none = { subject: null, words: 0 };
  const end = tokens.findIndex((t) => SUBJECT_END.test(t.lower));
  if (end <= 0 || end > 6) return none;
  const head = tokens[end - 1];
  if (!head || /^\d/u.test(head.lower) || EMPTY_SUBJECTS.test(head.lower)) return none;
  // The lexicon files many nouns under verbs too ('rates', 'market'), so only function words are out.
  if (FUNCTION_TAGS.test(tagsOf(head.lower)) || !/^\p{L}{3,}$/u.test(head.lower)) return none;
  const words = tokens.slice(0, end).filter((t) => !FUNCTION_TAGS.test(tagsOf(t.lower))).length;
  return { subject: head.text, words };
}

// Word salad: English words in an order no sentence has. Function words come in a fixed order
// (a determiner before its noun, a preposition before its object, a conjunction between clauses),
// so a determiner or preposition followed by a conjunction, preposition or auxiliary, or a text
// that ends on one, is implausible. Two such breaks, in a text without a verb, make word salad.
const SALAD_DETERMINERS = new Set('the a an every each my your our their its his'.split(' '));
const SALAD_PREPOSITIONS = new Set(
  'of from with into onto upon among between during without within towards toward at for'.split(' '),
);
const SALAD_CONJUNCTIONS = new Set(
  'because although though unless whereas whether and or but nor if'.split(' '),
);
const SALAD_AUXILIARIES = new Set(
  'will would shall should can could may might must is are was were'.split(' '),
);

function saladClass(word: string): 'det' | 'prep' | 'conj' | 'aux' | 'other' {
  if (SALAD_DETERMINERS.has(word)) return 'det';
  if (SALAD_PREPOSITIONS.has(word)) return 'prep';
  if (SALAD_CONJUNCTIONS.has(word)) return 'conj';
  if (SALAD_AUXILIARIES.has(word)) return 'aux';
  return 'other';
}

/** Implausible function-word breaks in a verbless English text (0 when it has a verb). */
export function wordSalad(text: string): number {
  const lower = text.toLowerCase();
  // Any verb ends the check: most texts have one among their first words.
  let count = 0;
  // A modal followed by a determiner, preposition or conjunction in mid-text carries no
  // verb ('… sandwich will the of quickly …'): it doesn't end the check, and it is one more break.
  let strayModals = 0;
  const spoken = [...lower.matchAll(/[\p{L}']+/gu)].map((m) => m[0]);
  for (const [i, w] of spoken.entries()) {
    count++;
    const tags = tagsOf(w);
    if (
      i > 0 &&
      /Modal/u.test(tags) &&
      ['det', 'prep', 'conj'].includes(saladClass(spoken[i + 1] ?? 'the'))
    ) {
      strayModals++;
      continue;
    }
    if (/Verb|Modal|Copula|Auxiliary|Infinitive|PresentTense|PastTense|Gerund/u.test(tags)) return 0;
    if (tags === '' && /\p{L}{3}(?:ed|ing)$/u.test(w)) return 0;
  }
  if (count < 6) return 0;
  const segments = lower.split(/[.!?;:,()"“”…—–]+|\s-\s/u);
  const all = segments.flatMap((seg) => seg.match(/[\p{L}']+/gu) ?? []);
  let breaks = 0;
  for (const seg of segments) {
    const words = seg.match(/[\p{L}']+/gu) ?? [];
    for (let i = 0; i < words.length; i++) {
      const here = saladClass(words[i] ?? '');
      const next = i + 1 < words.length ? saladClass(words[i + 1] ?? '') : 'end';
      // A preposition before a determiner is ordinary ('at an all-time high', 'for the week').
      if (
        (here === 'det' || here === 'prep') &&
        (next === 'conj' || next === 'prep' || next === 'aux' || (next === 'det' && here === 'det'))
      )
        breaks++;
      if (here === 'det' && next === 'end') breaks++;
    }
  }
  // Ending the whole text on a determiner, preposition or conjunction; a determiner at
  // the very end counts again here ('… quietly nineteen the'): no sentence ends on 'the'.
  const last = saladClass(all[all.length - 1] ?? '');
  if (last === 'prep' || last === 'conj' || last === 'det') breaks++;
  return breaks + strayModals;
}

// Questions open with a question word or an auxiliary; 'Healthcare will improve??' is a claim
// written with doubt, not a question.
const INTERROGATIVE_OPENING =
  /^\W*(?:who|whom|whose|what|when|where|why|how|which|will|would|shall|should|can|could|may|might|must|is|are|am|was|were|do|does|did|has|have|had|isn't|aren't|won't|don't|doesn't|didn't|any|anyone|anybody|does anyone|really|so|and|but|or)\b/u;
export function isInterrogative(lower: string): boolean {
  return INTERROGATIVE_OPENING.test(lower);
}

// A statement about the past with no future verb: 'It was totally fine.'
const PAST_STATEMENT = /\b(?:was|were|did|had|went|got|came|said|made|happened|didn't|wasn't|weren't)\b/u;
export function isPastStatement(lower: string): boolean {
  return PAST_STATEMENT.test(lower) && !hasFutureVerb(lower);
}

/** Does this (lower-case) English text use a future verb form ('will', 'going to', 'is set to')? */
export function hasFutureVerb(lower: string): boolean {
  FUTURE.lastIndex = 0;
  const found = FUTURE.test(lower);
  FUTURE.lastIndex = 0;
  return found;
}

const GLOBAL_DEADLINES = DEADLINE_PATTERNS.slice(1).map((re) => new RegExp(re.source, `${re.flags}g`));

export function englishSignals(text: string, lower: string): EnglishSignals {
  const tokens = tokenize(text);
  const timeless = GLOBAL_DEADLINES.reduce((t, re) => t.replace(re, ' '), lower);
  // Same test as the 'shouting' reason: a text in capitals has no capitals to read names from.
  const upper = text.match(/\p{Lu}/gu)?.length ?? 0;
  const letters = upper + (text.match(/\p{Ll}/gu)?.length ?? 0);
  const shouting = letters >= 8 && upper / letters > 0.6;
  let pastTense = 0;
  let values = 0;
  let nouns = 0;
  tokens.forEach((t, i) => {
    const tags = tagsOf(t.lower);
    const previous = tokens[i - 1]?.lower ?? '';
    // The lexicon files many participles under Adjective ('released'); after a subject they are past.
    const pastShaped = /PastTense/u.test(tags) || /\p{L}{3}ed$/u.test(t.lower);
    if (pastShaped && !AUXILIARY.test(previous) && !ATTRIBUTIVE.test(previous)) pastTense++;
    if (/Noun|Singular|Plural|Uncountable/u.test(tags) || (tags === '' && /^\p{L}{4,}$/u.test(t.lower)))
      nouns++;
  });
  const words = timeless.match(WORD) ?? [];
  words.forEach((word, i) => {
    const idiom = word === 'one' && /^(?:day|time|way|of|another)$/u.test(words[i + 1] ?? '');
    if (VALUE_TAG.test(tagsOf(word)) && !idiom) values++;
  });
  const subject = subjectOf(tokens);
  return {
    futureStrong: all(FUTURE, lower).length,
    predictionVerb: PREDICTION_VERBS.test(lower),
    possibility: all(POSSIBILITY, lower).length,
    deadlines: DEADLINE_PATTERNS.map((re) => re.exec(lower)?.[0]).filter((m): m is string => Boolean(m)),
    timeless,
    pastTense,
    pastTime: PAST_TIME.test(lower),
    values,
    entities: namedThings(tokens, shouting),
    nouns,
    quantityWords: all(QUANTITY_WORDS, lower),
    outcomes: all(PRECISE_OUTCOMES, lower),
    directions: all(DIRECTIONS, lower),
    calibrated: CALIBRATED.test(lower),
    futureCue: FUTURE_CUES.test(lower) || (pastTense === 0 && (NEXT_THING.test(lower) || headline(lower))),
    subject: subject.subject,
    subjectWords: subject.words,
  };
}
