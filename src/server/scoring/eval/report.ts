// The evaluation's figures as lines of text: printed by `npm run eval:scoring` and by the test run
// (evaluation.test.ts), so every CI log shows them.
import type { BandFigures, ClassFigures, FlagFigures, PairFigures, SentimentFigures } from './measure.ts';

const pct = (n: number | null) => (n === null ? '  n/a' : `${(n * 100).toFixed(1)}%`);
const f1 = (n: number | null) => (n === null ? 'n/a' : n.toFixed(3));
const row = (name: string, c: ClassFigures) =>
  `    ${name.padEnd(20)}${pct(c.precision).padStart(8)}${pct(c.recall).padStart(8)}${f1(c.f1).padStart(8)}${String(c.support).padStart(8)}`;

export function flagLines(name: string, f: FlagFigures): string[] {
  return [
    `FLAGS, ${name}: ${f.items} predictions`,
    `  agreement with the labels ${pct(f.agreement)}; flagged or not: precision ${pct(f.flagged.precision)}, recall ${pct(f.flagged.recall)}, F1 ${f1(f.flagged.f1)}; false flags on good ${pct(f.falseFlagsOnGood)}`,
    `    ${'flag'.padEnd(20)}${'prec.'.padStart(8)}${'recall'.padStart(8)}${'F1'.padStart(8)}${'items'.padStart(8)}`,
    ...Object.entries(f.perFlag).map(([flag, c]) => row(flag, c)),
  ];
}

function pairLines(name: string, p: PairFigures): string[] {
  const edits = Object.entries(p.byEdit).map(
    ([edit, e]) =>
      `    ${edit.padEnd(20)}${e.duplicates ? `duplicates found ${e.found}/${e.duplicates}` : ''}${e.duplicates && e.distinct ? ', ' : ''}${e.distinct ? `distinct merged ${e.merged}/${e.distinct}` : ''}`,
  );
  return [
    `PAIRS, ${name}: ${p.pairs} pairs (${p.duplicates} duplicate, ${p.distinct} distinct)`,
    `  duplicate recall ${pct(p.duplicateRecall)} (the index fetches ${pct(p.candidateRecall)} as candidates); distinct pairs merged ${p.distinctMerged} of ${p.distinct}`,
    '  by edit kind:',
    ...edits,
  ];
}

export function sentimentLines(name: string, s: SentimentFigures): string[] {
  return [
    `SENTIMENT, ${name}: ${s.items} predictions`,
    `  agreement ${pct(s.agreement)} (always answering the commonest label: ${pct(s.majorityBaseline)})`,
    ...Object.entries(s.perOutlook).map(([o, c]) => row(o, c)),
  ];
}

export function bandLines(name: string, b: BandFigures): string[] {
  return [
    `BANDS, ${name}: ${b.items} predictions (high >= 70, mid 40-69, low < 40)`,
    `  exact ${pct(b.exact)}, within one band ${pct(b.withinOne)}; mean score given to high ${b.meanScore.high ?? 'n/a'}, mid ${b.meanScore.mid ?? 'n/a'}, low ${b.meanScore.low ?? 'n/a'}`,
  ];
}

export interface SetReport {
  flags: FlagFigures | null;
  pairs: PairFigures | null;
  sentiment: SentimentFigures | null;
  bands: BandFigures | null;
}

/** Every kind of one set, or 'not present' for a kind whose file is absent. */
export function setLines(name: string, r: SetReport): string[] {
  const absent = (kind: string) => [`${kind}, ${name}: not present`];
  return [
    ...(r.flags ? flagLines(name, r.flags) : absent('FLAGS')),
    ...(r.pairs ? pairLines(name, r.pairs) : absent('PAIRS')),
    ...(r.sentiment ? sentimentLines(name, r.sentiment) : absent('SENTIMENT')),
    ...(r.bands ? bandLines(name, r.bands) : absent('BANDS')),
  ];
}
