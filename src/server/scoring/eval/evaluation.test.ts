import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzePrediction, SCORING_VERSION } from '#server/scoring/engine.ts';
import { FLAG_CLASSES } from '#server/scoring/flag-model.ts';
import { encodeModel, type StoredModel } from '#server/scoring/linear-model.ts';
import { measureSets, type Scorer } from './measure.ts';
import { bandLines, flagLines, sentimentLines, setLines } from './report.ts';
import { engineFingerprint } from './fingerprint.ts';
import { advertised, type Results, RESULTS_URL } from './results.ts';
import { devSets, HELDOUT_DIR, loadSets } from './sets.ts';
import { trainModel } from './train-model.ts';
import { FLAG_TRAINING, flagExamples, flagInputsHash, sentimentInputsHash } from './training.ts';

const results = JSON.parse(readFileSync(RESULTS_URL, 'utf8')) as Results;
const stored = (file: string) =>
  JSON.parse(readFileSync(new URL(`../data/${file}`, import.meta.url), 'utf8')) as StoredModel;
const score: Scorer = (text, now) => analyzePrediction({ text, categories: [], now });
const FIXTURE = new URL('./fixtures/heldout-sample/', import.meta.url);

describe('the evaluation protocol', () => {
  it('reads the four held-out formats and measures each kind', () => {
    const figures = measureSets(loadSets(FIXTURE), score, '2026-11-01T00:00:00Z');
    // The fixture's last flag item is labelled 'abusive' on purpose: a disagreement is counted.
    expect(figures.flags).toMatchObject({
      items: 5,
      agreement: 0.8,
      falseFlagsOnGood: 0,
      disagreements: ['f5'],
    });
    expect(figures.flags?.perFlag.abusive).toMatchObject({ recall: 0, support: 1 });
    expect(figures.flags?.perFlag.spam).toMatchObject({ precision: 1, recall: 1 });
    expect(figures.pairs).toMatchObject({ pairs: 4, duplicateRecall: 1, distinctMerged: 0 });
    expect(figures.pairs?.byEdit).toEqual({
      abbreviation: { duplicates: 1, found: 1, distinct: 0, merged: 0 },
      negation: { duplicates: 0, found: 0, distinct: 1, merged: 0 },
      number: { duplicates: 1, found: 1, distinct: 1, merged: 0 },
      synonym: { duplicates: 1, found: 1, distinct: 0, merged: 0 },
    });
    expect(figures.sentiment).toMatchObject({ items: 3, majorityBaseline: 0.3333 });
    expect(figures.bands).toMatchObject({ items: 3, exact: 1, withinOne: 1 });
    const lines = setLines('sample', figures).join('\n');
    expect(lines).toContain('FLAGS, sample: 5 predictions');
    expect(lines).toContain('synonym');
  });

  it("says 'not present' for a held-out file that is not there", () => {
    const none = measureSets(loadSets(new URL('./fixtures/', import.meta.url)), score, '2026-11-01');
    expect(none).toEqual({ flags: null, pairs: null, sentiment: null, bands: null });
    expect(setLines('held-out', none)).toEqual([
      'FLAGS, held-out: not present',
      'PAIRS, held-out: not present',
      'SENTIMENT, held-out: not present',
      'BANDS, held-out: not present',
    ]);
    expect(advertised(none)).toBeNull();
  });

  it('advertises the held-out flags set’s agreement with its size, never a dev figure', () => {
    const figures = measureSets(loadSets(FIXTURE), score, '2026-11-01');
    expect(advertised(figures)).toEqual({ agreement: 0.8, items: 5, source: 'heldout/flags.json' });
    expect(results.advertised).toEqual(advertised(results.heldout));
  });
});

describe('results.json', () => {
  it('is current (run `npm run eval:scoring` after changing the engine) and prints the figures', () => {
    // Compared by fingerprint, never by measuring: a test run never measures the held-out sets.
    expect(results.version, 'bump SCORING_VERSION and run `npm run eval:scoring`').toBe(SCORING_VERSION);
    expect(results.engine, 'the engine changed since its measurement: run `npm run eval:scoring`').toBe(
      engineFingerprint(),
    );
    const cv = results.dev.crossValidated;
    // Every CI log shows the figures, held-out first.
    console.log(
      [
        `Futurecast scoring engine ${results.version}`,
        ...setLines('held-out (eval/heldout/)', results.heldout),
        ...flagLines(`dev, ${cv.folds}-fold cross-validated`, cv.flags),
        ...sentimentLines(`dev, ${cv.folds}-fold cross-validated`, cv.sentiment),
        ...bandLines('dev, flags cross-validated', cv.bands),
        ...setLines('dev, in sample', results.dev.inSample),
        `scoring time: p50 ${results.timing.p50Ms} ms; 500-character texts p99 ${results.timing.longestP99Ms} ms`,
      ].join('\n'),
    );
    // The held-out sets measured are those in eval/heldout/ (counted, not scored).
    const sets = loadSets(HELDOUT_DIR);
    expect(results.heldout.flags?.items ?? null).toBe(sets.flags?.predictions.length ?? null);
    expect(results.heldout.pairs?.pairs ?? null).toBe(sets.pairs?.pairs.length ?? null);
    expect(results.heldout.sentiment?.items ?? null).toBe(sets.sentiment?.predictions.length ?? null);
    expect(results.heldout.bands?.items ?? null).toBe(sets.bands?.predictions.length ?? null);
  });

  it('meets the targets on the dev set by cross-validation', () => {
    const cv = results.dev.crossValidated;
    expect(cv.flags.falseFlagsOnGood).toBeLessThanOrEqual(0.02);
    expect(cv.sentiment.agreement).toBeGreaterThanOrEqual(0.75);
    expect(cv.bands.exact).toBeGreaterThanOrEqual(0.8);
    expect(results.dev.inSample.pairs?.duplicateRecall).toBeGreaterThanOrEqual(0.95);
    expect(results.dev.inSample.pairs?.distinctMerged).toBe(0);
  });
});

describe('the committed models', () => {
  it('were trained on the current dev data and setup (run `npm run train:scoring`)', () => {
    const sets = devSets();
    expect(stored('flag-model.json').trainedOn.inputsHash).toBe(flagInputsHash(sets.flags));
    expect(stored('sentiment-model.json').trainedOn.inputsHash).toBe(sentimentInputsHash(sets.sentiment));
  });

  it('come from deterministic training: the same inputs give the same weights', () => {
    const sets = devSets();
    const sample = sets.flags.predictions.filter((_, i) => i % 40 === 0);
    const examples = flagExamples(sample, new Date(sets.flags.referenceDate ?? ''));
    const setup = { ...FLAG_TRAINING, iterations: 8 };
    const train = () =>
      encodeModel(trainModel(examples, FLAG_CLASSES, setup, setup), {
        examples: 0,
        inputsHash: '',
        training: {},
      });
    const first = train();
    expect(train()).toEqual(first);
    expect(first.gramWeights).not.toBe(
      encodeModel(trainModel(examples.slice(1), FLAG_CLASSES, setup, setup), first.trainedOn).gramWeights,
    );
  });
});
