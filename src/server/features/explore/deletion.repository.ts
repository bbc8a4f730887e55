import type { Db } from '#server/db/database.ts';
import { lockingRows } from '#server/db/dialect.ts';
import { applyCounterDeltas } from '#server/features/community/community.repository.ts';
import { removePredictionsFromRollups } from '#server/features/predictions/rollups.repository.ts';
import type { RollupFact } from '#server/features/predictions/rollups.ts';
import { qualityTier } from '#server/scoring/engine.ts';

// The one deletion path (docs/decisions/014-explore.md). Deleting a prediction, a comment or a
// whole account runs these in the caller's transaction, and each takes back exactly what the
// writes added: rows, the counters, engagement and hot scores of the predictions they touched, the
// analytics rollups, the near-duplicate (LSH) bands and the search index (SQLite's FTS triggers,
// PostgreSQL's prediction_terms trigger, both fired by the DELETE). Member statistics are computed
// from the rows on read, so they follow.

/** Rows read per statement when a member's whole history goes. */
const BATCH = 500;

/**
 * Deletes predictions with their votes, comments, categories and bands, and takes them out of the
 * rollups. Returns the ids that existed.
 */
export async function deletePredictions(trx: Db, ids: readonly number[]): Promise<number[]> {
  const deleted: number[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = [...new Set(ids.slice(i, i + BATCH))];
    // Locked: a re-score committing in between would change what the rollups must lose.
    const rows = await lockingRows(
      trx,
      trx
        .selectFrom('predictions')
        .select([
          'id',
          'user_id',
          'created_at',
          'is_public',
          'is_flagged',
          'reliability_score',
          'text_length',
        ])
        .where('id', 'in', batch)
        .orderBy('id'),
    ).execute();
    if (rows.length === 0) continue;
    const present = rows.map((r) => r.id);
    // The categories the rollups counted it under are the rows of prediction_categories.
    const categories = await trx
      .selectFrom('prediction_categories')
      .select(['prediction_id', 'category'])
      .where('prediction_id', 'in', present)
      .execute();
    const categoriesOf = new Map<number, string[]>();
    for (const c of categories)
      categoriesOf.set(c.prediction_id, [...(categoriesOf.get(c.prediction_id) ?? []), c.category]);
    const facts: RollupFact[] = rows.map((r) => {
      const score = r.reliability_score === null ? null : Number(r.reliability_score);
      return {
        createdAt: r.created_at,
        userId: r.user_id,
        categories: categoriesOf.get(r.id) ?? [],
        isPublic: Number(r.is_public) === 1,
        isFlagged: Number(r.is_flagged) === 1,
        reliabilityScore: score,
        // As the rollups hold it: the tier of the stored score (submission and re-scoring alike).
        tier: score === null ? null : qualityTier(score),
        textLength: Number(r.text_length),
      };
    });
    await removePredictionsFromRollups(trx, facts);
    await trx.deleteFrom('votes').where('prediction_id', 'in', present).execute();
    await trx.deleteFrom('comments').where('prediction_id', 'in', present).execute();
    await trx.deleteFrom('prediction_categories').where('prediction_id', 'in', present).execute();
    await trx.deleteFrom('prediction_lsh').where('prediction_id', 'in', present).execute();
    await trx.deleteFrom('predictions').where('id', 'in', present).execute();
    deleted.push(...present);
  }
  return deleted;
}

/** Deletes one comment and takes it out of its prediction's counters; false when it is gone. */
export async function deleteComment(
  trx: Db,
  commentId: number,
  predictionId: number,
): Promise<number | null> {
  const result = await trx
    .deleteFrom('comments')
    .where('id', '=', commentId)
    .where('prediction_id', '=', predictionId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return null;
  const counts = await applyCounterDeltas(trx, predictionId, { comments: -1 }, { visibleOnly: false });
  return counts?.comments ?? 0;
}

/**
 * Takes a member's votes and comments off other members' predictions (their counters, engagement
 * and hot scores move back), then deletes them. Their own predictions are left to deletePredictions.
 */
export async function deleteVotesAndCommentsOf(trx: Db, userId: number): Promise<void> {
  const votes = await trx
    .selectFrom('votes as v')
    .innerJoin('predictions as p', 'p.id', 'v.prediction_id')
    .select(['v.prediction_id', 'v.value'])
    .where('v.user_id', '=', userId)
    .where('p.user_id', '<>', userId)
    .orderBy('v.prediction_id')
    .execute();
  for (const v of votes) {
    const delta = Number(v.value) === 1 ? { likes: -1 } : { dislikes: -1 };
    await applyCounterDeltas(trx, v.prediction_id, delta, { visibleOnly: false });
  }
  const comments = await trx
    .selectFrom('comments as c')
    .innerJoin('predictions as p', 'p.id', 'c.prediction_id')
    .select((eb) => ['c.prediction_id', eb.fn.countAll<number>().as('n')])
    .where('c.user_id', '=', userId)
    .where('p.user_id', '<>', userId)
    .groupBy('c.prediction_id')
    .orderBy('c.prediction_id')
    .execute();
  for (const c of comments) {
    await applyCounterDeltas(trx, c.prediction_id, { comments: -Number(c.n) }, { visibleOnly: false });
  }
  await trx.deleteFrom('votes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('comments').where('user_id', '=', userId).execute();
}

/** The ids of a member's predictions, oldest first. */
export async function predictionIdsOf(trx: Db, userId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('predictions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes the member's own rows: sessions (every token stops working), mail tokens, visit markers,
 * the digest subscription, FAQ feedback they sent signed in, and the account itself.
 */
export async function deleteMemberRows(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('member_visits').where('user_id', '=', userId).execute();
  await trx.deleteFrom('digest_subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('faq_feedback').where('user_id', '=', userId).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
