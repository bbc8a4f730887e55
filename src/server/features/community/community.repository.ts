import type { Comment } from '#shared/schemas/community.ts';
import { sql } from 'kysely';
import type { Dialect } from '#server/db/connect.ts';
import type { Db } from '#server/db/database.ts';
import { dialectOf, epochSeconds, flag, nowIso, parseJson } from '#server/db/dialect.ts';
import { reusableQuery } from '#server/db/reusable-query.ts';
import { engagementScore, HOT_DECAY_HOURS, HOT_EPOCH_MS } from './hot-score.ts';

// All community SQL (STYLE.md rule 2). Every query is served by an index: the partial
// predictions_public_hot_idx (hot_score, id) for the top-N, votes (prediction_id, user_id) primary key and
// (user_id, prediction_id), comments (prediction_id, created_at), predictions (user_id, created_at)
// for the authors' records.

export interface HotCandidate {
  id: number;
  userId: number;
  username: string;
  text: string;
  category: string;
  categories: string | null;
  reliabilityScore: number | null;
  likes: number;
  dislikes: number;
  comments: number;
  engagement: number;
  hotScore: number;
  isDemo: boolean;
  analysisReasons: { code: string; label: string; effect: number }[];
  createdAt: string;
  updatedAt: string;
}

/** What a topic is built from, of a prediction 'p' joined with its author 'u'. */
export const CANDIDATE_COLUMNS = [
  'p.id',
  'p.user_id',
  'u.username',
  'p.prediction_text',
  'p.category',
  'p.categories',
  'p.reliability_score',
  'p.likes_count',
  'p.dislikes_count',
  'p.comments_count',
  'p.engagement_score',
  'p.hot_score',
  'p.is_demo',
  'p.analysis',
  'p.created_at',
  'p.updated_at',
] as const;

/** Predictions joined with their authors ('p', 'u'), selecting what a topic is built from. */
export function candidateRows(db: Db) {
  return db
    .selectFrom('predictions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(CANDIDATE_COLUMNS);
}

type CandidateRow = Awaited<ReturnType<ReturnType<typeof candidateRows>['executeTakeFirstOrThrow']>>;

export function toCandidate(r: CandidateRow): HotCandidate {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    text: r.prediction_text,
    category: r.category,
    categories: r.categories,
    reliabilityScore: r.reliability_score === null ? null : Number(r.reliability_score),
    likes: Number(r.likes_count),
    dislikes: Number(r.dislikes_count),
    comments: Number(r.comments_count),
    engagement: Number(r.engagement_score),
    hotScore: Number(r.hot_score),
    isDemo: flag(r.is_demo),
    analysisReasons: parseJson<{ reasons?: HotCandidate['analysisReasons'] }>(r.analysis, {}).reasons ?? [],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/**
 * Public, unflagged predictions at or above the reliability threshold, hottest first: the members'
 * own, or (`demo`) the demo community's.
 */
export async function hotCandidates(
  db: Db,
  minReliability: number,
  limit: number,
  demo = false,
): Promise<HotCandidate[]> {
  // Literal flags, so SQLite uses the partial index predictions_public_hot_idx (migration 032),
  // already in hot-score order.
  const rows = await candidateRows(db)
    .where('p.is_public', '=', sql.lit(1))
    .where('p.is_flagged', '=', sql.lit(0))
    .where('p.reliability_score', '>=', minReliability)
    .where('p.is_demo', '=', demo ? 1 : 0)
    .orderBy('p.hot_score', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toCandidate);
}

export interface AuthorRecord {
  userId: number;
  total: number;
  flagged: number;
  scored: number;
  scoreSum: number;
  textQualitySum: number;
}

/** The publishing record of a few members (their reliability inputs). */
export async function authorRecords(db: Db, userIds: readonly number[]): Promise<AuthorRecord[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('predictions')
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>('is_flagged').as('flagged'),
      eb.fn.count<number>('reliability_score').as('scored'),
      eb.fn.coalesce(eb.fn.sum<number>('reliability_score'), eb.lit(0)).as('score_sum'),
      eb.fn.coalesce(eb.fn.sum<number>('text_quality_score'), eb.lit(0)).as('tq_sum'),
    ])
    .where('user_id', 'in', [...userIds])
    .groupBy('user_id')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    total: Number(r.total),
    flagged: Number(r.flagged),
    scored: Number(r.scored),
    scoreSum: Number(r.score_sum),
    textQualitySum: Number(r.tq_sum),
  }));
}

export interface Counts {
  likes: number;
  dislikes: number;
  comments: number;
}

/**
 * sign(e) × log10(max(|e|, 1)) + (created − epoch) / decay, in SQL, for e = engagement + delta
 * (the delta is bound four times: reusableQuery binds values in the order they appear).
 */
