import { readFileSync } from 'node:fs';

// The phrase lists and patterns behind the explaining rules (moderation.ts, quality.ts), read once
// at start from data/phrases/*.json: one file per kind, grouped by language. They explain a flag
// and feed the classifier's rule measures; a miss is fixed by a labelled example, not a new entry.

const read = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`./data/phrases/${file}.json`, import.meta.url), 'utf8')) as T;

// Every text is checked against every language's entries, in the order the file lists them.
const phrases = (file: string): readonly string[] =>
  Object.values(read<{ languages: Record<string, string[]> }>(file).languages).flat();

type Pattern = { source: string; flags: string };
const compile = (p: Pattern) => new RegExp(p.source, p.flags);

export const MACHINE_PHRASES: ReadonlyArray<readonly [string, number]> = Object.values(
  read<{ languages: Record<string, [string, number][]> }>('machine').languages,
).flat();
export const SPAM_PHRASES = phrases('spam');
export const INSULTS = phrases('insults');
export const MILD_INSULTS = phrases('mild-insults');
export const DEGRADING = phrases('degrading');
export const HARASSMENT = phrases('harassment');
export const THREATS = phrases('threats');
export const TARGETING = phrases('targeting');
export const GROUP_SLURS = phrases('group-slurs');
export const OPEN_TIME_TERMS = phrases('open-time');
export const VAGUE_TERMS = phrases('vague');
export const HEDGES = phrases('hedges');

const words = read<Record<string, string[]>>('words');
const set = (key: string): ReadonlySet<string> => new Set(words[key] ?? []);
export const AIMED_BEFORE = set('aimedBefore');
export const SECOND_PERSON = set('secondPerson');
export const THIRD_PERSON = set('thirdPerson');
export const SLURS = set('slurs');
export const PROFANITY_LOOKALIKES: readonly string[] = words.profanityLookalikes ?? [];
export const NEUTRAL_OBSCENITY = set('neutralObscenity');
export const STUFFING_IGNORED = set('stuffingIgnored');

const patterns = read<{
  violence: Pattern[];
  dehumanising: Pattern[];
  groupNames: Pattern;
  machine: (Pattern & { name: string; weight: number })[];
  spam: Pattern[];
}>('patterns');
export const VIOLENCE_PATTERNS: readonly RegExp[] = patterns.violence.map(compile);
export const DEHUMANISING_PATTERNS: readonly RegExp[] = patterns.dehumanising.map(compile);
export const GROUP_NAMES = compile(patterns.groupNames);
export const MACHINE_PATTERNS: ReadonlyArray<readonly [string, RegExp, number]> = patterns.machine.map(
  (p) => [p.name, compile(p), p.weight] as const,
);
export const SPAM_PATTERNS: readonly RegExp[] = patterns.spam.map(compile);
