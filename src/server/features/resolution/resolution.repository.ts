import { sql } from 'kysely';
import type { Outcome } from '#shared/schemas/resolution-state.ts';
import type { Db } from '#server/db/database.ts';
import { flag, toFlag } from '#server/db/dialect.ts';
import { reusableQuery } from '#server/db/reusable-query.ts';
import { COUNTER_NAMES, type Counters, zeroCounters } from './track-record.ts';

// All resolution SQL (STYLE.md rule 2). Every read is a primary-key or index range: resolutions by
// prediction id, votes by (prediction_id, user_id), track records by (user_id, scope), the
// leaderboard by its partial index, the reminder job's work list by predictions_due_idx.

/** What resolving needs to know about a prediction. */
export interface PredictionForResolution {
  id: number;
  userId: number;
  isPublic: boolean;
  confidence: number | null;
  targetDate: string | null;
  dueNoted: boolean;
}

export async function findPredictionForResolution(
  db: Db,
  id: number,
): Promise<PredictionForResolution | undefined> {
  const row = await db
    .selectFrom('predictions')
    .select(['id', 'user_id', 'is_public', 'confidence', 'target_date', 'due_noted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        isPublic: flag(row.is_public),
        confidence: row.confidence === null ? null : Number(row.confidence),
        targetDate: row.target_date,
        dueNoted: row.due_noted_at !== null,
      }
    : undefined;
}

export interface StoredResolution {
  predictionId: number;
  outcome: Outcome;
  evidenceUrl: string | null;
  note: string | null;
  agree: number;
  disagree: number;
  disputed: boolean;
  firstResolvedAt: string;
  resolvedAt: string;
}

type ResolutionRow = {
  prediction_id: number;
  outcome: Outcome;
  evidence_url: string | null;
  note: string | null;
  agree: number;
  disagree: number;
  disputed: number;
  first_resolved_at: string;
  resolved_at: string;
};

const toResolution = (r: ResolutionRow): StoredResolution => ({
  predictionId: r.prediction_id,
  outcome: r.outcome,
  evidenceUrl: r.evidence_url,
  note: r.note,
  agree: Number(r.agree),
  disagree: Number(r.disagree),
  disputed: flag(r.disputed),
  firstResolvedAt: r.first_resolved_at,
  resolvedAt: r.resolved_at,
});

const RESOLUTION_COLUMNS = [
  'prediction_id',
  'outcome',
  'evidence_url',
  'note',
  'agree',
  'disagree',
  'disputed',
  'first_resolved_at',
  'resolved_at',
] as const;

export async function findResolution(db: Db, predictionId: number): Promise<StoredResolution | undefined> {
  const row = await db
    .selectFrom('resolutions')
    .select(RESOLUTION_COLUMNS)
    .where('prediction_id', '=', predictionId)
    .executeTakeFirst();
  return row ? toResolution(row) : undefined;
}

/** Every resolution of one member's predictions, by prediction id (resolutions_user_idx). */
export async function resolutionsOfAuthor(db: Db, userId: number): Promise<Map<number, StoredResolution>> {
  const rows = await db
    .selectFrom('resolutions')
    .select(RESOLUTION_COLUMNS)
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [r.prediction_id, toResolution(r)]));
}

/** Each listed prediction's resolve-by date and resolution (if any), by primary key. */
export async function resolutionFactsOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { targetDate: string | null; resolution: StoredResolution | null }>> {
  const out = new Map<number, { targetDate: string | null; resolution: StoredResolution | null }>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const rows = await db
      .selectFrom('predictions as p')
      .leftJoin('resolutions as r', 'r.prediction_id', 'p.id')
      .select([
        'p.id',
        'p.target_date',
        'r.prediction_id',
        'r.outcome',
        'r.evidence_url',
        'r.note',
        'r.agree',
        'r.disagree',
        'r.disputed',
        'r.first_resolved_at',
        'r.resolved_at',
      ])
      .where('p.id', 'in', chunk)
      .execute();
    for (const r of rows) {
      out.set(r.id, {
        targetDate: r.target_date,
        resolution: r.prediction_id === null ? null : toResolution(r as ResolutionRow),
      });
    }
  }
  return out;
}

export interface ResolutionWrite {
  predictionId: number;
  userId: number;
  outcome: Outcome;
  evidenceUrl: string | null;
  note: string | null;
  agree: number;
  disagree: number;
  disputed: boolean;
  firstResolvedAt: string;
  resolvedAt: string;
}

/** Inserts or replaces the prediction's resolution, and marks the prediction resolved. */
export async function saveResolution(db: Db, r: ResolutionWrite): Promise<void> {
  const values = {
    prediction_id: r.predictionId,
    user_id: r.userId,
    outcome: r.outcome,
    evidence_url: r.evidenceUrl,
    note: r.note,
    agree: r.agree,
    disagree: r.disagree,
    disputed: toFlag(r.disputed),
    first_resolved_at: r.firstResolvedAt,
    resolved_at: r.resolvedAt,
  };
  await db
    .insertInto('resolutions')
    .values(values)
    .onConflict((oc) =>
      oc.column('prediction_id').doUpdateSet({
        outcome: values.outcome,
        evidence_url: values.evidence_url,
        note: values.note,
        agree: values.agree,
        disagree: values.disagree,
        disputed: values.disputed,
        resolved_at: values.resolved_at,
      }),
    )
    .execute();
  await db
    .updateTable('predictions')
    .set({ resolved_at: r.resolvedAt })
    .where('id', '=', r.predictionId)
    .execute();
}

