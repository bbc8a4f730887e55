import type { MOMENTUM_TRENDS, QualityTierLabel } from '#shared/schemas/analytics.ts';
import { QUALITY_TIER_CUTOFFS, qualityTier } from '#server/scoring/engine.ts';
import type { QualityTier } from '#server/scoring/types.ts';

// The pure arithmetic behind the analytics replies: no I/O, tested on hand-computed fixtures.

const DAY_MS = 86_400_000;

export const round1 = (n: number): number => Math.round(n * 10) / 10;

export const percent = (part: number, whole: number): number =>
  whole > 0 ? round1((part / whole) * 100) : 0;

export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** The UTC day `offset` days from `day` ('YYYY-MM-DD'). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** Every UTC day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Monday = 0 … Sunday = 6, for a UTC day. */
export const weekdayIndex = (day: string): number => (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7;

const TIER_LABELS: Record<QualityTier, QualityTierLabel> = {
  high: 'High Quality',
  good: 'Good Quality',
  fair: 'Fair Quality',
  needs_improvement: 'Needs Improvement',
};

export const tierLabel = (score: number): QualityTierLabel => TIER_LABELS[qualityTier(score)];

export { QUALITY_TIER_CUTOFFS };

/** SPEC.md §9 reliability labels (80+ excellent, 60+ good, 40+ fair, else poor). */
export function healthLabel(score: number | null): string {
  if (score === null) return 'No data';
  if (score >= 80) return 'Excellent';
  if (score >= 60) return 'Good';
  if (score >= 40) return 'Fair';
  return 'Poor';
}

/** Pearson's r; null with fewer than 3 points or when either variable is constant. */
export function pearson(points: readonly { x: number; y: number }[]): number | null {
  const n = points.length;
  if (n < 3) return null;
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sx += p.x;
    sy += p.y;
  }
  const mx = sx / n;
  const my = sy / n;
  let cov = 0;
  let vx = 0;
  let vy = 0;
  for (const p of points) {
    const dx = p.x - mx;
    const dy = p.y - my;
    cov += dx * dy;
    vx += dx * dx;
    vy += dy * dy;
  }
  if (vx === 0 || vy === 0) return null;
  return Math.round((cov / Math.sqrt(vx * vy)) * 1000) / 1000;
}

/** The usual reading of |r|: under 0.1 none, 0.3 weak, 0.5 moderate, 0.7 strong, else very strong. */
export function interpretCorrelation(r: number | null): string {
  if (r === null) return 'not enough data';
  const a = Math.abs(r);
  if (a < 0.1) return 'no meaningful correlation';
  const direction = r > 0 ? 'positive' : 'negative';
  if (a < 0.3) return `weak ${direction}`;
  if (a < 0.5) return `moderate ${direction}`;
  if (a < 0.7) return `strong ${direction}`;
  return `very strong ${direction}`;
}

export type MomentumTrend = (typeof MOMENTUM_TRENDS)[number];

/** Growth of the window over the one before, in percent; null when the one before was empty. */
export function growth(recent: number, previous: number): { rate: number | null; trend: MomentumTrend } {
  if (previous === 0) return { rate: null, trend: recent > 0 ? 'new' : 'quiet' };
  const rate = round1(((recent - previous) / previous) * 100);
  const trend: MomentumTrend =
    rate >= 25
      ? 'surging'
      : rate >= 5
        ? 'growing'
        : rate > -5
          ? 'steady'
          : rate > -25
            ? 'slowing'
            : 'falling';
  return { rate, trend };
}

/** Index of the largest value (the earliest on a tie); -1 when all are zero. */
export function argmax(values: readonly number[]): number {
  let best = -1;
  let max = 0;
  values.forEach((v, i) => {
    if (v > max) {
      max = v;
      best = i;
    }
  });
  return best;
}

/** Night 00–06, Morning 06–12, Afternoon 12–18, Evening 18–24 (UTC). */
export function periodOf(hour: number): 'Night' | 'Morning' | 'Afternoon' | 'Evening' {
  if (hour < 6) return 'Night';
  if (hour < 12) return 'Morning';
  if (hour < 18) return 'Afternoon';
  return 'Evening';
}

export const formatHour = (hour: number): string =>
  `${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00 UTC`;

export const windowPhrase = (days: number): string => `the last ${days} days`;
