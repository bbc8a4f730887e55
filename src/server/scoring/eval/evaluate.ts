import { existsSync, readFileSync } from 'node:fs';
import { analyzePrediction, SCORING_VERSION } from '#server/scoring/engine.ts';
import { modelOpinion } from '#server/scoring/combine.ts';
import { committedModel, type FlagModel, modelInput } from '#server/scoring/flag-model.ts';
import { compareTexts, signature } from '#server/scoring/near-duplicate.ts';
import { extractFeatures } from '#server/scoring/text-features.ts';
import type { FlagCategory, QualityTier } from '#server/scoring/types.ts';

export type Label = FlagCategory | 'none';

export interface LabelledPrediction {
  id: string;
  lang: string;
  label: Exclude<Label, 'duplicate'>;
  band?: QualityTier;
  text: string;
  /** Written after the rules were tuned; reported on its own as the out-of-sample figure. */
  holdout?: boolean;
  /** Where a former blind set's items came from ('blind-2 (seen once …)'); absent for the original items. */
  source?: string;
}

export interface LabelledPair {
  id: string;
  kind: 'duplicate' | 'distinct';
  a: string;
  b: string;
  source?: string;
}

/**
 * Who wrote an item: the original dev items, the holdout written after the first tuning, and each
 * former blind set ('blind-1', 'blind-2', …) come from different authors, so holding one source
 * out of training simulates text by an author the engine has never seen.
 */
export function sourceOf(item: { source?: string; holdout?: boolean }): string {
  if (item.source) return item.source.split(' ')[0] ?? item.source;
  return item.holdout ? 'holdout' : 'dev';
}

export interface Dataset {
  referenceDate: string;
  predictions: LabelledPrediction[];
  pairs: LabelledPair[];
}

interface FlagFigures {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

interface Mistake {
  id: string;
  expected: string;
  got: string;
  text: string;
}

export interface EvaluationResults {
  version: string;
  datasetSize: { predictions: number; pairs: number; persian: number; otherLanguages: number };
  overallAgreement: number;
  flagAgreement: number;
  falseFlagRate: number;
  falseFlagRatePublishable: number;
  bandAgreement: number;
  bandWithinOne: number;
  duplicateRecall: number;
  distinctFalsePositives: number;
  lshCandidateRecall: number;
  perFlag: Record<FlagCategory, FlagFigures>;
  perLanguage: Record<string, { items: number; agreement: number }>;
  holdout: { items: number; flagAgreement: number; bandAgreement: number; falseFlags: number };
  mistakes: Mistake[];
}

export const AGREEMENT_FLOOR = 0.9;

export function loadDataset(): Dataset {
  return JSON.parse(readFileSync(new URL('./dataset.json', import.meta.url), 'utf8')) as Dataset;
}

/**
 * The blind set: written by someone who never saw the engine, used only to measure, never to tune
 * (docs/decisions/005-scoring-engine.md). Its agreement is the accuracy the product advertises.
 */
export function loadBlindDataset(): Dataset | null {
  const url = new URL('./blind.json', import.meta.url);
  return existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as Dataset) : null;
}

/** What results.json records of the blind run (no texts, so nobody tunes on its mistakes by accident). */
export function blindSummary(results: EvaluationResults) {
  const { mistakes, holdout: _holdout, ...figures } = results;
  return { ...figures, disagreements: mistakes.length };
}

const FLAGS: FlagCategory[] = [
  'spam',
  'abusive',
  'gibberish',
  'machine_generated',
  'not_a_prediction',
  'duplicate',
];
const TIERS: QualityTier[] = ['needs_improvement', 'fair', 'good', 'high'];
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const ratio = (a: number, b: number) => (b === 0 ? 1 : round(a / b));

/** One prediction's outcome: enough to pool figures across folds. */
export interface PredictionOutcome {
  id: string;
  lang: string;
  label: LabelledPrediction['label'];
  band?: QualityTier;
  holdout?: boolean;
  got: Label;
  tier: QualityTier;
  text: string;
}

export interface PairOutcome {
  pair: LabelledPair;
  duplicate: boolean;
  candidate: boolean;
}

/** Scores predictions with the engine; `model` as in analyzePrediction (null: rules alone). */
export function scorePredictions(
  predictions: readonly LabelledPrediction[],
  referenceDate: string,
  model: FlagModel | null = committedModel(),
): PredictionOutcome[] {
  const now = new Date(referenceDate);
  return predictions.map((item) => {
    const analysis = analyzePrediction({ text: item.text, categories: [], now }, model);
    return {
      id: item.id,
      lang: item.lang,
      label: item.label,
      band: item.band,
      holdout: item.holdout,
      got: analysis.flag_reasoning?.category ?? 'none',
      tier: analysis.quality_tier,
      text: item.text,
    };
  });
}

