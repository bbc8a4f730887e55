import type { Activity } from '#shared/schemas/notifications.ts';
import type { Db } from '#server/db/database.ts';

// All SQL of the notifications feature (STYLE.md rule 2): the visit markers, the digest
// subscriptions and the activity on a member's predictions. The activity reads one member's
// predictions through predictions (user_id, …), their votes through the votes primary key
// (prediction_id, user_id) and their comments through comments (prediction_id, created_at): the
// member's own rows, never a scan.

export interface Visit {
  seenAt: string;
  sinceAt: string | null;
  sessionId: string | null;
}

export async function findVisit(db: Db, userId: number): Promise<Visit | undefined> {
  const row = await db
    .selectFrom('member_visits')
    .select(['seen_at', 'since_at', 'session_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { seenAt: row.seen_at, sinceAt: row.since_at, sessionId: row.session_id };
}

export async function saveVisit(db: Db, userId: number, v: Visit): Promise<void> {
  const values = { seen_at: v.seenAt, since_at: v.sinceAt, session_id: v.sessionId };
  await db
    .insertInto('member_visits')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** The window (after, until]; `after` null means from the beginning. */
export interface Window {
  after: string | null;
  until: string | null;
}

const TOP_PREDICTIONS = 5;
const LATEST_COMMENTS = 3;

/** New likes and comments by other members on `userId`'s predictions within the window. */
export async function activityOn(db: Db, userId: number, w: Window): Promise<Activity> {
  let likes = db
    .selectFrom('predictions as p')
    .innerJoin('votes as v', 'v.prediction_id', 'p.id')
    .select((eb) => ['p.id', eb.fn.countAll<number>().as('n')])
    .where('p.user_id', '=', userId)
    .where('v.value', '=', 1)
    .where('v.user_id', '<>', userId)
    .groupBy('p.id');
  let comments = db
    .selectFrom('predictions as p')
    .innerJoin('comments as c', 'c.prediction_id', 'p.id')
    .select((eb) => ['p.id', eb.fn.countAll<number>().as('n')])
    .where('p.user_id', '=', userId)
    .where('c.user_id', '<>', userId)
    .groupBy('p.id');
  let latest = db
    .selectFrom('predictions as p')
    .innerJoin('comments as c', 'c.prediction_id', 'p.id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.prediction_id', 'u.username', 'c.comment_text', 'c.created_at'])
    .where('p.user_id', '=', userId)
    .where('c.user_id', '<>', userId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(LATEST_COMMENTS);
  if (w.after !== null) {
    likes = likes.where('v.created_at', '>', w.after);
    comments = comments.where('c.created_at', '>', w.after);
    latest = latest.where('c.created_at', '>', w.after);
  }
  if (w.until !== null) {
    likes = likes.where('v.created_at', '<=', w.until);
    comments = comments.where('c.created_at', '<=', w.until);
    latest = latest.where('c.created_at', '<=', w.until);
  }
  const [likeRows, commentRows, latestRows] = await Promise.all([
    likes.execute(),
    comments.execute(),
    latest.execute(),
  ]);
  const perPrediction = new Map<number, { likes: number; comments: number }>();
  for (const r of likeRows) perPrediction.set(r.id, { likes: Number(r.n), comments: 0 });
  for (const r of commentRows) {
    const entry = perPrediction.get(r.id) ?? { likes: 0, comments: 0 };
    entry.comments = Number(r.n);
    perPrediction.set(r.id, entry);
  }
  const top = [...perPrediction.entries()]
    .sort(([a, x], [b, y]) => y.likes + y.comments - (x.likes + x.comments) || b - a)
    .slice(0, TOP_PREDICTIONS);
  const texts = top.length
    ? await db
        .selectFrom('predictions')
        .select(['id', 'prediction_text'])
        .where(
          'id',
          'in',
          top.map(([id]) => id),
        )
        .execute()
    : [];
  const textOf = new Map(texts.map((r) => [r.id, r.prediction_text]));
  let likeTotal = 0;
  let commentTotal = 0;
  for (const v of perPrediction.values()) {
    likeTotal += v.likes;
    commentTotal += v.comments;
  }
  return {
    likes: likeTotal,
    comments: commentTotal,
    predictions: top.map(([id, v]) => ({ id, text: textOf.get(id) ?? '', ...v })),
    latestComments: latestRows.map((r) => ({
      id: r.id,
      predictionId: r.prediction_id,
      username: r.username,
      text: r.comment_text,
      created_at: r.created_at,
    })),
  };
}

// ── Digest subscriptions ──

export async function isSubscribed(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('digest_subscriptions')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns the digest on; its first window starts now. A second call changes nothing. */
export async function subscribe(db: Db, userId: number, at: string): Promise<void> {
  await db
    .insertInto('digest_subscriptions')
    .values({ user_id: userId, created_at: at, through_at: at, sent_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function unsubscribe(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('digest_subscriptions').where('user_id', '=', userId).execute();
}

export interface DueDigest {
  userId: number;
  username: string;
  email: string;
  throughAt: string;
  sentAt: string | null;
}

/** Subscriptions after `afterUserId` whose last digest went out before `sentBefore`, in user order. */
export async function dueDigests(
  db: Db,
  afterUserId: number,
  sentBefore: string,
  limit: number,
): Promise<DueDigest[]> {
  const rows = await db
    .selectFrom('digest_subscriptions as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.user_id', 'u.username', 'u.email', 'd.through_at', 'd.sent_at'])
    .where('d.user_id', '>', afterUserId)
    .where((eb) => eb.or([eb('d.sent_at', 'is', null), eb('d.sent_at', '<', sentBefore)]))
    .orderBy('d.user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    email: r.email,
    throughAt: r.through_at,
    sentAt: r.sent_at,
  }));
}

/**
 * Moves a subscription's window end from `from` to `to`, only if it still ends at `from`: the
 * claim that makes a digest go out once, even if two runners reached the same member.
 */
export async function moveDigestWindow(
  db: Db,
  userId: number,
  from: { throughAt: string; sentAt: string | null },
  to: { throughAt: string; sentAt: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('digest_subscriptions')
    .set({ through_at: to.throughAt, sent_at: to.sentAt })
    .where('user_id', '=', userId)
    .where('through_at', '=', from.throughAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
