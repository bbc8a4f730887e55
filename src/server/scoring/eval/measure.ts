import { compareTexts, signature } from '#server/scoring/near-duplicate.ts';
import type { Analysis } from '#server/scoring/types.ts';
import {
  type Band,
  BANDS,
  type BandSet,
  type FlagLabel,
  type FlagSet,
  type Outlook,
  OUTLOOKS,
  type PairSet,
  type SentimentSet,
} from './sets.ts';

// The figures of issue 28's table for each kind of labelled set, the same for the dev set and the
// held-out sets. Only aggregates and ids leave here: results.json never holds a held-out text.

/** Scores one text the way production does (without an author or a duplicate). */
export type Scorer = (text: string, now: Date) => Analysis;

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const ratio = (a: number, b: number) => (b === 0 ? null : round(a / b));
const f1 = (p: number | null, r: number | null) =>
  p === null || r === null || p + r === 0 ? null : round((2 * p * r) / (p + r));

const FLAGS = ['spam', 'abusive', 'gibberish', 'machine_generated', 'not_a_prediction'] as const;

export interface ClassFigures {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  support: number;
}

export interface FlagFigures {
  items: number;
  /** Share of items whose flag (or 'none') is the label's: the advertised figure. */
  agreement: number | null;
  /** Flagged or not, whatever the flag: the 'flag-or-block' figures. */
  flagged: ClassFigures;
  /** Good predictions (label 'none') that were flagged. */
  falseFlagsOnGood: number | null;
  perFlag: Record<(typeof FLAGS)[number], ClassFigures>;
  /** Ids the engine disagrees on (texts stay out). */
  disagreements: string[];
}

function classFigures(tp: number, fp: number, fn: number): ClassFigures {
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  return { precision, recall, f1: f1(precision, recall), support: tp + fn };
}

/** Flag decisions against labels: `got` is the engine's flag for each item, in order. */
export function flagFigures(labels: readonly { id: string; label: FlagLabel }[], got: readonly FlagLabel[]) {
  let agree = 0;
  const bin = { tp: 0, fp: 0, fn: 0 };
  let good = 0;
  let goodFlagged = 0;
  const per = Object.fromEntries(FLAGS.map((f) => [f, { tp: 0, fp: 0, fn: 0 }])) as Record<
    (typeof FLAGS)[number],
    { tp: number; fp: number; fn: number }
  >;
  const disagreements: string[] = [];
  labels.forEach((item, i) => {
    const g = got[i] ?? 'none';
    if (g === item.label) agree++;
    else disagreements.push(item.id);
    const expectFlag = item.label !== 'none';
    const gotFlag = g !== 'none';
    if (expectFlag && gotFlag) bin.tp++;
    else if (gotFlag) bin.fp++;
    else if (expectFlag) bin.fn++;
    if (!expectFlag) {
      good++;
      if (gotFlag) goodFlagged++;
    }
    for (const f of FLAGS) {
      if (g === f && item.label === f) per[f].tp++;
      else if (g === f) per[f].fp++;
      else if (item.label === f) per[f].fn++;
    }
  });
  return {
    items: labels.length,
    agreement: ratio(agree, labels.length),
    flagged: classFigures(bin.tp, bin.fp, bin.fn),
    falseFlagsOnGood: ratio(goodFlagged, good),
    perFlag: Object.fromEntries(
      FLAGS.map((f) => [f, classFigures(per[f].tp, per[f].fp, per[f].fn)]),
    ) as Record<(typeof FLAGS)[number], ClassFigures>,
    disagreements,
  } satisfies FlagFigures;
}

export const flagOf = (a: Analysis): FlagLabel => {
  const c = a.flag_reasoning?.category;
  return !c || c === 'duplicate' ? 'none' : c;
};

function measureFlags(set: FlagSet, score: Scorer, fallbackDate: string): FlagFigures {
  const now = new Date(set.referenceDate ?? fallbackDate);
  return flagFigures(
    set.predictions,
    set.predictions.map((p) => flagOf(score(p.text, now))),
  );
}

export interface PairFigures {
  pairs: number;
  duplicates: number;
  /** Duplicate pairs found. */
  duplicateRecall: number | null;
  /** Duplicate pairs whose texts share an LSH band: the index would fetch the candidate. */
  candidateRecall: number | null;
  distinct: number;
  /** Distinct pairs called duplicates (the target is none). */
  distinctMerged: number;
  byEdit: Record<string, { duplicates: number; found: number; distinct: number; merged: number }>;
  disagreements: string[];
}

function measurePairs(set: PairSet): PairFigures {
  const byEdit: PairFigures['byEdit'] = {};
  let duplicates = 0;
  let found = 0;
  let candidates = 0;
  let distinct = 0;
  let merged = 0;
  const disagreements: string[] = [];
  for (const pair of set.pairs) {
    const dup = compareTexts(pair.a, pair.b).duplicate;
    const edits = pair.edit
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    for (const edit of edits.length ? edits : ['(unlabelled)']) {
      byEdit[edit] ??= { duplicates: 0, found: 0, distinct: 0, merged: 0 };
      const e = byEdit[edit];
      if (pair.kind === 'duplicate') {
        e.duplicates++;
        if (dup) e.found++;
      } else {
        e.distinct++;
        if (dup) e.merged++;
      }
    }
    if (pair.kind === 'duplicate') {
      duplicates++;
      if (dup) found++;
      const bands = new Set(signature(pair.a).bands);
      if (signature(pair.b).bands.some((b) => bands.has(b))) candidates++;
    } else {
      distinct++;
      if (dup) merged++;
    }
    if (dup !== (pair.kind === 'duplicate')) disagreements.push(pair.id);
  }
  return {
    pairs: set.pairs.length,
    duplicates,
    duplicateRecall: ratio(found, duplicates),
    candidateRecall: ratio(candidates, duplicates),
    distinct,
    distinctMerged: merged,
    byEdit: Object.fromEntries(Object.entries(byEdit).sort(([a], [b]) => a.localeCompare(b))),
    disagreements,
  };
}

