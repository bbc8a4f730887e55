import { describe, expect, it } from 'vitest';
import {
  activitySummary,
  analysisHighlights,
  counterState,
  doughnutSlices,
  isNewMember,
  needsImprovement,
  performanceInsights,
  qualityLevel,
  sentimentLabel,
} from './display';

describe('dashboard display rules', () => {
  it('labels sentiment at ±0.1 (SPEC §9)', () => {
    expect([0.11, 0.1, 0, -0.1, -0.11, null].map(sentimentLabel)).toEqual([
      'Positive',
      'Neutral',
      'Neutral',
      'Neutral',
      'Negative',
      'Neutral',
    ]);
  });

  it('greets a member who joined in the last day as new', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(isNewMember('2026-11-26T11:00:00Z', now)).toBe(true);
    expect(isNewMember('2026-11-25T12:00:01Z', now)).toBe(true);
    expect(isNewMember('2026-11-25T11:59:59Z', now)).toBe(false);
  });

  it('offers Improve Quality under 70 and grades the modal at 70/40', () => {
    expect([69, 70, null].map(needsImprovement)).toEqual([true, false, false]);
    expect([100, 70, 69, 40, 39, 0].map(qualityLevel)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
  });

  it('warns above 400 characters and shows danger at 500', () => {
    expect([0, 400, 401, 499, 500].map(counterState)).toEqual([
      'normal',
      'normal',
      'warning',
      'warning',
      'danger',
    ]);
  });

  it('keeps the top 8 categories and sums the rest into Other', () => {
    const many = 'ABCDEFGHIJ'.split('').map((c, i) => ({ category: c, count: 20 - i }));
    const slices = doughnutSlices(many);
    expect(slices).toHaveLength(9);
    expect(slices.at(-1)).toEqual({ category: 'Other', count: 12 + 11 });
    const withOther = doughnutSlices([...many, { category: 'Other', count: 30 }]);
    expect(withOther).toHaveLength(8);
    expect(withOther[0]).toEqual({ category: 'Other', count: 30 + 13 + 12 + 11 });
    expect(doughnutSlices([{ category: 'Economy', count: 2 }])).toEqual([{ category: 'Economy', count: 2 }]);
  });

  it('describes the activity chart in words', () => {
    expect(activitySummary([{ date: '2026-11-01', count: 0 }])).toBe('No predictions in the last 1 day.');
    expect(
      activitySummary([
        { date: '2026-11-01', count: 1 },
        { date: '2026-11-02', count: 3 },
      ]),
    ).toBe('4 predictions in the last 2 days, on 2 days; the busiest was Nov 2 with 3.');
    expect(
      activitySummary([
        { date: '2026-11-01', count: 0 },
        { date: '2026-11-02', count: 1 },
      ]),
    ).toBe('1 prediction in the last 2 days, on 1 day; the busiest was Nov 2 with 1.');
  });

  it('picks insights by the §9 cut-offs: scores 90/70/50, flag ratios 0.3/0.1, fewer than 5', () => {
    const titles = (s: { totalPredictions: number; flaggedCount: number; averageScore: number | null }) =>
      performanceInsights(s).map((i) => i.title);
    expect(titles({ totalPredictions: 0, flaggedCount: 0, averageScore: null })).toEqual([
      'Build your track record',
    ]);
    expect(titles({ totalPredictions: 10, flaggedCount: 0, averageScore: 90 })).toEqual([
      'Outstanding quality',
      'Clean record',
    ]);
    expect(titles({ totalPredictions: 10, flaggedCount: 2, averageScore: 70 })).toEqual([
      'Good quality',
      'Some predictions flagged',
    ]);
    expect(titles({ totalPredictions: 10, flaggedCount: 4, averageScore: 50 })).toEqual([
      'Fair quality',
      'Many predictions flagged',
    ]);
    expect(titles({ totalPredictions: 4, flaggedCount: 1, averageScore: 49 })).toEqual([
      'Build your track record',
      'Room to improve',
      'Some predictions flagged',
    ]);
  });
});

describe('analysisHighlights (the Prediction Launched! screen)', () => {
  const reason = (code: string, label: string, effect: number) => ({ code, label, effect });
  const suggestion = (title: string, description: string) => ({
    title,
    description,
    priority: 'medium' as const,
    icon: '💡',
    category: 'quality',
  });
  const analysis = (reasons: ReturnType<typeof reason>[]) => ({
    score: 70,
    tier: 'good' as const,
    version: '2.0.0',
    language: 'en',
    reasons,
  });

  it('gives the two reasons that moved the score most, up or down, without the book-keeping lines', () => {
    expect(
      analysisHighlights({
        analysis_result: analysis([
          reason('base', 'Starting point', 40),
          reason('time_bound', 'Has a time frame or date', 10),
          reason('no_specifics', 'Does not name who or what', 0),
          reason('hedged', 'Hedged (maybe)', -12),
          reason('measurable_quantity', 'Names a measurable quantity', 15),
          reason('bounds', 'Kept within 0..100', -3),
        ]),
        suggestions: [suggestion('Commit to the claim', 'Drop "maybe".')],
      }),
    ).toEqual([
      { kind: 'reason', text: 'Names a measurable quantity', effect: 15 },
      { kind: 'reason', text: 'Hedged (maybe)', effect: -12 },
    ]);
  });

  it('fills up with the analysis tips when fewer reasons moved it', () => {
    expect(
      analysisHighlights({
        analysis_result: analysis([
          reason('base', 'Starting point', 40),
          reason('time_bound', 'Has a time frame or date', 10),
        ]),
        suggestions: [
          suggestion('Make it measurable', 'Add a number.'),
          suggestion('Name who or what', 'Say who.'),
        ],
      }),
    ).toEqual([
      { kind: 'reason', text: 'Has a time frame or date', effect: 10 },
      { kind: 'tip', text: 'Make it measurable: Add a number.' },
    ]);
    expect(analysisHighlights({ analysis_result: analysis([]), suggestions: [] })).toEqual([]);
  });
});
