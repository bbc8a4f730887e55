import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SCORING_VERSION } from '#server/scoring/engine.ts';
import {
  type FeatureConfig,
  type FlagModel,
  MODEL_CLASSES,
  modelInput,
  quantize,
} from '#server/scoring/flag-model.ts';
import {
  COMBINATION,
  type Combination,
  combine,
  modelOpinion,
  type RuleMeasures,
  rulePoints,
} from '#server/scoring/combine.ts';
import { seededRandom as seeded } from '#server/test/seeded-random.ts';
import { extractFeatures } from '#server/scoring/text-features.ts';
import {
  type Dataset,
  type EvaluationResults,
  type Label,
  type LabelledPrediction,
  type PairOutcome,
  type PredictionOutcome,
  scorePairs,
  scorePredictions,
  sourceOf,
  summarise,
} from './evaluate.ts';
import { type Example, TRAINING, type TrainOptions, trainModel } from './train-model.ts';

export type ModelSetup = FeatureConfig & TrainOptions;

/** The model's training examples: the rules' measurements and the n-grams of each text. */
export function examplesFor(predictions: readonly LabelledPrediction[], config: FeatureConfig): Example[] {
  return predictions.map((p) => {
    const f = extractFeatures(p.text);
    return { input: modelInput(f, config), label: MODEL_CLASSES.indexOf(p.label) };
  });
}

/** Identifies a training set: the model file records it, and the tests compare. */
export function datasetHash(predictions: readonly LabelledPrediction[]): string {
  const hash = createHash('sha256');
  for (const p of predictions) hash.update(`${p.id}\u0000${p.label}\u0000${p.text}\u0001`);
  return hash.digest('hex');
}

/** Trains on a set of predictions and returns the model as production would load it. */
export function trainOn(predictions: readonly LabelledPrediction[], setup: ModelSetup): FlagModel {
  return quantize(trainModel(examplesFor(predictions, setup), setup, setup));
}

export interface Fold {
  name: string;
  train: LabelledPrediction[];
  test: Dataset;
}