export async function deleteVotes(db: Db, predictionId: number): Promise<void> {
  await db.deleteFrom('resolution_votes').where('prediction_id', '=', predictionId).execute();
}

/** Records (or replaces) one member's vote, then returns the prediction's vote counts. */
export async function saveVote(
  db: Db,
  vote: { predictionId: number; userId: number; agree: boolean; at: string },
): Promise<{ agree: number; disagree: number }> {
  await db
    .insertInto('resolution_votes')
    .values({
      prediction_id: vote.predictionId,
      user_id: vote.userId,
      agree: toFlag(vote.agree),
      created_at: vote.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['prediction_id', 'user_id'])
        .doUpdateSet({ agree: toFlag(vote.agree), created_at: vote.at }),
    )
    .execute();
  return voteCounts(db, vote.predictionId);
}

/** A prediction's agree and disagree counts. */
async function voteCounts(db: Db, predictionId: number): Promise<{ agree: number; disagree: number }> {
  const row = await db
    .selectFrom('resolution_votes')
    .select((eb) => [eb.fn.countAll<number>().as('votes'), eb.fn.sum<number | null>('agree').as('agree')])
    .where('prediction_id', '=', predictionId)
    .executeTakeFirstOrThrow();
  const agree = Number(row.agree ?? 0);
  return { agree, disagree: Number(row.votes) - agree };
}

/** The member's own vote on a prediction's resolution (true: agree), or null when they cast none. */
export async function findVote(db: Db, predictionId: number, userId: number): Promise<boolean | null> {
  const row = await db
    .selectFrom('resolution_votes')
    .select('agree')
    .where('prediction_id', '=', predictionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Boolean(row.agree) : null;
}

/** The predictions whose resolution the member voted on (resolution_votes_user_idx). */
export async function votedOnBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('resolution_votes')
    .select('prediction_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.prediction_id);
}

/** Deletes one member's vote and returns the prediction's remaining counts. */
export async function deleteVote(
  db: Db,
  predictionId: number,
  userId: number,
): Promise<{ agree: number; disagree: number }> {
  await db
    .deleteFrom('resolution_votes')
    .where('prediction_id', '=', predictionId)
    .where('user_id', '=', userId)
    .execute();
  return voteCounts(db, predictionId);
}

/** Takes a member's public counters out of the community's (their own rows go with them). */
export async function subtractFromCommunity(db: Db, userId: number): Promise<void> {
  const mine = await trackRecordCounters(db, userId, 'public');
  const decrements = Object.fromEntries(
    COUNTER_NAMES.map((n) => [n, sql<number>`${sql.ref(n)} - ${mine[n]}`]),
  );
  await db.updateTable('track_record_totals').set(decrements).where('scope', '=', SCOPES.public).execute();
}

export async function setVoteCounts(
  db: Db,
  predictionId: number,
  counts: { agree: number; disagree: number; disputed: boolean },
): Promise<void> {
  await db
    .updateTable('resolutions')
    .set({ agree: counts.agree, disagree: counts.disagree, disputed: toFlag(counts.disputed) })
    .where('prediction_id', '=', predictionId)
    .execute();
}

// ── Track records ──

const SCOPES = { all: 'all', public: 'public' } as const;

function counterRow(c: Counters): Counters {
  const row = zeroCounters();
  for (const n of COUNTER_NAMES) row[n] = c[n];
  return row;
}

/**
 * Adds `delta` to the member's 'all' record, and to their 'public' record and the community's
 * when the prediction is public (private predictions never reach what others see).
 */
export async function addToTrackRecords(
  db: Db,
  userId: number,
  isPublic: boolean,
  delta: Counters,
): Promise<void> {
  const values = counterRow(delta);
  const increments = Object.fromEntries(
    COUNTER_NAMES.map((n) => [
      n,
      sql<number>`${sql.ref(`track_records.${n}`)} + ${sql.ref(`excluded.${n}`)}`,
    ]),
  );
  const scopes = isPublic ? [SCOPES.all, SCOPES.public] : [SCOPES.all];
  await db
    .insertInto('track_records')
    .values(scopes.map((scope) => ({ user_id: userId, scope, ...values })))
    .onConflict((oc) => oc.columns(['user_id', 'scope']).doUpdateSet(increments))
    .execute();
  // The stored Brier score is the leaderboard's index key.
  await db
    .updateTable('track_records')
    .set({
      brier: sql<number | null>`case when scored > 0 then brier_sum * 1.0 / (scored * 10000) end`,
    })
    .where('user_id', '=', userId)
    .where('scope', 'in', scopes)
    .execute();
  if (!isPublic) return;
  const totals = Object.fromEntries(
    COUNTER_NAMES.map((n) => [
      n,
      sql<number>`${sql.ref(`track_record_totals.${n}`)} + ${sql.ref(`excluded.${n}`)}`,
    ]),
  );
  await db
    .insertInto('track_record_totals')
    .values({ scope: SCOPES.public, ...values })
    .onConflict((oc) => oc.column('scope').doUpdateSet(totals))
    .execute();
}

const readCounters = (row: Partial<Record<string, unknown>> | undefined): Counters => {
  const c = zeroCounters();
  if (row) for (const n of COUNTER_NAMES) c[n] = Number(row[n] ?? 0);
  return c;
};

// Read on every profile and dashboard view: built and compiled once (db/reusable-query.ts).
const countersQuery = reusableQuery('track record', (db: Db, userId: number, scope: 'all' | 'public') =>
  db
    .selectFrom('track_records')
    .select(COUNTER_NAMES)
    .where('user_id', '=', userId)
    .where('scope', '=', scope),
);

export async function trackRecordCounters(
  db: Db,
  userId: number,
  scope: 'all' | 'public',
): Promise<Counters> {
  const { rows } = await countersQuery(db, userId, scope);
  return readCounters(rows[0]);
}

export async function communityCounters(db: Db): Promise<Counters> {
  const row = await db
    .selectFrom('track_record_totals')
    .select(COUNTER_NAMES)
    .where('scope', '=', SCOPES.public)
    .executeTakeFirst();
  return readCounters(row);
}

export interface LeaderboardRow {
  username: string;
  isDemo: boolean;
  counters: Counters;
}

/** Members with `minScored`+ scored public resolutions, lowest Brier first (partial index). */
export async function leaderboardRows(db: Db, limit: number): Promise<LeaderboardRow[]> {
  const rows = await db
    .selectFrom('track_records as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.username', 'u.is_demo', ...COUNTER_NAMES.map((n) => `t.${n}` as const)])
    .where('t.scope', '=', SCOPES.public)
    // A literal, so both planners match the partial index's predicate.
    .where('t.scored', '>=', sql.lit(10))
    .orderBy('t.brier')
    .orderBy('t.user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    username: r.username,
    isDemo: flag(r.is_demo),
    counters: readCounters(r as unknown as Record<string, unknown>),
  }));
}

