import type {
  AnalysisResult,
  FlagReasoning,
  MemberPrediction,
  PredictionSuggestion,
  QualityTier,
} from '#shared/schemas/predictions.ts';
import { sql } from 'kysely';
import type { Db, PredictionRow } from '#server/db/database.ts';
import { flag, jsonText, parseJson, toFlag } from '#server/db/dialect.ts';
import { reusableQuery } from '#server/db/reusable-query.ts';
import { initialHotScore } from '#server/features/community/hot-score.ts';

// All predictions SQL (STYLE.md rule 2). Functions take the database or a transaction first and
// return domain objects. Every query here is served by an index: predictions (user_id,
// created_at), prediction_lsh (band_key, prediction_id), rollup_daily (day, category), users
// (created_at); nothing scans the predictions table.

/** What a submission stores: the text as sent and the engine's analysis. */
export interface NewPredictionRecord {
  userId: number;
  text: string;
  category: string;
  /** The chosen categories as sent (comma-joined), or null when none was chosen. */
  chosen: string | null;
  isPublic: boolean;
  textQualityScore: number;
  sentimentScore: number;
  reliabilityScore: number;
  isFlagged: boolean;
  flagReason: string | null;
  flagReasoning: FlagReasoning | null;
  suggestions: PredictionSuggestion[];
  analysis: StoredAnalysis;
  scoringVersion: string;
  isDemo: boolean;
  createdAt: string;
  /** Resolve-by day (issue 26), whether the server proposed it, and the author's confidence. */
  targetDate: string | null;
  targetDateInferred: boolean;
  confidence: number | null;
}

/** A member's prediction as stored; the resolution feature adds its `resolution`. */
export type StoredMemberPrediction = Omit<MemberPrediction, 'resolution'>;

/** The `analysis` JSON column: the explanation behind the score. */
interface StoredAnalysis {
  tier: QualityTier;
  language: string;
  reasons: AnalysisResult['reasons'];
}