function hotScoreSql(dialect: Dialect, engagementDelta: readonly [number, number, number, number]) {
  const [a, b, c, d] = engagementDelta.map((v) => sql`(${sql.ref('engagement_score')} + ${v})`);
  const order = sql`case when ${a} > 1 then log10(cast(${b} as double precision)) when ${c} < -1 then -log10(cast(-${d} as double precision)) else 0 end`;
  return sql<number>`${order} + (${epochSeconds(dialect, 'created_at')} - ${sql.lit(HOT_EPOCH_MS / 1000)}) / ${sql.lit(HOT_DECAY_HOURS * 3600)}`;
}

// Compiled once per dialect (db/reusable-query.ts): every like, dislike and comment runs it, and
// building it anew cost more than running it. The hot score binds the engagement delta four times.
const counterUpdate = (visibleOnly: boolean) =>
  reusableQuery(
    visibleOnly ? 'counter deltas (visible only)' : 'counter deltas',
    (
      db: Db,
      dl: number,
      dd: number,
      dc: number,
      de: number,
      h1: number,
      h2: number,
      h3: number,
      h4: number,
      predictionId: number,
    ) => {
      const dialect = dialectOf(db);
      let query = db
        .updateTable('predictions')
        .set((eb) => ({
          likes_count: eb('likes_count', '+', dl),
          dislikes_count: eb('dislikes_count', '+', dd),
          comments_count: eb('comments_count', '+', dc),
          engagement_score: eb('engagement_score', '+', de),
          hot_score: hotScoreSql(dialect, [h1, h2, h3, h4]),
        }))
        .where('id', '=', predictionId);
      if (visibleOnly) query = query.where('is_public', '=', sql.lit(1)).where('is_flagged', '=', sql.lit(0));
      return query.returning(['likes_count', 'dislikes_count', 'comments_count']);
    },
  );
const updateVisibleCounters = counterUpdate(true);
const updateCounters = counterUpdate(false);

/**
 * Adds deltas to the denormalised counters of a visible (public, unflagged) prediction and
 * rewrites engagement and hot score from the new values, in one statement; undefined when the
 * prediction is not visible. The UPDATE holds the row lock (PostgreSQL) until commit, so
 * concurrent writers apply their deltas one after another and never lose one.
 */
export async function applyCounterDeltas(
  trx: Db,
  predictionId: number,
  delta: { likes?: number; dislikes?: number; comments?: number },
  options: { visibleOnly: boolean } = { visibleOnly: true },
): Promise<Counts | undefined> {
  const dl = delta.likes ?? 0;
  const dd = delta.dislikes ?? 0;
  const dc = delta.comments ?? 0;
  const de = engagementScore(dl, dd, dc);
  const update = options.visibleOnly ? updateVisibleCounters : updateCounters;
  const [row] = (await update(trx, dl, dd, dc, de, de, de, de, de, predictionId)).rows;
  return (
    row && {
      likes: Number(row.likes_count),
      dislikes: Number(row.dislikes_count),
      comments: Number(row.comments_count),
    }
  );
}

export type VoteChange = { kind: 'removed' } | { kind: 'switched' } | { kind: 'added' } | { kind: 'raced' };

// The three statements of a toggle, built and compiled once (db/reusable-query.ts).
const insertVote = reusableQuery(
  'insert vote',
  (db: Db, predictionId: number, userId: number, value: 1 | -1, at: string) =>
    db
      .insertInto('votes')
      .values({ prediction_id: predictionId, user_id: userId, value, created_at: at })
      .onConflict((oc) => oc.columns(['prediction_id', 'user_id']).doNothing()),
);
const deleteVote = reusableQuery(
  'delete vote',
  (db: Db, predictionId: number, userId: number, value: 1 | -1) =>
    db
      .deleteFrom('votes')
      .where('prediction_id', '=', predictionId)
      .where('user_id', '=', userId)
      .where('value', '=', value),
);
const switchVote = reusableQuery(
  'switch vote',
  (db: Db, value: 1 | -1, at: string, predictionId: number, userId: number, previous: 1 | -1) =>
    db
      .updateTable('votes')
      .set({ value, created_at: at })
      .where('prediction_id', '=', predictionId)
      .where('user_id', '=', userId)
      .where('value', '=', previous),
);

/**
 * One toggle of a member's vote, in statements that each act atomically on the
 * (prediction_id, user_id) primary key: insert (the common first vote, one statement), else
 * remove the same vote, else switch the opposite one. 'raced' means a parallel request of the
 * same member removed the row in between: retry. A missing prediction fails the insert on its
 * foreign key.
 */
export async function toggleVoteRow(
  trx: Db,
  predictionId: number,
  userId: number,
  value: 1 | -1,
): Promise<VoteChange> {
  const inserted = await insertVote(trx, predictionId, userId, value, nowIso());
  if (Number(inserted.numAffectedRows ?? 0) > 0) return { kind: 'added' };
  const removed = await deleteVote(trx, predictionId, userId, value);
  if (Number(removed.numAffectedRows ?? 0) > 0) return { kind: 'removed' };
  const switched = await switchVote(trx, value, nowIso(), predictionId, userId, value === 1 ? -1 : 1);
  return Number(switched.numAffectedRows ?? 0) > 0 ? { kind: 'switched' } : { kind: 'raced' };
}