export function scorePairs(pairs: readonly LabelledPair[]): PairOutcome[] {
  return pairs.map((pair) => {
    const check = compareTexts(pair.a, pair.b);
    let candidate = false;
    if (pair.kind === 'duplicate') {
      const sa = new Set(signature(pair.a).bands);
      candidate = signature(pair.b).bands.some((band) => sa.has(band));
    }
    return { pair, duplicate: check.duplicate, candidate };
  });
}

/** Scores the labelled set with the current engine; pure apart from reading the files. */
export function evaluate(dataset: Dataset = loadDataset(), model: FlagModel | null = committedModel()) {
  return summarise(
    scorePredictions(dataset.predictions, dataset.referenceDate, model),
    scorePairs(dataset.pairs),
  );
}

/** The figures for a set of outcomes (one run, or several folds pooled). */
export function summarise(
  outcomes: readonly PredictionOutcome[],
  pairs: readonly PairOutcome[],
): EvaluationResults {
  const counts = Object.fromEntries(FLAGS.map((f) => [f, { tp: 0, fp: 0, fn: 0 }])) as Record<
    FlagCategory,
    { tp: number; fp: number; fn: number }
  >;
  const tally = (expected: Label, got: Label) => {
    for (const flag of FLAGS) {
      if (got === flag && expected === flag) counts[flag].tp++;
      else if (got === flag) counts[flag].fp++;
      else if (expected === flag) counts[flag].fn++;
    }
  };
  const mistakes: Mistake[] = [];
  const perLanguage: Record<string, { items: number; right: number }> = {};
  let agree = 0;
  let goodItems = 0;
  let goodFlagged = 0;
  let publishable = 0;
  let publishableFlagged = 0;
  let bandItems = 0;
  let bandExact = 0;
  let bandNear = 0;
  const held = { items: 0, right: 0, banded: 0, bandRight: 0, falseFlags: 0 };

  for (const item of outcomes) {
    const got = item.got;
    tally(item.label, got);
    if (item.holdout) {
      held.items++;
      if (got === item.label) held.right++;
      if (item.label === 'none' && got !== 'none') held.falseFlags++;
      if (item.band && got === 'none') {
        held.banded++;
        if (item.band === item.tier) held.bandRight++;
      }
    }
    const lang = item.lang === 'en' || item.lang === 'fa' ? item.lang : 'other';
    perLanguage[lang] ??= { items: 0, right: 0 };
    perLanguage[lang].items++;
    if (got === item.label) {
      agree++;
      perLanguage[lang].right++;
    } else {
      mistakes.push({ id: item.id, expected: item.label, got, text: item.text });
    }
    if (item.label !== 'none') continue;
    publishable++;
    if (got !== 'none') publishableFlagged++;
    if (item.band === 'high' || item.band === 'good') {
      goodItems++;
      if (got !== 'none') goodFlagged++;
    }
    if (item.band && got === 'none') {
      bandItems++;
      const distance = Math.abs(TIERS.indexOf(item.band) - TIERS.indexOf(item.tier));
      if (distance === 0) bandExact++;
      else mistakes.push({ id: item.id, expected: item.band, got: item.tier, text: item.text });
      if (distance <= 1) bandNear++;
    }
  }

  let duplicates = 0;
  let found = 0;
  let candidates = 0;
  let distinctCalled = 0;
  let pairAgree = 0;
  for (const { pair, duplicate, candidate } of pairs) {
    tally(pair.kind === 'duplicate' ? 'duplicate' : 'none', duplicate ? 'duplicate' : 'none');
    const right = duplicate === (pair.kind === 'duplicate');
    if (right) pairAgree++;
    else
      mistakes.push({
        id: pair.id,
        expected: pair.kind,
        got: duplicate ? 'duplicate' : 'distinct',
        text: `${pair.a} || ${pair.b}`,
      });
    if (pair.kind === 'duplicate') {
      duplicates++;
      if (duplicate) found++;
      if (candidate) candidates++;
    } else if (duplicate) {
      distinctCalled++;
    }
  }

  const perFlag = Object.fromEntries(
    FLAGS.map((f) => {
      const c = counts[f];
      return [
        f,
        {
          precision: ratio(c.tp, c.tp + c.fp),
          recall: ratio(c.tp, c.tp + c.fn),
          truePositives: c.tp,
          falsePositives: c.fp,
          falseNegatives: c.fn,
        },
      ];
    }),
  ) as Record<FlagCategory, FlagFigures>;

  const total = outcomes.length + pairs.length;
  return {
    version: SCORING_VERSION,
    datasetSize: {
      predictions: outcomes.length,
      pairs: pairs.length,
      persian: outcomes.filter((p) => p.lang === 'fa').length,
      otherLanguages: outcomes.filter((p) => p.lang !== 'fa' && p.lang !== 'en').length,
    },
    overallAgreement: ratio(agree + pairAgree, total),
    flagAgreement: ratio(agree, outcomes.length),
    falseFlagRate: ratio(goodFlagged, goodItems),
    falseFlagRatePublishable: ratio(publishableFlagged, publishable),
    bandAgreement: ratio(bandExact, bandItems),
    bandWithinOne: ratio(bandNear, bandItems),
    duplicateRecall: ratio(found, duplicates),
    distinctFalsePositives: distinctCalled,
    lshCandidateRecall: ratio(candidates, duplicates),
    perFlag,
    perLanguage: Object.fromEntries(
      Object.entries(perLanguage).map(([k, v]) => [
        k,
        { items: v.items, agreement: ratio(v.right, v.items) },
      ]),
    ),
    holdout: {
      items: held.items,
      flagAgreement: ratio(held.right, held.items),
      bandAgreement: ratio(held.bandRight, held.banded),
      falseFlags: held.falseFlags,
    },
    mistakes,
  };
}

