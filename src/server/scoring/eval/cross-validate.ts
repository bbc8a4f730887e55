import { analyzePrediction, committedModels, type EngineModels } from '#server/scoring/engine.ts';
import { FLAG_CLASSES } from '#server/scoring/flag-model.ts';
import { quantize } from '#server/scoring/linear-model.ts';
import { SENTIMENT_CLASSES } from '#server/scoring/sentiment.ts';
import { seededRandom } from '#server/test/seeded-random.ts';
import {
  type BandFigures,
  type FlagFigures,
  flagFigures,
  flagOf,
  measureBands,
  type SentimentFigures,
  type Scorer,
  sentimentFigures,
  outlookOf,
} from './measure.ts';
import type { BandSet, FlagLabel, FlagSet, Outlook, SentimentSet } from './sets.ts';
import {
  FLAG_TRAINING,
  flagExamples,
  SENTIMENT_TRAINING,
  sentimentExamples,
  type Setup,
} from './training.ts';
import { trainModel } from './train-model.ts';

// k-fold cross-validation on the dev set: each item is scored by classifiers trained without it.
// The rules were written looking at the whole dev set, so these figures are an upper bound for
// text nobody has seen; the held-out sets (eval/heldout/) give the honest ones.

const KFOLD = { folds: 5, seed: 20261101 } as const;

/** Fold of each item, stratified by label: every label spread evenly over the folds. */
function foldsOf(labels: readonly string[], k: number = KFOLD.folds, seed: number = KFOLD.seed): number[] {
  const random = seededRandom(seed);
  const fold = new Array<number>(labels.length).fill(0);
  for (const label of [...new Set(labels)].sort()) {
    const ids = labels.flatMap((l, i) => (l === label ? [i] : []));
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j] ?? 0, ids[i] ?? 0];
    }
    ids.forEach((id, n) => {
      fold[id] = n % k;
    });
  }
  return fold;
}

export interface CrossValidated {
  folds: number;
  seed: number;
  flags: FlagFigures;
  /** The dev bands, each scored with the flag classifier of the fold that left it out. */
  bands: BandFigures;
  sentiment: SentimentFigures;
}

const scorerFor =
  (models: EngineModels): Scorer =>
  (text, now) =>
    analyzePrediction({ text, categories: [], now }, models);

export function crossValidate(
  sets: { flags: FlagSet; sentiment: SentimentSet; bands: BandSet },
  flagSetup: Setup = FLAG_TRAINING,
  sentimentSetup: Setup = SENTIMENT_TRAINING,
): CrossValidated {
  const referenceDate = sets.flags.referenceDate ?? '';
  const now = new Date(referenceDate);
  const committed = committedModels();

  const flagItems = sets.flags.predictions;
  const flagFold = foldsOf(flagItems.map((p) => p.label));
  const flagExamplesAll = flagExamples(flagItems, now, flagSetup);
  const gotFlag = new Array<FlagLabel>(flagItems.length).fill('none');
  const bandFold = new Map(flagItems.map((p, i) => [p.id, flagFold[i] ?? 0]));
  const bandScores = new Map<string, Scorer>();
  for (let f = 0; f < KFOLD.folds; f++) {
    const model = quantize(
      trainModel(
        flagExamplesAll.filter((_, i) => flagFold[i] !== f),
        FLAG_CLASSES,
        flagSetup,
        flagSetup,
      ),
    );
    const score = scorerFor({ flags: model, sentiment: committed.sentiment });
    flagItems.forEach((item, i) => {
      if (flagFold[i] === f) gotFlag[i] = flagOf(score(item.text, now));
    });
    bandScores.set(String(f), score);
  }
  // Each band item through the flag model of its own fold.
  const bandScorer: Scorer = (text, at) => {
    const item = sets.bands.predictions.find((p) => p.text === text);
    const fold = item ? bandFold.get(item.id) : undefined;
    return (bandScores.get(String(fold ?? 0)) ?? scorerFor(committed))(text, at);
  };

  const sentimentItems = sets.sentiment.predictions;
  const sentimentFold = foldsOf(sentimentItems.map((p) => p.sentiment));
  const sentimentAll = sentimentExamples(sentimentItems, sentimentSetup);
  const gotOutlook = new Array<Outlook>(sentimentItems.length).fill('neutral');
  for (let f = 0; f < KFOLD.folds; f++) {
    const model = quantize(
      trainModel(
        sentimentAll.filter((_, i) => sentimentFold[i] !== f),
        SENTIMENT_CLASSES,
        sentimentSetup,
        sentimentSetup,
      ),
    );
    const score = scorerFor({ flags: committed.flags, sentiment: model });
    sentimentItems.forEach((item, i) => {
      if (sentimentFold[i] === f) gotOutlook[i] = outlookOf(score(item.text, now).sentiment_score);
    });
  }

  return {
    folds: KFOLD.folds,
    seed: KFOLD.seed,
    flags: flagFigures(flagItems, gotFlag),
    bands: measureBands(sets.bands, bandScorer, referenceDate),
    sentiment: sentimentFigures(sentimentItems, gotOutlook),
  };
}
