// npm run eval:scoring: scores the labelled set, cross-validates the rules plus the statistical
// model, prints the figures, writes results.json (which the analytics page shows) and fails when
// overall agreement drops under the floor.
import { writeFileSync } from 'node:fs';
import { type CvFigures, crossValidate } from './cross-validate.ts';
import {
  AGREEMENT_FLOOR,
  blindSummary,
  evaluate,
  loadBlindDataset,
  loadDataset,
  measureTiming,
} from './evaluate.ts';
import { figureLines, pct } from './report.ts';

const dataset = loadDataset();
const results = evaluate(dataset);
const crossValidation = crossValidate(dataset);
const timing = measureTiming(dataset);
const blindData = loadBlindDataset();
const blind = blindData ? blindSummary(evaluate(blindData)) : null;

for (const line of figureLines(results)) console.log(line);
console.log(
  `scoring time per prediction: p50 ${timing.p50Ms} ms, p99 ${timing.p99Ms} ms, max ${timing.maxMs} ms (CPU time p99 ${timing.cpuP99Ms} ms)`,
);
console.log(
  `  500-character texts:       p50 ${timing.longestP50Ms} ms, p99 ${timing.longestP99Ms} ms (CPU time p99 ${timing.longestCpuP99Ms} ms); budget: p99 under 5 ms`,
);
console.log(
  `  statistical model's share:  p50 ${timing.modelP50Ms} ms, p99 ${timing.modelP99Ms} ms, mean CPU ${timing.modelCpuMeanMs} ms; 500-character texts p50 ${timing.modelLongestP50Ms} ms, p99 ${timing.modelLongestP99Ms} ms, mean CPU ${timing.modelLongestCpuMeanMs} ms`,
);

const cvLine = (name: string, r: { rules: CvFigures; combined: CvFigures }) =>
  `  ${name.padEnd(22)}${String(r.rules.predictions).padStart(5)}${String(r.rules.pairs).padStart(4)}   ${pct(r.rules.overallAgreement).padStart(6)} ${pct(r.combined.overallAgreement).padStart(6)}   ${pct(r.rules.flagAgreement).padStart(6)} ${pct(r.combined.flagAgreement).padStart(6)}   ${pct(r.rules.falseFlagRate).padStart(5)} ${pct(r.combined.falseFlagRate).padStart(5)}   ${pct(r.combined.duplicateRecall).padStart(6)} ${String(r.combined.distinctFalsePositives).padStart(3)}`;
const cvHeader = `  ${''.padEnd(22)} items pairs overall: rules  +model   flags: rules +model   false flags  dup rec dist`;
const perFlagLines = (label: string, r: { rules: CvFigures; combined: CvFigures }) => {
  console.log(`  ${label}: precision / recall, rules alone -> rules + model`);
  for (const flag of Object.keys(r.combined.perFlag)) {
    const a = r.rules.perFlag[flag];
    const b = r.combined.perFlag[flag];
    if (a && b)
      console.log(
        `    ${flag.padEnd(20)}${pct(a.precision).padStart(7)} /${pct(a.recall).padStart(7)}  ->${pct(b.precision).padStart(7)} /${pct(b.recall).padStart(7)}`,
      );
  }
};
console.log('\nCROSS-VALIDATION (the model never sees the items it is scored on)');
console.log('Leave one source (author) out, current rules:');
console.log(cvHeader);
for (const [source, r] of Object.entries(crossValidation.leaveOneSourceOut.bySource))
  console.log(cvLine(source, r));
console.log(cvLine('pooled', crossValidation.leaveOneSourceOut.pooled));
console.log('First sight (rules of the day, not yet tuned on the source, plus a model trained without it):');
console.log(cvHeader);
for (const [source, r] of Object.entries(crossValidation.firstSight.bySource)) console.log(cvLine(source, r));
console.log(cvLine('pooled', crossValidation.firstSight.pooled));
perFlagLines('first sight, pooled', crossValidation.firstSight.pooled);
console.log(
  `${crossValidation.kFold.folds}-fold stratified (seed ${crossValidation.kFold.seed}; rules in-sample):`,
);
console.log(cvHeader);
console.log(cvLine('pooled', crossValidation.kFold.pooled));

if (blind) {
  console.log(
    `\nBLIND SET (never tuned on; the advertised figure): ${blind.datasetSize.predictions} predictions, ${blind.datasetSize.pairs} pairs`,
  );
  console.log(`  overall agreement        ${pct(blind.overallAgreement)}`);
  console.log(`  false flags on good      ${pct(blind.falseFlagRate)}`);
  console.log(`  quality band agreement   ${pct(blind.bandAgreement)}`);
  console.log(
    `  duplicate recall         ${pct(blind.duplicateRecall)}; distinct pairs called dup ${blind.distinctFalsePositives}`,
  );
  for (const [flag, f] of Object.entries(blind.perFlag)) {
    console.log(`  ${flag.padEnd(20)} precision ${pct(f.precision)}  recall ${pct(f.recall)}`);
  }
} else {
  console.log('\nNo blind set (eval/blind.json): the advertised accuracy is unavailable.');
}

if (process.argv.includes('--mistakes')) {
  console.log('\nDisagreements:');
  for (const m of results.mistakes) console.log(`  ${m.id}  expected ${m.expected}, got ${m.got}: ${m.text}`);
} else if (results.mistakes.length > 0) {
  console.log(
    `\n${results.mistakes.length} disagreements (flags and bands); run with --mistakes to list them.`,
  );
}

writeFileSync(
  new URL('./results.json', import.meta.url),
  `${JSON.stringify(
    {
      ...results,
      crossValidation,
      blind,
      advertised: { accuracy: blind?.overallAgreement ?? null, source: blind ? 'blind.json' : null },
      timing,
      generatedBy: 'npm run eval:scoring',
    },
    null,
    2,
  )}\n`,
);

if (results.overallAgreement < AGREEMENT_FLOOR) {
  console.error(
    `Overall agreement ${pct(results.overallAgreement)} is below the ${pct(AGREEMENT_FLOOR)} floor.`,
  );
  process.exit(1);
}
