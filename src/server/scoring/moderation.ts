import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import {
  HEDGES,
  INSULTS,
  MACHINE_PHRASES,
  NEUTRAL_OBSCENITY,
  SLURS,
  SPAM_PHRASES,
  TARGETING,
  THREATS,
  VAGUE_TERMS,
} from './lexicon.ts';
import type { TextFeatures } from './text-features.ts';

// Points toward each flag. Thresholds: flags.ts.
export interface Moderation {
  spam: { score: number; hits: string[] };
  abuse: { score: number; hits: string[]; profanity: string[] };
  gibberish: { score: number; why: string[] };
  machine: { score: number; hits: string[] };
  vague: string[];
  hedges: string[];
}

const MARKDOWN: ReadonlyArray<readonly [string, RegExp]> = [
  ['markdown bold', /\*\*[^*\n]+\*\*/u],
  ['markdown heading', /^#{1,4}\s/mu],
  ['markdown list', /(?:^|\n)\s*(?:[-*•]|\d+[.)])\s.+\n\s*(?:[-*•]|\d+[.)])\s/u],
];

const CALL_TO_ACTION =
  /(?:^|[.!?]\s+|\s)(?:visit|click|buy|get|join|sign up|register|download|order|shop|book|call|follow|subscribe|claim|grab|try)\s/u;

function phraseMatcher(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = /^[\p{L}\p{N}]/u.test(phrase) ? '(?<![\\p{L}\\p{N}])' : '';
  const end = /[\p{L}\p{N}]$/u.test(phrase) ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${start}${escaped}${end}`, 'u');
}

function compileList(list: readonly string[]): Array<[string, RegExp]> {
  return list.map((p) => [p.replace(/\u200c/g, ''), phraseMatcher(p.replace(/\u200c/g, ''))]);
}

let compiled: {
  machine: Array<[string, RegExp, number]>;
  spam: Array<[string, RegExp]>;
  insults: Array<[string, RegExp]>;
  threats: Array<[string, RegExp]>;
  targeting: Array<[string, RegExp]>;
  vague: Array<[string, RegExp]>;
  hedges: Array<[string, RegExp]>;
  profanity: RegExpMatcher;
} | null = null;

function lists() {
  compiled ??= {
    machine: MACHINE_PHRASES.map(([p, w]) => {
      const phrase = p.replace(/\u200c/g, '');
      return [phrase, phraseMatcher(phrase), w];
    }),
    spam: compileList(SPAM_PHRASES),
    insults: compileList(INSULTS),
    threats: compileList(THREATS),
    targeting: compileList(TARGETING),
    vague: compileList(VAGUE_TERMS),
    hedges: compileList(HEDGES),
    profanity: new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers }),
  };
  return compiled;
}

// A phrase can only match where its literal text occurs; the cheap substring test skips most
// regular-expression runs.
function hits(list: Array<[string, RegExp]>, text: string): string[] {
  const out: string[] = [];
  for (const [phrase, re] of list) if (text.includes(phrase) && re.test(text)) out.push(phrase);
  return out;
}

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
  // Zero-width non-joiners vary between keyboards; phrase lists are written without them.
  const text = f.lower.replace(/\u200c/g, '');

  const spamHits = hits(l.spam, text);
  let spam = spamHits.length * 2;
  if (f.urls > 0) spam += f.urls >= 2 ? 4 : 2;
  // A link plus an order to act on it is an advert, whatever the wording around it.
  if (f.urls > 0 && CALL_TO_ACTION.test(text)) spam += 2;
  if (f.phones > 0) spam += 2;
  if (f.emails > 0) spam += 2;
  if (f.handles > 0) spam += 1;
  if (f.hashtags >= 3) spam += 1;
  if (f.emojis >= 4) spam += 1;
  if (/\${2,}|💰{2,}|🚀{2,}/u.test(text)) spam += 1;
  if (spamHits.length > 0 && (f.upperRatio > 0.6 || f.maxExclamationRun >= 2)) spam += 1;

  const profanity = f.script === 'latin' ? profanityWords(l.profanity, f.text) : [];
  const insultHits = hits(l.insults, text);
  const threatHits = hits(l.threats, text);
  const targeted = hits(l.targeting, text).length > 0;
  let abuse = insultHits.length * 2 + threatHits.length * 4;
  for (const word of profanity) abuse += SLURS.has(word) ? 4 : 1.5;
  if (targeted && (insultHits.length > 0 || profanity.length > 0)) abuse += 1.5;

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
  }
  if (f.symbolRatio > 0.3) {
    gibberish += 4;
    why.push('mostly symbols rather than words');
  }
  if (f.letters < 4 && f.chars >= 10) {
    gibberish += 4;
    why.push('almost no letters');
  }

  let machine = 0;
  const machineHits: string[] = [];
  for (const [phrase, re, weight] of l.machine) {
    if (text.includes(phrase) && re.test(text)) {
      machine += weight;
      machineHits.push(phrase);
    }
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
    abuse: { score: abuse, hits: [...insultHits, ...threatHits], profanity },
    gibberish: { score: gibberish, why },
    machine: { score: machine, hits: machineHits },
    vague: hits(l.vague, text),
    hedges: hits(l.hedges, text),
  };
}
