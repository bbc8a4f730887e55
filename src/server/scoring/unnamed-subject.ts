import { readFileSync } from 'node:fs';

// 'A carmaker will recall 5 million vehicles in 2027' names a kind of subject, not which one: who
// is to be checked stays open. The text opens with an indefinite word and a class noun follows
// within a few words (data/unnamed-subjects.json); token comparisons only, no patterns.

interface Entry {
  determiners: string[];
  classes: string[];
}
const data = JSON.parse(readFileSync(new URL('./data/unnamed-subjects.json', import.meta.url), 'utf8')) as {
  languages: Record<string, Entry>;
};

const REACH = 4;
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/\u200c/gu, ' ')
    .split(/[^\p{L}\p{M}\p{N}'’-]+/u)
    .filter(Boolean);
const LISTS = new Map(
  Object.entries(data.languages).map(([lang, e]) => [
    lang,
    {
      determiners: e.determiners.map(words).sort((a, b) => b.length - a.length),
      classes: new Set(e.classes.map((c) => words(c).join(' '))),
      prefixes: e.classes,
    },
  ]),
);

/** The class noun of an unnamed subject opening the text ('carmaker'), or null. */
export function unnamedSubject(text: string, language: string): string | null {
  const list = LISTS.get(language);
  if (!list) return null;
  const trimmed = text.trim().toLowerCase();
  if (list.determiners.length === 0) return list.prefixes.find((p) => trimmed.startsWith(p)) ?? null;
  const w = words(trimmed.replace(/\u200c/gu, ' '));
  const det = list.determiners.find((d) => d.every((x, i) => w[i] === x));
  if (!det) return null;
  for (let i = det.length; i < Math.min(w.length, det.length + REACH); i++) {
    const one = w[i] ?? '';
    if (list.classes.has(one)) return one;
    const two = `${one} ${w[i + 1] ?? ''}`;
    if (list.classes.has(two)) return two;
  }
  return null;
}
