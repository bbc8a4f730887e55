// The evaluation's figures as lines of text: printed by `npm run eval:scoring`, and by the test run
// (evaluate.test.ts), so every CI log shows them.
import { AGREEMENT_FLOOR, type EvaluationResults } from './evaluate.ts';

export const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

export function figureLines(results: EvaluationResults): string[] {
  const lines: string[] = [];
  lines.push(`Futurecast scoring engine ${results.version}`);
  lines.push(
    `Labelled set: ${results.datasetSize.predictions} predictions (${results.datasetSize.persian} Persian, ${results.datasetSize.otherLanguages} other languages), ${results.datasetSize.pairs} duplicate/distinct pairs`,
  );
  lines.push('\nflag                precision  recall   tp  fp  fn');
  for (const [flag, f] of Object.entries(results.perFlag)) {
    lines.push(
      `${flag.padEnd(20)}${pct(f.precision).padStart(9)}${pct(f.recall).padStart(8)}${String(f.truePositives).padStart(5)}${String(f.falsePositives).padStart(4)}${String(f.falseNegatives).padStart(4)}`,
    );
  }
  lines.push('');
  lines.push(
    `overall agreement          ${pct(results.overallAgreement)}  (flag decisions + pairs; floor ${pct(AGREEMENT_FLOOR)})`,
  );
  lines.push(`flag agreement             ${pct(results.flagAgreement)}`);
  lines.push(`false flags on good        ${pct(results.falseFlagRate)}  (publishable, banded high/good)`);
  lines.push(`false flags, publishable   ${pct(results.falseFlagRatePublishable)}`);
  lines.push(
    `quality band agreement     ${pct(results.bandAgreement)}  (within one band: ${pct(results.bandWithinOne)})`,
  );
  lines.push(
    `duplicate recall           ${pct(results.duplicateRecall)}  (LSH candidate recall ${pct(results.lshCandidateRecall)})`,
  );
  lines.push(`distinct pairs called dup  ${results.distinctFalsePositives}`);
  lines.push(
    `holdout (${results.holdout.items} items)       flags ${pct(results.holdout.flagAgreement)}, bands ${pct(results.holdout.bandAgreement)}, false flags ${results.holdout.falseFlags}`,
  );
  for (const [lang, l] of Object.entries(results.perLanguage)) {
    lines.push(`agreement, ${lang.padEnd(16)}${pct(l.agreement)}  (${l.items} items)`);
  }
  return lines;
}
