import { isoDay } from '#shared/rules/resolve-by.ts';
import type { Comment } from '#shared/schemas/community.ts';
import type { ExploreSort } from '#shared/schemas/explore.ts';
import type { QualityTier } from '#shared/schemas/predictions.ts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { flag, parseJson } from '#server/db/dialect.ts';
import {
  candidateRows,
  type HotCandidate,
  toCandidate,
  toComment,
} from '#server/features/community/community.repository.ts';

// The explore feature's reads (STYLE.md rule 2). Every list order walks a partial index over public,
// unflagged predictions (migration 032) from a keyset position, so any page costs one index seek
// and `limit` rows, however deep. Search lives in search.repository.ts, deletions in
// deletion.repository.ts.

export type ExploreStatus = 'open' | 'due' | 'resolved';

export interface ListFilters {
  category?: string | undefined;
  authorId?: number | undefined;
  status?: ExploreStatus | undefined;
}

/**
 * The status as resolution-view.ts reads it, from the row (migration 033 copies resolved_at onto
 * it): resolved; due (past its resolve-by day in UTC, unresolved); open (the rest). A row filter on
 * the ordered walk, so keyset paging stays complete.
 */
function statusCondition(status: ExploreStatus | undefined): RawBuilder<SqlBool> | null {
  if (status === undefined) return null;
  if (status === 'resolved') return sql<SqlBool>`p.resolved_at is not null`;
  const today = isoDay(new Date());
  if (status === 'due')
    return sql<SqlBool>`(p.resolved_at is null and p.target_date is not null and p.target_date < ${today})`;
  return sql<SqlBool>`(p.resolved_at is null and (p.target_date is null or p.target_date >= ${today}))`;
}

/**
 * Public, unflagged predictions ('p') passing the filters. The flags are literals, so SQLite can
 * use the partial indexes (it cannot prove a bound parameter equals the index's condition).
 */
export function listedWhere(f: ListFilters): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`p.is_public = ${sql.lit(1)}`, sql`p.is_flagged = ${sql.lit(0)}`];
  if (f.category !== undefined)
    parts.push(
      sql`exists (select 1 from prediction_categories pc where pc.prediction_id = p.id and pc.category = ${f.category})`,
    );
  if (f.authorId !== undefined) parts.push(sql`p.user_id = ${f.authorId}`);
  const status = statusCondition(f.status);
  if (status) parts.push(status);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** The sort key of each order, as the index of migration 032 holds it. */
const SORT_KEY = {
  new: sql<string>`p.created_at`,
  hot: sql<number>`p.hot_score`,
  top: sql<number>`(p.likes_count - p.dislikes_count)`,
} as const satisfies Record<ExploreSort, RawBuilder<unknown>>;

/** The key a candidate sorts by in an order (what a cursor carries). */
export function sortKeyOf(sort: ExploreSort, c: HotCandidate): string | number {
  if (sort === 'new') return c.createdAt;
  if (sort === 'hot') return c.hotScore;
  return c.likes - c.dislikes;
}

/** The highest prediction id now: a walk through the pages stops there. */
export async function maxPredictionId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('predictions')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Up to `limit` listed predictions in `sort` order (key, then id, both descending) that come after
 * `after` and have an id up to `maxId`. After a position, the rest of its key's tie group is read
 * first (key = k, id < i), then the keys below (key < k): each an index range that SQLite seeks
 * straight to, where a row-value comparison on the top order's expression made it scan.
 */
export async function listPage(
  db: Db,
  p: {
    sort: ExploreSort;
    filters: ListFilters;
    maxId: number;
    after: { key: string | number; id: number } | null;
    limit: number;
  },
): Promise<HotCandidate[]> {
  const key = SORT_KEY[p.sort];
  const base = () => candidateRows(db).where(listedWhere(p.filters)).where('p.id', '<=', p.maxId);
  if (!p.after) {
    const rows = await base().orderBy(key, 'desc').orderBy('p.id', 'desc').limit(p.limit).execute();
    return rows.map(toCandidate);
  }
  const ties = await base()
    .where(sql<SqlBool>`${key} = ${p.after.key}`)
    .where('p.id', '<', p.after.id)
    .orderBy('p.id', 'desc')
    .limit(p.limit)
    .execute();
  if (ties.length === p.limit) return ties.map(toCandidate);
  const below = await base()
    .where(sql<SqlBool>`${key} < ${p.after.key}`)
    .orderBy(key, 'desc')
    .orderBy('p.id', 'desc')
    .limit(p.limit - ties.length)
    .execute();
  return [...ties, ...below].map(toCandidate);
}

