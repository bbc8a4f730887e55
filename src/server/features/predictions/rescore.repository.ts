import type { QualityTier } from '#shared/schemas/predictions.ts';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { jsonText, toFlag } from '#server/db/dialect.ts';
import { ALL_CATEGORIES, utcDayHour } from './rollups.ts';
import type { NewPredictionRecord } from './predictions.repository.ts';

// SQL of the re-score job (rescore.job.ts): stored predictions whose analysis is of an older
// SCORING_VERSION, read in id order from the primary key, and their new analysis written back with
// the analytics rollups moved by the difference, in one transaction per batch.

export interface StoredScore {
  id: number;
  userId: number;
  text: string;
  /** The categories the rollups count it under: those chosen, else its primary one. */
  categories: string[];
  createdAt: string;
  isFlagged: boolean;
  reliabilityScore: number | null;
}

/** The next predictions after `afterId` not yet scored by `version` (or never scored). */
export async function predictionsToRescore(
  db: Db,
  afterId: number,
  version: string,
  limit: number,
): Promise<StoredScore[]> {
  const rows = await db
    .selectFrom('predictions')
    .select([
      'id',
      'user_id',
      'prediction_text',
      'category',
      'categories',
      'created_at',
      'is_flagged',
      'reliability_score',
    ])
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('scoring_version', 'is', null), eb('scoring_version', '<>', version)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const chosen = (r.categories ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    return {
      id: r.id,
      userId: r.user_id,
      text: r.prediction_text,
      categories: chosen.length ? [...new Set(chosen)] : [r.category],
      createdAt: String(r.created_at),
      isFlagged: Boolean(r.is_flagged),
      reliabilityScore: r.reliability_score,
    };
  });
}

/** Each author's predictions and flagged predictions, for the engine's author adjustment. */
export async function authorHistories(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, { total: number; flagged: number }>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('predictions')
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number | null>('is_flagged').as('flagged'),
    ])
    .where('user_id', 'in', unique)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, { total: Number(r.total), flagged: Number(r.flagged ?? 0) }]));
}

/** What a re-score replaces: the analysis columns a submission writes. */
export type NewScore = Pick<
  NewPredictionRecord,
  | 'textQualityScore'
  | 'sentimentScore'
  | 'reliabilityScore'
  | 'isFlagged'
  | 'flagReason'
  | 'flagReasoning'
  | 'suggestions'
  | 'analysis'
  | 'scoringVersion'
>;

const tierColumn = {
  high: 'tier_high',
  good: 'tier_good',
  fair: 'tier_fair',
  needs_improvement: 'tier_low',
} as const;

/**
 * Writes the new scores and moves rollup_daily by the difference between each prediction's old
 * and new contribution (flagged, scored, quality sum, tier), all in one transaction.
 */
export async function saveRescored(
  db: Db,
  updates: readonly { before: StoredScore; oldTier: QualityTier | null; after: NewScore }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deltas = new Map<string, Record<string, number>>();
    for (const { before, oldTier, after } of updates) {
      const written = await trx
        .updateTable('predictions')
        .set({
          text_quality_score: after.textQualityScore,
          sentiment_score: after.sentimentScore,
          reliability_score: after.reliabilityScore,
          is_flagged: toFlag(after.isFlagged),
          flag_reason: after.flagReason,
          flag_reasoning: after.flagReasoning ? jsonText(after.flagReasoning) : null,
          suggestions: jsonText(after.suggestions),
          analysis: jsonText(after.analysis),
          scoring_version: after.scoringVersion,
        })
        .where('id', '=', before.id)
        .executeTakeFirst();
      // Deleted since it was read: the deletion took its old figures out of the rollups already.
      if (Number(written.numUpdatedRows) === 0) continue;
      const { day } = utcDayHour(before.createdAt);
      for (const category of [ALL_CATEGORIES, ...before.categories]) {
        const key = `${day}\u0000${category}`;
        const d = deltas.get(key) ?? {
          flagged: 0,
          scored: 0,
          quality_sum: 0,
          tier_high: 0,
          tier_good: 0,
          tier_fair: 0,
          tier_low: 0,
        };
        d.flagged = (d.flagged ?? 0) + (after.isFlagged ? 1 : 0) - (before.isFlagged ? 1 : 0);
        d.scored = (d.scored ?? 0) + 1 - (before.reliabilityScore === null ? 0 : 1);
        d.quality_sum = (d.quality_sum ?? 0) + after.reliabilityScore - (before.reliabilityScore ?? 0);
        const added = tierColumn[after.analysis.tier];
        d[added] = (d[added] ?? 0) + 1;
        if (oldTier) d[tierColumn[oldTier]] = (d[tierColumn[oldTier]] ?? 0) - 1;
        deltas.set(key, d);
      }
    }
    for (const [key, d] of deltas) {
      const [day, category] = key.split('\u0000') as [string, string];
      if (Object.values(d).every((v) => v === 0)) continue;
      await trx
        .updateTable('rollup_daily')
        .set({
          flagged: sql`flagged + ${d.flagged ?? 0}`,
          scored: sql`scored + ${d.scored ?? 0}`,
          quality_sum: sql`quality_sum + ${d.quality_sum ?? 0}`,
          tier_high: sql`tier_high + ${d.tier_high ?? 0}`,
          tier_good: sql`tier_good + ${d.tier_good ?? 0}`,
          tier_fair: sql`tier_fair + ${d.tier_fair ?? 0}`,
          tier_low: sql`tier_low + ${d.tier_low ?? 0}`,
        })
        .where('day', '=', day)
        .where('category', '=', category)
        .execute();
    }
  });
}