/** The counter deltas [likes, dislikes, engagement] of each outcome of a toggle to `value`. */
function toggleDeltas(value: 1 | -1) {
  const row = (likes: number, dislikes: number) => [likes, dislikes, engagementScore(likes, dislikes, 0)];
  const own = (n: number) => (value === 1 ? row(n, 0) : row(0, n));
  return { added: own(1), removed: own(-1), switched: value === 1 ? row(1, -1) : row(-1, 1) };
}

// PostgreSQL: the toggle is one statement, a function from migration 010 (one round trip instead
// of seven; docs/decisions/012-scale-out-failures.md). Compiled once like the SQLite statements.
const toggleVoteFunction = reusableQuery(
  'toggle vote (PostgreSQL function)',
  (
    _db: Db,
    predictionId: number,
    userId: number,
    value: 1 | -1,
    at: string,
    added: number[],
    removed: number[],
    switched: number[],
    hotEpochSeconds: number,
    hotDecaySeconds: number,
  ) =>
    sql<{ outcome: 'added' | 'removed' | 'switched'; likes: number; dislikes: number; comments: number }>`
      select outcome, likes, dislikes, comments from futurecast_toggle_vote(${predictionId}::integer,
        ${userId}::integer, ${value}::integer, ${at}::timestamptz, ${added}::integer[], ${removed}::integer[],
        ${switched}::integer[], ${hotEpochSeconds}::double precision, ${hotDecaySeconds}::double precision)`,
);

/**
 * A whole toggle on PostgreSQL in one statement (its own transaction): the vote row, the counters
 * and the hot score, as toggleVoteRow + applyCounterDeltas do on SQLite. Throws on a missing
 * prediction (foreign key, 23503), a hidden one (P0002) and a vote that vanished under the lock
 * (40001).
 */
export async function toggleVoteInOneStatement(
  db: Db,
  predictionId: number,
  userId: number,
  value: 1 | -1,
): Promise<{ kind: 'added' | 'removed' | 'switched'; counts: Counts }> {
  const d = toggleDeltas(value);
  const { rows } = await toggleVoteFunction(
    db,
    predictionId,
    userId,
    value,
    nowIso(),
    d.added,
    d.removed,
    d.switched,
    HOT_EPOCH_MS / 1000,
    HOT_DECAY_HOURS * 3600,
  );
  const row = rows[0];
  if (!row) throw new Error('futurecast_toggle_vote returned no row');
  return {
    kind: row.outcome,
    counts: { likes: Number(row.likes), dislikes: Number(row.dislikes), comments: Number(row.comments) },
  };
}

/** The member's votes among the given predictions. */
export async function votesOfMember(
  db: Db,
  userId: number,
  predictionIds: readonly number[],
): Promise<Record<string, 'liked' | 'disliked'>> {
  const out: Record<string, 'liked' | 'disliked'> = {};
  if (predictionIds.length === 0) return out;
  const rows = await db
    .selectFrom('votes')
    .select(['prediction_id', 'value'])
    .where('user_id', '=', userId)
    .where('prediction_id', 'in', [...new Set(predictionIds)])
    .execute();
  for (const r of rows) out[String(r.prediction_id)] = Number(r.value) === 1 ? 'liked' : 'disliked';
  return out;
}

export type CommentRow = {
  id: number;
  comment_text: string;
  user_id: number;
  username: string;
  created_at: string;
};

export const toComment = (r: CommentRow): Comment => ({
  id: r.id,
  comment_text: r.comment_text,
  text: r.comment_text,
  username: r.username,
  user_id: r.user_id,
  created_at: r.created_at,
  timestamp: r.created_at,
});

export async function insertComment(
  trx: Db,
  c: { predictionId: number; userId: number; username: string; text: string; createdAt: string },
): Promise<Comment> {
  const row = await trx
    .insertInto('comments')
    .values({
      prediction_id: c.predictionId,
      user_id: c.userId,
      comment_text: c.text,
      created_at: c.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toComment({
    id: row.id,
    comment_text: c.text,
    user_id: c.userId,
    username: c.username,
    created_at: c.createdAt,
  });
}

export async function insertFaqFeedback(
  db: Db,
  f: {
    faqIndex: number;
    faqQuestion: string;
    feedbackType: 'like' | 'dislike';
    userEmail: string | null;
    userComment: string | null;
    subscribe: boolean;
    userId: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('faq_feedback')
    .values({
      faq_index: f.faqIndex,
      faq_question: f.faqQuestion,
      feedback_type: f.feedbackType,
      user_email: f.userEmail,
      user_comment: f.userComment,
      subscribe_to_analytics: f.subscribe ? 1 : 0,
      user_id: f.userId,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