/** One fold per author: train on every other source, test on this one (its pairs too). */
export function sourceFolds(dataset: Dataset): Fold[] {
  const sources = [...new Set([...dataset.predictions.map(sourceOf), ...dataset.pairs.map(sourceOf)])];
  return sources.map((name) => ({
    name,
    train: dataset.predictions.filter((p) => sourceOf(p) !== name),
    test: {
      referenceDate: dataset.referenceDate,
      predictions: dataset.predictions.filter((p) => sourceOf(p) === name),
      pairs: dataset.pairs.filter((p) => sourceOf(p) === name),
    },
  }));
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const KFOLD = { folds: 5, seed: 20261101 } as const;

/** k folds stratified by label (pairs by kind), every item tested exactly once. */
function stratifiedFolds(dataset: Dataset, k: number = KFOLD.folds, seed: number = KFOLD.seed): Fold[] {
  const random = seeded(seed);
  const foldOf = new Map<string, number>();
  const assign = (ids: string[]) => {
    shuffled(ids, random).forEach((id, i) => {
      foldOf.set(id, i % k);
    });
  };
  const labels = [...new Set(dataset.predictions.map((p) => p.label))].sort();
  for (const label of labels) assign(dataset.predictions.filter((p) => p.label === label).map((p) => p.id));
  for (const kind of ['duplicate', 'distinct'])
    assign(dataset.pairs.filter((p) => p.kind === kind).map((p) => p.id));
  return Array.from({ length: k }, (_, fold) => ({
    name: `fold-${fold + 1}`,
    train: dataset.predictions.filter((p) => foldOf.get(p.id) !== fold),
    test: {
      referenceDate: dataset.referenceDate,
      predictions: dataset.predictions.filter((p) => foldOf.get(p.id) === fold),
      pairs: dataset.pairs.filter((p) => foldOf.get(p.id) === fold),
    },
  }));
}

/** What results.json keeps of one held-out run: the headline figures, per-flag precision/recall. */
function cvFigures(r: EvaluationResults) {
  return {
    predictions: r.datasetSize.predictions,
    pairs: r.datasetSize.pairs,
    overallAgreement: r.overallAgreement,
    flagAgreement: r.flagAgreement,
    falseFlagRate: r.falseFlagRate,
    falseFlagRatePublishable: r.falseFlagRatePublishable,
    duplicateRecall: r.duplicateRecall,
    distinctFalsePositives: r.distinctFalsePositives,
    perFlag: Object.fromEntries(
      Object.entries(r.perFlag).map(([flag, f]) => [flag, { precision: f.precision, recall: f.recall }]),
    ),
  };
}
export type CvFigures = ReturnType<typeof cvFigures>;

export interface FoldRun {
  name: string;
  model: FlagModel;
  rules: PredictionOutcome[];
  combined: PredictionOutcome[];
  pairs: PairOutcome[];
}

/** Scores each fold's test items with the rules alone and with the rules plus a model trained on the rest. */
function runFolds(folds: readonly Fold[], referenceDate: string, setup: ModelSetup): FoldRun[] {
  return folds.map((fold) => {
    const model = trainOn(fold.train, setup);
    return {
      name: fold.name,
      model,
      rules: scorePredictions(fold.test.predictions, referenceDate, null),
      combined: scorePredictions(fold.test.predictions, referenceDate, model),
      pairs: scorePairs(fold.test.pairs),
    };
  });
}

/** eval/first-sight.json: what the rules made of each former blind set before anyone looked at it. */
export interface FirstSight {
  about: string;
  sources: Record<
    string,
    {
      engine: string;
      predictions: Record<string, RuleMeasures & { rules: Label }>;
      pairs: Record<string, boolean>;
    }
  >;
}

export function loadFirstSight(): FirstSight {
  return JSON.parse(readFileSync(new URL('./first-sight.json', import.meta.url), 'utf8')) as FirstSight;
}

/**
 * A new author, simulated: the rules' first-sight measures of a former blind set (the engine of
 * the day, not yet tuned on it) combined with a model trained without that source. The closest
 * thing to a blind measurement that the dev data allows.
 */
function firstSightOutcomes(
  dataset: Dataset,
  source: string,
  model: FlagModel,
  firstSight: FirstSight = loadFirstSight(),
  combination: Combination = COMBINATION,
): { rules: PredictionOutcome[]; combined: PredictionOutcome[]; pairs: PairOutcome[] } | null {
  const seen = firstSight.sources[source];
  if (!seen) return null;
  const rules: PredictionOutcome[] = [];
  const combined: PredictionOutcome[] = [];
  for (const item of dataset.predictions) {
    const measures = seen.predictions[item.id];
    if (sourceOf(item) !== source || !measures) continue;
    const opinion = modelOpinion(model, modelInput(extractFeatures(item.text), model));
    const got = combine(rulePoints(measures), false, opinion, combination).category ?? 'none';
    // Quality bands are not part of this estimate; the tier is a placeholder.
    const base = { id: item.id, lang: item.lang, label: item.label, band: item.band, text: item.text };
    rules.push({ ...base, got: measures.rules, tier: 'needs_improvement' });
    combined.push({ ...base, got, tier: 'needs_improvement' });
  }
  const pairs = dataset.pairs
    .filter((p) => sourceOf(p) === source && p.id in seen.pairs)
    .map((pair) => ({ pair, duplicate: seen.pairs[pair.id] === true, candidate: true }));
  return { rules, combined, pairs };
}

export function crossValidate(dataset: Dataset, setup: ModelSetup = TRAINING) {
  const figures = (rules: PredictionOutcome[], combined: PredictionOutcome[], pairs: PairOutcome[]) => ({
    rules: cvFigures(summarise(rules, pairs)),
    combined: cvFigures(summarise(combined, pairs)),
  });
  const pooled = (runs: ReadonlyArray<Pick<FoldRun, 'rules' | 'combined' | 'pairs'>>) =>
    figures(
      runs.flatMap((r) => r.rules),
      runs.flatMap((r) => r.combined),
      runs.flatMap((r) => r.pairs),
    );
  const bySource = runFolds(sourceFolds(dataset), dataset.referenceDate, setup);
  const firstSight = bySource.flatMap((run) => {
    const outcomes = firstSightOutcomes(dataset, run.name, run.model);
    return outcomes ? [{ name: run.name, ...outcomes }] : [];
  });
  const kFold = runFolds(stratifiedFolds(dataset), dataset.referenceDate, setup);
  return {
    version: SCORING_VERSION,
    setup: { ...setup, dense: [...setup.dense] },
    leaveOneSourceOut: {
      note: 'Each source (author) scored by a model trained without it, with the current rules. The rules were tuned on every source but the newest former blind set, so elsewhere their part is in-sample.',
      bySource: Object.fromEntries(bySource.map((r) => [r.name, figures(r.rules, r.combined, r.pairs)])),
      pooled: pooled(bySource),
    },
    firstSight: {
      note: "Each former blind set as a new author: the rules as they were when it was first measured (eval/first-sight.json) plus a model trained without it. 'rules' is what the engine of the day scored.",
      bySource: Object.fromEntries(firstSight.map((r) => [r.name, figures(r.rules, r.combined, r.pairs)])),
      pooled: pooled(firstSight),
    },
    kFold: {
      note: 'Stratified folds: the model never sees its test fold, the rules have seen every fold.',
      folds: KFOLD.folds,
      seed: KFOLD.seed,
      pooled: pooled(kFold),
    },
  };
}
export type CrossValidation = ReturnType<typeof crossValidate>;
