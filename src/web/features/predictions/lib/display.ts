import { countOf } from '#shared/rules/numbers.ts';
import type { MemberPrediction, MemberStatsReply, ReliabilityLabel } from '#shared/schemas/predictions.ts';

// How the dashboard turns numbers into words (SPEC.md §2 'Dashboard', §9 cut-offs).

/** SPEC.md §9 'Sentiment cutoff': above 0.1 positive, below −0.1 negative. */
export type SentimentLabel = 'Positive' | 'Negative' | 'Neutral';
export function sentimentLabel(score: number | null): SentimentLabel {
  if (score === null) return 'Neutral';
  if (score > 0.1) return 'Positive';
  if (score < -0.1) return 'Negative';
  return 'Neutral';
}

/** SPEC.md §9 'Improve Quality button': under 70. */
const IMPROVE_QUALITY_BELOW = 70;
export const needsImprovement = (score: number | null) => score !== null && score < IMPROVE_QUALITY_BELOW;

/**
 * A member who joined in the last day is greeted 'Welcome', not 'Welcome back': they have not been
 * away yet.
 */
export const isNewMember = (createdAt: string, now = Date.now()): boolean =>
  now - Date.parse(createdAt) < 24 * 60 * 60 * 1000;

/** SPEC.md §9 'Quality modal levels': 70+ high, 40+ medium, else low. */
export type QualityLevel = 'high' | 'medium' | 'low';
export function qualityLevel(score: number): QualityLevel {
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  return 'low';
}

export const RELIABILITY_WORDS: Record<ReliabilityLabel, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

/** SPEC.md §9 'Counter': a warning above 400 characters, danger at 500. */
export type CounterState = 'normal' | 'warning' | 'danger';
export function counterState(length: number): CounterState {
  if (length >= 500) return 'danger';
  if (length > 400) return 'warning';
  return 'normal';
}

/** 'November 2026' */
export function monthYear(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** 'Nov 22, 2026' in the reader's time zone. */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A UTC day key ('2026-11-22') as 'Nov 22'; days are UTC buckets, labelled as such. */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export interface Insight {
  tone: 'success' | 'info' | 'warning';
  title: string;
  text: string;
}

/** The 'Performance Dashboard' insights: SPEC.md §9 'Insight message cutoffs'. */
export function performanceInsights(
  stats: Pick<MemberStatsReply, 'totalPredictions' | 'flaggedCount' | 'averageScore'>,
): Insight[] {
  const out: Insight[] = [];
  const { totalPredictions: total, flaggedCount: flagged, averageScore: score } = stats;
  if (total < 5) {
    out.push({
      tone: 'info',
      title: 'Build your track record',
      text:
        total === 0
          ? 'Publish your first predictions: your insights and reliability appear after 5 of them.'
          : `You have ${total} prediction${total === 1 ? '' : 's'}. After 5, your insights and reliability become meaningful.`,
    });
  }
  if (score !== null) {
    if (score >= 90) {
      out.push({
        tone: 'success',
        title: 'Outstanding quality',
        text: 'Your predictions are specific, measurable and time-bound. Keep it up.',
      });
    } else if (score >= 70) {
      out.push({
        tone: 'success',
        title: 'Good quality',
        text: 'Most of your predictions are clear and checkable. Add numbers and dates to reach the top.',
      });
    } else if (score >= 50) {
      out.push({
        tone: 'info',
        title: 'Fair quality',
        text: 'Add a time frame and a measurable outcome to make your predictions easier to verify.',
      });
    } else {
      out.push({
        tone: 'warning',
        title: 'Room to improve',
        text: 'Say what will happen, by when, and how we will know: "X will reach Y by 2028".',
      });
    }
  }
  if (total > 0) {
    const ratio = flagged / total;
    if (ratio > 0.3) {
      out.push({
        tone: 'warning',
        title: 'Many predictions flagged',
        text: 'Over 30% of your predictions were flagged. Open a Flagged badge to see why before publishing more.',
      });
    } else if (ratio > 0.1) {
      out.push({
        tone: 'info',
        title: 'Some predictions flagged',
        text: 'A few of your predictions were flagged. Their Flagged badges explain what to change.',
      });
    } else {
      out.push({
        tone: 'success',
        title: 'Clean record',
        text: 'Almost none of your predictions were flagged.',
      });
    }
  }
  return out;
}

/** SPEC.md §9 'Dashboard': the doughnut shows the top 8 categories, the rest summed as 'Other'. */
const DOUGHNUT_TOP = 8;

export function doughnutSlices(
  distribution: ReadonlyArray<{ category: string; count: number }>,
): Array<{ category: string; count: number }> {
  const sorted = [...distribution].sort((a, b) => b.count - a.count);
  const top = sorted.slice(0, DOUGHNUT_TOP).map((s) => ({ category: s.category, count: s.count }));
  const rest = sorted.slice(DOUGHNUT_TOP).reduce((n, s) => n + s.count, 0);
  if (rest > 0) {
    // 'Other' is also a real category: the remainder joins it rather than appearing twice.
    const other = top.find((s) => s.category === 'Other');
    if (other) other.count += rest;
    else top.push({ category: 'Other', count: rest });
  }
  return top;
}

/** One sentence that says what the daily chart shows. */
export function activitySummary(days: ReadonlyArray<{ date: string; count: number }>): string {
  const total = days.reduce((n, d) => n + d.count, 0);
  if (total === 0) return `No predictions in the last ${countOf(days.length, 'day')}.`;
  const best = days.reduce((a, b) => (b.count > a.count ? b : a));
  const active = days.filter((d) => d.count > 0).length;
  return `${countOf(total, 'prediction')} in the last ${countOf(days.length, 'day')}, on ${countOf(active, 'day')}; the busiest was ${dayLabel(best.date)} with ${best.count}.`;
}

export function categoriesSummary(slices: ReadonlyArray<{ category: string; count: number }>): string {
  const total = slices.reduce((n, s) => n + s.count, 0);
  if (total === 0) return 'No categories yet.';
  const parts = slices.map((s) => `${s.category} ${Math.round((s.count / total) * 100)}%`);
  return `Share of your predictions by category: ${parts.join(', ')}.`;
}

/** One line of advice after publishing: a reason that moved the score, or a tip. */
export type Highlight = { kind: 'reason'; text: string; effect: number } | { kind: 'tip'; text: string };

/** Book-keeping lines of the analysis, not reasons a member can act on. */
const NOT_ADVICE = new Set(['base', 'bounds', 'flag_cap', 'statistical_model']);

/**
 * What the 'Prediction Launched!' screen says about the analysis: the reasons that moved the score
 * most (up or down), then the analysis's tips when fewer reasons did.
 */
export function analysisHighlights(
  p: Pick<MemberPrediction, 'analysis_result' | 'suggestions'>,
  count = 2,
): Highlight[] {
  const reasons: Highlight[] = p.analysis_result.reasons
    .filter((r) => r.effect !== 0 && !NOT_ADVICE.has(r.code))
    .sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect))
    .slice(0, count)
    .map((r) => ({ kind: 'reason', text: r.label, effect: r.effect }));
  const tips: Highlight[] = p.suggestions.map((s) => ({ kind: 'tip', text: `${s.title}: ${s.description}` }));
  return [...reasons, ...tips].slice(0, count);
}
