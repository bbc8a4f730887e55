import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Db } from '#server/db/database.ts';
import type { Job } from '#server/jobs/scheduler.ts';
import { analyzePrediction, qualityTier, SCORING_VERSION } from '#server/scoring/engine.ts';
import { authorHistories, type NewScore, predictionsToRescore, saveRescored } from './rescore.repository.ts';

// When the engine changes, SCORING_VERSION changes, and stored analyses of an older version no
// longer say what the engine would: this job re-scores them, in id order and small batches (one
// short transaction each, yielding to requests in between), resuming from its checkpoint after a
// restart. Scores, flags and the analytics rollups move together; member reliability is computed
// from the stored scores on read, so it follows. Once done for the current version, each run is a
// no-op. A re-scored text is never refused or removed: it was accepted when it was sent.

export const RESCORE_JOB = 'rescore';
const BATCH = 200;

export interface RescoreCheckpoint {
  version: string;
  /** Every prediction with an id up to this one carries `version`'s analysis. */
  lastId: number;
  rescored: number;
  done: boolean;
  at: string;
}

export async function rescorePredictions(
  db: Db,
  checkpoint: RescoreCheckpoint | null,
  save: (c: RescoreCheckpoint) => Promise<void> = async () => {},
  now: () => Date = () => new Date(),
): Promise<RescoreCheckpoint> {
  const current = checkpoint?.version === SCORING_VERSION ? checkpoint : null;
  if (current?.done) return current;
  let lastId = current?.lastId ?? 0;
  let rescored = current?.rescored ?? 0;
  for (;;) {
    const rows = await predictionsToRescore(db, lastId, SCORING_VERSION, BATCH);
    if (rows.length === 0) break;
    const histories = await authorHistories(
      db,
      rows.map((r) => r.userId),
    );
    const updates = rows.map((before) => {
      const history = histories.get(before.userId) ?? { total: 1, flagged: 0 };
      // The author's record without this prediction, as it was scored at submission.
      const author = {
        totalPredictions: Math.max(0, history.total - 1),
        flaggedPredictions: Math.max(0, history.flagged - (before.isFlagged ? 1 : 0)),
      };
      const a = analyzePrediction({
        text: before.text,
        categories: before.categories,
        author,
        now: new Date(before.createdAt),
      });
      const tier = qualityTier(a.reliability_score);
      const after: NewScore = {
        textQualityScore: a.text_quality_score,
        sentimentScore: a.sentiment_score,
        reliabilityScore: a.reliability_score,
        isFlagged: a.is_flagged,
        flagReason: a.flag_reason,
        flagReasoning: a.flag_reasoning,
        suggestions: a.suggestions,
        analysis: { tier, language: a.language, reasons: a.reasons },
        scoringVersion: a.version,
      };
      return {
        before,
        oldTier: before.reliabilityScore === null ? null : qualityTier(before.reliabilityScore),
        after,
      };
    });
    await saveRescored(db, updates);
    lastId = rows[rows.length - 1]?.id ?? lastId;
    rescored += rows.length;
    await save({ version: SCORING_VERSION, lastId, rescored, done: false, at: now().toISOString() });
    await yieldToRequests();
  }
  return { version: SCORING_VERSION, lastId, rescored, done: true, at: now().toISOString() };
}

/** Checks hourly; does work only after a version change (or to finish an interrupted pass). */
export function rescoreJob(db: Db): Job<RescoreCheckpoint> {
  return {
    name: RESCORE_JOB,
    intervalMs: 60 * 60_000,
    leaseMs: 10 * 60_000,
    run: ({ checkpoint, save }) => rescorePredictions(db, checkpoint, save),
    lastRunAt: (c) => (c?.done && c.version === SCORING_VERSION ? Date.parse(c.at) : null),
  };
}