/** Listed predictions by id, in the order of `ids` (hidden and missing ones left out). */
export async function listedByIds(db: Db, ids: readonly number[]): Promise<HotCandidate[]> {
  if (ids.length === 0) return [];
  const rows = await candidateRows(db)
    .where(listedWhere({}))
    .where('p.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toCandidate(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface PredictionRecord {
  candidate: HotCandidate;
  isPublic: boolean;
  isFlagged: boolean;
  targetDate: string | null;
  confidence: number | null;
  tier: QualityTier | null;
}

/** One prediction whatever its visibility (the service decides who may see it). */
export async function findPrediction(db: Db, id: number): Promise<PredictionRecord | undefined> {
  const row = await candidateRows(db)
    .select(['p.is_public', 'p.is_flagged', 'p.target_date', 'p.confidence'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    candidate: toCandidate(row),
    isPublic: flag(row.is_public),
    isFlagged: flag(row.is_flagged),
    targetDate: row.target_date,
    confidence: row.confidence === null ? null : Number(row.confidence),
    tier: parseJson<{ tier?: QualityTier }>(row.analysis, {}).tier ?? null,
  };
}

/** Whether a prediction is listed: public and not flagged. */
export async function isListed(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('predictions as p')
    .select('p.id')
    .where('p.id', '=', id)
    .where(listedWhere({}))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Up to `limit` comments of a prediction before `before` (newest first), through comments
 * (prediction_id, created_at).
 */
export async function commentsBefore(
  db: Db,
  predictionId: number,
  before: { at: string; id: number } | null,
  limit: number,
): Promise<Comment[]> {
  let query = db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.comment_text', 'c.user_id', 'u.username', 'c.created_at'])
    .where('c.prediction_id', '=', predictionId);
  if (before) query = query.where(sql<SqlBool>`(c.created_at, c.id) < (${before.at}, ${before.id})`);
  const rows = await query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map(toComment);
}

export async function commentsCountOf(db: Db, predictionId: number): Promise<number> {
  const row = await db
    .selectFrom('predictions')
    .select('comments_count')
    .where('id', '=', predictionId)
    .executeTakeFirst();
  return Number(row?.comments_count ?? 0);
}

export interface PublicMember {
  id: number;
  username: string;
  createdAt: string;
  isDemo: boolean;
}

/** A member by username, any case (users username_key). */
export async function findMemberByUsername(db: Db, usernameKey: string): Promise<PublicMember | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'created_at', 'is_demo'])
    .where('username_key', '=', usernameKey)
    .executeTakeFirst();
  return row && { id: row.id, username: row.username, createdAt: row.created_at, isDemo: flag(row.is_demo) };
}

/** How many of a member's predictions are listed (an index-only count on predictions_user_activity_idx). */
export async function listedCountOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('predictions as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.user_id', '=', userId)
    .where(listedWhere({}))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Who wrote a prediction; undefined when there is none. */
export async function ownerOfPrediction(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('predictions').select('user_id').where('id', '=', id).executeTakeFirst();
  return row?.user_id;
}

/** Who wrote a comment, and on which prediction. */
export async function commentAuthor(
  db: Db,
  commentId: number,
): Promise<{ userId: number; predictionId: number } | undefined> {
  const row = await db
    .selectFrom('comments')
    .select(['user_id', 'prediction_id'])
    .where('id', '=', commentId)
    .executeTakeFirst();
  return row && { userId: row.user_id, predictionId: row.prediction_id };
}
