import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Db } from '#server/db/database.ts';
import type { Job } from '#server/jobs/scheduler.ts';
import { SIGNATURE_VERSION, signature } from '#server/scoring/near-duplicate.ts';
import { predictionTextsAfter, replaceLshBands } from './predictions.repository.ts';

// Near-duplicate band keys are stored per prediction (docs/decisions/007-predictions-and-reliability.md).
// When the normalisation or the MinHash parameters change, SIGNATURE_VERSION changes, and stored
// keys no longer meet the keys of new texts: a copy of an old prediction would go unnoticed. This
// job re-signs every stored prediction, in id order and small batches (one short transaction
// each, yielding to requests in between), resuming from its checkpoint after a restart; once done
// for the current version, each run is a no-op.

export const LSH_RESIGN_JOB = 'lsh-resign';
// 200 predictions × 32 bands × 2 values stays under both databases' limits on bound parameters.
const BATCH = 200;

export interface ResignCheckpoint {
  version: string;
  /** Every prediction with an id up to this one carries `version`'s bands. */
  lastId: number;
  done: boolean;
  at: string;
}

/** Re-signs the predictions after `checkpoint` (or all, for a new version); returns the new checkpoint. */
export async function resignBands(
  db: Db,
  checkpoint: ResignCheckpoint | null,
  save: (c: ResignCheckpoint) => Promise<void> = async () => {},
): Promise<ResignCheckpoint> {
  const current = checkpoint?.version === SIGNATURE_VERSION ? checkpoint : null;
  if (current?.done) return current;
  let lastId = current?.lastId ?? 0;
  for (;;) {
    const rows = await predictionTextsAfter(db, lastId, BATCH);
    if (rows.length === 0) break;
    const ids = rows.map((r) => r.id);
    const bands = rows.flatMap((r) =>
      [...new Set(signature(r.prediction_text).bands)].map((band_key) => ({ band_key, prediction_id: r.id })),
    );
    await replaceLshBands(db, ids, bands);
    lastId = ids[ids.length - 1] ?? lastId;
    await save({ version: SIGNATURE_VERSION, lastId, done: false, at: new Date().toISOString() });
    await yieldToRequests();
  }
  return { version: SIGNATURE_VERSION, lastId, done: true, at: new Date().toISOString() };
}

/** Checks hourly; does work only after a signature change (or to finish an interrupted pass). */
export function lshResignJob(db: Db): Job<ResignCheckpoint> {
  return {
    name: LSH_RESIGN_JOB,
    intervalMs: 60 * 60_000,
    leaseMs: 10 * 60_000,
    run: ({ checkpoint, save }) => resignBands(db, checkpoint, save),
    lastRunAt: (c) => (c?.done && c.version === SIGNATURE_VERSION ? Date.parse(c.at) : null),
  };
}
