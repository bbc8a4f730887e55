import { describe, expect, it } from 'vitest';
import { reliabilityLabel } from '#shared/schemas/predictions.ts';
import { memberReliability, RELIABILITY_PRIOR } from './reliability.ts';

const member = (scores: number[], flagged = 0) =>
  memberReliability({
    total: scores.length,
    flagged,
    scored: scores.length,
    scoreSum: scores.reduce((a, b) => a + b, 0),
    textQualitySum: scores.reduce((a, b) => a + b / 100, 0),
  });

describe('member reliability', () => {
  it('has no score without evidence', () => {
    expect(member([])).toEqual({
      overall_reliability_score: null,
      total_predictions: 0,
      flagged_predictions: 0,
      avg_text_quality: null,
      label: null,
    });
  });

  it('needs a record: one excellent prediction stays near the prior', () => {
    const one = member([95]);
    expect(one.overall_reliability_score).toBe(57.5);
    expect(one.label).toBe('fair');
    const many = member(Array(40).fill(95));
    expect(many.overall_reliability_score).toBe(90);
    expect(many.label).toBe('excellent');
  });

  it('moves toward the member’s own average as predictions accumulate', () => {
    const scores = [10, 20, 30, 40, 50, 60, 70, 80, 90].map(
      (n) => member(Array(n).fill(85)).overall_reliability_score,
    );
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThan(scores[i - 1] as number);
    expect(scores.at(-1)).toBeLessThan(85);
  });

  it('penalises flags beyond their low scores', () => {
    const clean = member(Array(10).fill(80));
    const flaggedScores = member([...Array(8).fill(80), 80, 80], 2);
    expect(flaggedScores.overall_reliability_score).toBeCloseTo(
      (clean.overall_reliability_score as number) - (RELIABILITY_PRIOR.flagPenalty * 2) / 15,
      1,
    );
    const mostlyFlagged = member(Array(10).fill(30), 8);
    expect(mostlyFlagged.label).toBe('poor');
  });

  it('stays within 0..100 and reports the average text quality', () => {
    expect(member(Array(5).fill(0), 5).overall_reliability_score).toBe(5);
    expect(member(Array(50).fill(0), 50).overall_reliability_score).toBe(0);
    expect(member(Array(500).fill(100)).overall_reliability_score).toBeLessThanOrEqual(100);
    expect(member([80, 60]).avg_text_quality).toBe(0.7);
  });

  it('maps to SPEC §9 labels at 80, 60 and 40', () => {
    expect([80, 79.9, 60, 59.9, 40, 39.9, 0].map(reliabilityLabel)).toEqual([
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
  });
});