export async function insertPrediction(db: Db, p: NewPredictionRecord): Promise<number> {
  const row = await db
    .insertInto('predictions')
    .values({
      user_id: p.userId,
      prediction_text: p.text,
      category: p.category,
      categories: p.chosen,
      is_public: toFlag(p.isPublic),
      text_length: p.text.length,
      text_quality_score: p.textQualityScore,
      sentiment_score: p.sentimentScore,
      reliability_score: p.reliabilityScore,
      is_flagged: toFlag(p.isFlagged),
      flag_reason: p.flagReason,
      flag_reasoning: p.flagReasoning ? jsonText(p.flagReasoning) : null,
      suggestions: jsonText(p.suggestions),
      analysis: jsonText(p.analysis),
      scoring_version: p.scoringVersion,
      is_demo: toFlag(p.isDemo),
      target_date: p.targetDate,
      target_date_inferred: toFlag(p.targetDateInferred),
      confidence: p.confidence,
      // The community feature's stored hot score starts here (docs/decisions/008).
      hot_score: initialHotScore(p.createdAt),
      created_at: p.createdAt,
      updated_at: p.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCategories(db: Db, predictionId: number, categories: readonly string[]) {
  if (categories.length === 0) return;
  await db
    .insertInto('prediction_categories')
    .values(categories.map((category) => ({ prediction_id: predictionId, category })))
    .execute();
}

export async function insertLshBands(db: Db, predictionId: number, bands: readonly string[]) {
  const unique = [...new Set(bands)];
  if (unique.length === 0) return;
  await db
    .insertInto('prediction_lsh')
    .values(unique.map((band_key) => ({ band_key, prediction_id: predictionId })))
    .execute();
}

export interface DuplicateCandidate {
  id: number;
  text: string;
  userId: number;
  /** Listed (public, unflagged): anyone may open it, so a 409 may name it. */
  listed: boolean;
}

/** Newest entries read per band: a crowded band (a popular phrasing) costs no more than this. */
const LSH_PER_BAND = 16;

// For each band, the entries from its LSH_PER_BAND-th newest on: one seek for that threshold
// and one short range, whatever the band's size.
const candidatesQuery = reusableQuery(
  'duplicate candidates',
  (_db: Db, ...values: (string | number)[]) => {
    const bands = values.slice(0, -2) as string[];
    const [authorId, limit] = values.slice(-2) as [number, number];
    return sql<{
      id: number;
      prediction_text: string;
      user_id: number;
      is_public: number;
      is_flagged: number;
      shared: number;
    }>`
      with k(band) as (values ${sql.join(bands.map((band) => sql`(${band})`))})
      select p.id, p.prediction_text, p.user_id, p.is_public, p.is_flagged, count(*) as shared
      from k
      join prediction_lsh l on l.band_key = k.band and l.prediction_id >= coalesce((
        select x.prediction_id from prediction_lsh x where x.band_key = k.band
        order by x.prediction_id desc limit 1 offset ${sql.lit(LSH_PER_BAND - 1)}), 0)
      join predictions p on p.id = l.prediction_id
      where p.is_public = 1 or p.user_id = ${authorId}
      group by p.id, p.prediction_text, p.user_id, p.is_public, p.is_flagged
      order by shared desc, p.id desc
      limit ${limit}`;
  },
  (...values) => values.length,
);

/**
 * Predictions sharing at least one LSH band with the new text, most shared bands first, among
 * those the author may be told about: public ones and the author's own (never another member's
 * private text). Each band contributes at most its LSH_PER_BAND newest entries, read from the
 * (band_key, prediction_id) key, so the check reads at most bands × LSH_PER_BAND rows however many
 * predictions are stored or share a band. The price: an older copy is missed when every band it
 * shares with the new text already holds LSH_PER_BAND newer look-alikes (submit.test.ts shows a
 * copy behind 24 newer same-template claims is still found through its less crowded bands).
 */
export async function findDuplicateCandidates(
  db: Db,
  bands: readonly string[],
  authorId: number,
  limit = 16,
): Promise<DuplicateCandidate[]> {
  const unique = [...new Set(bands)];
  if (unique.length === 0) return [];
  const { rows } = await candidatesQuery(db, ...unique, authorId, limit);
  return rows.map((r) => ({
    id: r.id,
    text: r.prediction_text,
    userId: r.user_id,
    listed: Number(r.is_public) === 1 && Number(r.is_flagged) === 0,
  }));
}

export interface AuthorHistory {
  totalPredictions: number;
  flaggedPredictions: number;
}

export async function authorHistory(db: Db, userId: number): Promise<AuthorHistory> {
  const row = await db
    .selectFrom('predictions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number | null>('is_flagged').as('flagged'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { totalPredictions: Number(row.total), flaggedPredictions: Number(row.flagged ?? 0) };
}

/** The categories a stored prediction counts under: those chosen, else its primary one. */
function effectiveCategories(category: string, chosen: string | null): string[] {
  const list = chosen
    ? chosen
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean)
    : [];
  return list.length ? [...new Set(list)] : [category];
}

function rowToMemberPrediction(r: PredictionRow): StoredMemberPrediction {
  const analysis = parseJson<Partial<StoredAnalysis>>(r.analysis, {});
  return {
    id: r.id,
    category: r.category,
    categories: effectiveCategories(r.category, r.categories),
    timestamp: r.created_at,
    prediction_text: r.prediction_text,
    visibility: flag(r.is_public),
    reliability_score: r.reliability_score === null ? null : Number(r.reliability_score),
    is_flagged: flag(r.is_flagged),
    flag_reason: r.flag_reason,
    flag_reasoning: parseJson<FlagReasoning | null>(r.flag_reasoning, null),
    analysis_result: {
      score: r.reliability_score === null ? null : Number(r.reliability_score),
      tier: analysis.tier ?? null,
      version: r.scoring_version,
      language: analysis.language ?? null,
      reasons: analysis.reasons ?? [],
    },
    suggestions: parseJson<PredictionSuggestion[]>(r.suggestions, []),
    text_quality_score: r.text_quality_score === null ? null : Number(r.text_quality_score),
    sentiment_score: r.sentiment_score === null ? null : Number(r.sentiment_score),
    engagement: {
      likes: Number(r.likes_count),
      dislikes: Number(r.dislikes_count),
      comments: Number(r.comments_count),
    },
    target_date: r.target_date,
    target_date_inferred: flag(r.target_date_inferred),
    confidence: r.confidence === null ? null : Number(r.confidence),
  };
}

/** One of the owner's predictions as the dashboard shows it; undefined for anyone else's. */
export async function findMemberPrediction(
  db: Db,
  userId: number,
  id: number,
): Promise<StoredMemberPrediction | undefined> {
  const row = await db
    .selectFrom('predictions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && rowToMemberPrediction(row);
}

/** The member view of a row just inserted, without reading it back. */
export function recordToMemberPrediction(id: number, p: NewPredictionRecord): StoredMemberPrediction {
  return {
    id,
    category: p.category,
    categories: effectiveCategories(p.category, p.chosen),
    timestamp: p.createdAt,
    prediction_text: p.text,
    visibility: p.isPublic,
    reliability_score: p.reliabilityScore,
    is_flagged: p.isFlagged,
    flag_reason: p.flagReason,
    flag_reasoning: p.flagReasoning,
    analysis_result: {
      score: p.reliabilityScore,
      tier: p.analysis.tier,
      version: p.scoringVersion,
      language: p.analysis.language,
      reasons: p.analysis.reasons,
    },
    suggestions: p.suggestions,
    text_quality_score: p.textQualityScore,
    sentiment_score: p.sentimentScore,
    engagement: { likes: 0, dislikes: 0, comments: 0 },
    target_date: p.targetDate,
    target_date_inferred: p.targetDateInferred,
    confidence: p.confidence,
  };
}

/** The owner's predictions, newest first (index predictions_user_activity_idx). */
export async function listPredictionsOfUser(db: Db, userId: number): Promise<StoredMemberPrediction[]> {
  const rows = await db
    .selectFrom('predictions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(rowToMemberPrediction);
}

/** One prediction as its owner sees it, by id, whoever asks (the caller checks access). */
export async function findStoredPrediction(db: Db, id: number): Promise<StoredMemberPrediction | undefined> {
  const row = await db.selectFrom('predictions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? rowToMemberPrediction(row) : undefined;
}

export interface ActivityRow {
  createdAt: string;
  categories: string[];
  isFlagged: boolean;
  isPublic: boolean;
  reliabilityScore: number | null;
  textQualityScore: number | null;
}

/** The few columns the member's statistics need, for all of one member's predictions. */
export async function activityOfUser(db: Db, userId: number): Promise<ActivityRow[]> {
  const rows = await db
    .selectFrom('predictions')
    .select([
      'created_at',
      'category',
      'categories',
      'is_flagged',
      'is_public',
      'reliability_score',
      'text_quality_score',
    ])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => ({
    createdAt: r.created_at,
    categories: effectiveCategories(r.category, r.categories),
    isFlagged: flag(r.is_flagged),
    isPublic: flag(r.is_public),
    reliabilityScore: r.reliability_score === null ? null : Number(r.reliability_score),
    textQualityScore: r.text_quality_score === null ? null : Number(r.text_quality_score),
  }));
}

export async function memberJoinedAt(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row?.created_at;
}

/** Predictions published on or after `fromDay` (UTC 'YYYY-MM-DD'), from the daily rollup. */
export async function predictionsSinceDay(db: Db, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('rollup_daily')
    .select((eb) => eb.fn.sum<number | null>('predictions').as('n'))
    .where('category', '=', '*')
    .where('day', '>=', fromDay)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** Members who joined at or after `sinceIso` (index users_created_at_idx). */
export async function usersJoinedSince(db: Db, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Up to `limit` predictions after id `afterId`, in id order (for jobs that walk every prediction). */
export async function predictionTextsAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<{ id: number; prediction_text: string }[]> {
  return db
    .selectFrom('predictions')
    .select(['id', 'prediction_text'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Replaces the stored LSH band keys of `ids` with `bands`, in one transaction. */
export async function replaceLshBands(
  db: Db,
  ids: readonly number[],
  bands: readonly { band_key: string; prediction_id: number }[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('prediction_lsh').where('prediction_id', 'in', ids).execute();
    if (bands.length)
      await trx
        .insertInto('prediction_lsh')
        .values([...bands])
        .execute();
  });
}
