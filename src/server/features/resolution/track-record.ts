import {
  CALIBRATION_BUCKETS,
  RESOLUTION_LIMITS,
  type CalibrationBucket,
  type TrackRecord,
} from '#shared/schemas/resolution.ts';
import type { Outcome } from '#shared/schemas/resolution-state.ts';

// Track records from stored counters (issue 26, docs/decisions/015-resolution.md). Every figure is
// a sum kept up to date as resolutions come and go, so reading one is a primary-key lookup. A
// prediction's share of those sums is its `contribution`; any change (resolved, changed, disputed,
// fallen due, deleted) adds the difference between its contribution after and before.

const BUCKET_FLOORS = [50, 60, 70, 80, 90] as const;
type BucketFloor = (typeof BUCKET_FLOORS)[number];

export type CounterName =
  | 'resolved'
  | 'came_true'
  | 'scored'
  | 'brier_sum'
  | 'due_open'
  | `b${BucketFloor}_${'n' | 'conf' | 'yes'}`;

export const COUNTER_NAMES: readonly CounterName[] = [
  'resolved',
  'came_true',
  'scored',
  'brier_sum',
  'due_open',
  ...BUCKET_FLOORS.flatMap((b) => [`b${b}_n`, `b${b}_conf`, `b${b}_yes`] as const),
];

export type Counters = Record<CounterName, number>;

export const zeroCounters = (): Counters => Object.fromEntries(COUNTER_NAMES.map((n) => [n, 0])) as Counters;

/** What a track record needs to know about one prediction. */
export interface PredictionFacts {
  confidence: number | null;
  /** The reminder job has noted it fell due (its resolve-by date passed). */
  dueNoted: boolean;
  resolution: { outcome: Outcome; disputed: boolean } | null;
}

/** 5+ votes and more disagree than agree. */
export const isDisputed = (agree: number, disagree: number): boolean =>
  agree + disagree >= RESOLUTION_LIMITS.disputeMinVotes && disagree > agree;

/** This prediction's share of the counters. Ambiguous and disputed resolutions add nothing. */
export function contribution(p: PredictionFacts): Counters {
  const c = zeroCounters();
  if (p.resolution === null) {
    if (p.dueNoted) c.due_open = 1;
    return c;
  }
  const { outcome, disputed } = p.resolution;
  if (disputed || outcome === 'ambiguous') return c;
  const yes = outcome === 'yes' ? 1 : 0;
  c.resolved = 1;
  c.came_true = yes;
  if (p.confidence !== null) {
    const floor = (Math.min(99, Math.max(50, p.confidence)) - (p.confidence % 10)) as BucketFloor;
    c.scored = 1;
    // (confidence/100 − outcome)², times 10,000: an integer, so sums never drift.
    c.brier_sum = (p.confidence - 100 * yes) ** 2;
    c[`b${floor}_n`] = 1;
    c[`b${floor}_conf`] = p.confidence;
    c[`b${floor}_yes`] = yes;
  }
  return c;
}

/** after − before, or null when nothing changes. */
export function difference(after: Counters, before: Counters): Counters | null {
  const d = zeroCounters();
  let any = false;
  for (const n of COUNTER_NAMES) {
    d[n] = after[n] - before[n];
    if (d[n] !== 0) any = true;
  }
  return any ? d : null;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The stored Brier score of a counters row (the leaderboard's sort key). */
const brierOf = (c: Pick<Counters, 'scored' | 'brier_sum'>): number | null =>
  c.scored > 0 ? c.brier_sum / (c.scored * 10_000) : null;

export function trackRecordFromCounters(c: Counters): TrackRecord {
  const calibration: CalibrationBucket[] = BUCKET_FLOORS.map((b, i) => {
    const count = c[`b${b}_n`];
    return {
      bucket: CALIBRATION_BUCKETS[i] as CalibrationBucket['bucket'],
      predicted: count ? round(c[`b${b}_conf`] / count / 100, 4) : null,
      observed: count ? round(c[`b${b}_yes`] / count, 4) : null,
      count,
    };
  });
  const brier = brierOf(c);
  const dueOrPast = c.resolved + c.due_open;
  return {
    resolved: c.resolved,
    came_true: c.came_true,
    came_true_rate: c.resolved ? round(c.came_true / c.resolved, 4) : null,
    brier: brier === null ? null : round(brier, 4),
    scored: c.scored,
    calibration,
    resolution_rate: dueOrPast ? round(c.resolved / dueOrPast, 4) : null,
  };
}