/** SPEC §2's badge: Positive above 0.1, Negative below −0.1, otherwise Neutral. */
export function outlookOf(score: number): Outlook {
  if (score > 0.1) return 'positive';
  if (score < -0.1) return 'negative';
  return 'neutral';
}

export interface SentimentFigures {
  items: number;
  agreement: number | null;
  /** What answering the commonest label every time would score. */
  majorityBaseline: number | null;
  perOutlook: Record<Outlook, ClassFigures>;
  disagreements: string[];
}

export function sentimentFigures(
  labels: readonly { id: string; sentiment: Outlook }[],
  got: readonly Outlook[],
): SentimentFigures {
  let agree = 0;
  const disagreements: string[] = [];
  const counts = Object.fromEntries(OUTLOOKS.map((o) => [o, { tp: 0, fp: 0, fn: 0 }])) as Record<
    Outlook,
    { tp: number; fp: number; fn: number }
  >;
  labels.forEach((item, i) => {
    const g = got[i] ?? 'neutral';
    if (g === item.sentiment) {
      agree++;
      counts[g].tp++;
    } else {
      disagreements.push(item.id);
      counts[g].fp++;
      counts[item.sentiment].fn++;
    }
  });
  const majority = Math.max(0, ...OUTLOOKS.map((o) => labels.filter((l) => l.sentiment === o).length));
  return {
    items: labels.length,
    agreement: ratio(agree, labels.length),
    majorityBaseline: ratio(majority, labels.length),
    perOutlook: Object.fromEntries(
      OUTLOOKS.map((o) => [o, classFigures(counts[o].tp, counts[o].fp, counts[o].fn)]),
    ) as Record<Outlook, ClassFigures>,
    disagreements,
  };
}

function measureSentiment(set: SentimentSet, score: Scorer, fallbackDate: string): SentimentFigures {
  const now = new Date(fallbackDate);
  return sentimentFigures(
    set.predictions,
    set.predictions.map((p) => outlookOf(score(p.text, now).sentiment_score)),
  );
}

/** The held-out bands: high ≥ 70, mid 40–69, low < 40 (SPEC §9's quality modal levels). */
export function bandOf(score: number): Band {
  if (score >= 70) return 'high';
  if (score >= 40) return 'mid';
  return 'low';
}

export interface BandFigures {
  items: number;
  exact: number | null;
  withinOne: number | null;
  /** Mean score the engine gave each labelled band. */
  meanScore: Record<Band, number | null>;
  disagreements: string[];
}

export function measureBands(set: BandSet, score: Scorer, fallbackDate: string): BandFigures {
  const now = new Date(set.referenceDate ?? fallbackDate);
  let exact = 0;
  let near = 0;
  const sums = Object.fromEntries(BANDS.map((b) => [b, { n: 0, sum: 0 }])) as Record<
    Band,
    { n: number; sum: number }
  >;
  const disagreements: string[] = [];
  for (const p of set.predictions) {
    const points = score(p.text, now).reliability_score;
    const got = bandOf(points);
    sums[p.band].n++;
    sums[p.band].sum += points;
    const distance = Math.abs(BANDS.indexOf(got) - BANDS.indexOf(p.band));
    if (distance === 0) exact++;
    else disagreements.push(p.id);
    if (distance <= 1) near++;
  }
  return {
    items: set.predictions.length,
    exact: ratio(exact, set.predictions.length),
    withinOne: ratio(near, set.predictions.length),
    meanScore: Object.fromEntries(
      BANDS.map((b) => [b, sums[b].n ? Math.round((sums[b].sum / sums[b].n) * 10) / 10 : null]),
    ) as Record<Band, number | null>,
    disagreements,
  };
}

export interface SetFigures {
  flags: FlagFigures | null;
  pairs: PairFigures | null;
  sentiment: SentimentFigures | null;
  bands: BandFigures | null;
}

/** Every kind present in a set of labelled sets; `fallbackDate` dates the sets that carry none. */
export function measureSets(
  sets: {
    flags: FlagSet | null;
    pairs: PairSet | null;
    sentiment: SentimentSet | null;
    bands: BandSet | null;
  },
  score: Scorer,
  fallbackDate: string,
): SetFigures {
  const date = sets.flags?.referenceDate ?? fallbackDate;
  return {
    flags: sets.flags ? measureFlags(sets.flags, score, date) : null,
    pairs: sets.pairs ? measurePairs(sets.pairs) : null,
    sentiment: sets.sentiment ? measureSentiment(sets.sentiment, score, date) : null,
    bands: sets.bands ? measureBands(sets.bands, score, date) : null,
  };
}