export interface Timing {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * CPU time this process spent per prediction: unlike wall-clock time it doesn't count the
   * moments another process had the CPU, so it stays meaningful on a busy shared machine.
   */
  cpuP99Ms: number;
  /** The same figures for 500-character texts (the longest a prediction can be). */
  longestP50Ms: number;
  longestP99Ms: number;
  longestCpuP99Ms: number;
  /**
   * The statistical model's share (n-grams, hashing, the dot products): wall-clock percentiles and
   * mean CPU time per text, for the labelled texts and for 500-character texts.
   */
  modelP50Ms: number;
  modelP99Ms: number;
  modelCpuMeanMs: number;
  modelLongestP50Ms: number;
  modelLongestP99Ms: number;
  modelLongestCpuMeanMs: number;
}

function percentiles(texts: readonly string[], now: Date, rounds: number) {
  for (let warm = 0; warm < 3; warm++)
    for (const text of texts) analyzePrediction({ text, categories: [], now });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const text of texts) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      analyzePrediction({ text, categories: [], now });
      wall.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  const at = (times: number[], q: number) => {
    const sorted = [...times].sort((a, b) => a - b);
    return (
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 1000) / 1000
    );
  };
  return { p50: at(wall, 0.5), p99: at(wall, 0.99), max: at(wall, 1), cpuP99: at(cpu, 0.99) };
}

// The learned part alone, on features the rules have already extracted.
function modelPercentiles(texts: readonly string[], rounds: number) {
  const model = committedModel();
  const features = texts.map((t) => extractFeatures(t));
  for (const f of features) modelOpinion(model, modelInput(f, model));
  const wall: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let r = 0; r < rounds; r++)
    for (const f of features) {
      const start = performance.now();
      modelOpinion(model, modelInput(f, model));
      wall.push(performance.now() - start);
    }
  const cpu = process.cpuUsage(cpuStart);
  wall.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((wall[Math.min(wall.length - 1, Math.floor(q * wall.length))] ?? 0) * 1000) / 1000;
  const cpuMean = (cpu.user + cpu.system) / 1000 / Math.max(1, wall.length);
  return { p50: at(0.5), p99: at(0.99), cpuMean: Math.round(cpuMean * 1000) / 1000 };
}

/** Wall-clock scoring time per prediction, in process, after warm-up passes. */
export function measureTiming(dataset: Dataset = loadDataset(), rounds = 10): Timing {
  const now = new Date(dataset.referenceDate);
  const texts = dataset.predictions.map((p) => p.text);
  const longest = texts.map((_, i) => {
    let text = '';
    for (let j = i; text.length < 500; j++) text += `${texts[j % texts.length]} `;
    return text.slice(0, 500);
  });
  const all = percentiles(texts, now, rounds);
  const long = percentiles(longest.slice(0, 100), now, 5);
  const model = modelPercentiles(texts, rounds);
  const modelLong = modelPercentiles(longest.slice(0, 100), 20);
  return {
    modelP50Ms: model.p50,
    modelP99Ms: model.p99,
    modelCpuMeanMs: model.cpuMean,
    modelLongestP50Ms: modelLong.p50,
    modelLongestP99Ms: modelLong.p99,
    modelLongestCpuMeanMs: modelLong.cpuMean,
    p50Ms: all.p50,
    p99Ms: all.p99,
    maxMs: all.max,
    cpuP99Ms: all.cpuP99,
    longestP50Ms: long.p50,
    longestP99Ms: long.p99,
    longestCpuP99Ms: long.cpuP99,
  };
}
