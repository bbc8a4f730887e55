import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCORING_VERSION } from '../engine.ts';
import {
  AGREEMENT_FLOOR,
  blindSummary,
  type EvaluationResults,
  evaluate,
  loadBlindDataset,
  loadDataset,
} from './evaluate.ts';

const committed = JSON.parse(
  readFileSync(new URL('./results.json', import.meta.url), 'utf8'),
) as EvaluationResults & {
  timing?: unknown;
  generatedBy?: unknown;
  blind?: unknown;
  advertised?: { accuracy: number | null; source: string | null };
};

describe('scoring evaluation', () => {
  const results = evaluate();

  it('is what results.json advertises (run `npm run eval:scoring` after changing the engine)', () => {
    const { timing: _timing, generatedBy: _by, blind, advertised, ...figures } = committed;
    expect(committed.version).toBe(SCORING_VERSION);
    expect(figures).toEqual(results);
    const blindData = loadBlindDataset();
    const expectedBlind = blindData ? blindSummary(evaluate(blindData)) : null;
    expect(blind).toEqual(expectedBlind);
    // The advertised accuracy is the blind figure, never the in-sample one.
    expect(advertised).toEqual({
      accuracy: expectedBlind?.overallAgreement ?? null,
      source: expectedBlind ? 'blind.json' : null,
    });
  });

  it('meets the floors the product promises', () => {
    expect(results.overallAgreement).toBeGreaterThanOrEqual(AGREEMENT_FLOOR);
    expect(results.overallAgreement).toBeGreaterThanOrEqual(0.94);
    expect(results.falseFlagRate).toBeLessThanOrEqual(0.02);
    expect(results.duplicateRecall).toBeGreaterThanOrEqual(0.95);
    expect(results.distinctFalsePositives).toBe(0);
  });

  it('covers every flag, quality band and the required languages', () => {
    const { predictions, pairs } = loadDataset();
    expect(predictions.length).toBeGreaterThanOrEqual(250);
    expect(predictions.filter((p) => p.lang === 'fa').length).toBeGreaterThanOrEqual(20);
    expect(predictions.filter((p) => p.lang !== 'fa' && p.lang !== 'en').length).toBeGreaterThanOrEqual(10);
    expect(pairs.length).toBeGreaterThanOrEqual(30);
    for (const label of ['spam', 'abusive', 'gibberish', 'machine_generated', 'not_a_prediction'] as const) {
      expect(predictions.some((p) => p.label === label)).toBe(true);
    }
    for (const band of ['high', 'good', 'fair', 'needs_improvement'] as const) {
      expect(predictions.some((p) => p.band === band)).toBe(true);
    }
    expect(new Set(predictions.map((p) => p.id)).size).toBe(predictions.length);
  });
});