// ── Reminders ──

export interface DuePrediction {
  id: number;
  userId: number;
  targetDate: string;
  text: string;
  isPublic: boolean;
  confidence: number | null;
}

/** Dated, unresolved predictions not yet noted as due, whose date is before `today`, after `after`. */
export async function duePredictions(
  db: Db,
  today: string,
  after: { targetDate: string; id: number } | null,
  limit: number,
): Promise<DuePrediction[]> {
  let q = db
    .selectFrom('predictions')
    .select(['id', 'user_id', 'target_date', 'prediction_text', 'is_public', 'confidence'])
    .where('target_date', 'is not', null)
    .where('due_noted_at', 'is', null)
    .where('resolved_at', 'is', null)
    .where('target_date', '<', today);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('target_date', '>', after.targetDate),
        eb.and([eb('target_date', '=', after.targetDate), eb('id', '>', after.id)]),
      ]),
    );
  const rows = await q.orderBy('target_date').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    targetDate: r.target_date as string,
    text: r.prediction_text,
    isPublic: flag(r.is_public),
    confidence: r.confidence === null ? null : Number(r.confidence),
  }));
}

/** Claims a due prediction for this runner: true for exactly one of any number of callers. */
export async function noteDue(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('predictions')
    .set({ due_noted_at: at })
    .where('id', '=', id)
    .where('due_noted_at', 'is', null)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claim back (its mail could not be sent), so the next pass tries again. */
export async function unnoteDue(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('predictions')
    .set({ due_noted_at: null })
    .where('id', '=', id)
    .where('due_noted_at', '=', at)
    .where('reminder_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markReminderSent(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('predictions').set({ reminder_sent_at: at }).where('id', '=', id).execute();
}

export interface ReminderRecipient {
  email: string;
  username: string;
  isDemo: boolean;
  optedOut: boolean;
}

export async function reminderRecipient(db: Db, userId: number): Promise<ReminderRecipient | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('resolution_reminder_optouts as o', 'o.user_id', 'u.id')
    .select(['u.email', 'u.username', 'u.is_demo', 'o.user_id as opted_out'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        email: row.email,
        username: row.username,
        isDemo: flag(row.is_demo),
        optedOut: row.opted_out !== null,
      }
    : undefined;
}

const optOutQuery = reusableQuery('reminder opt-out', (db: Db, userId: number) =>
  db.selectFrom('resolution_reminder_optouts').select('user_id').where('user_id', '=', userId),
);

export async function isOptedOut(db: Db, userId: number): Promise<boolean> {
  const { rows } = await optOutQuery(db, userId);
  return rows.length > 0;
}

export async function optOut(db: Db, userId: number, at: string): Promise<void> {
  await db
    .insertInto('resolution_reminder_optouts')
    .values({ user_id: userId, created_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function optIn(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('resolution_reminder_optouts').where('user_id', '=', userId).execute();
}
