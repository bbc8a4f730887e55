import type { Db } from '#server/db/database.ts';
import { reusableQuery } from '#server/db/reusable-query.ts';

// The sessions table: one row per issued token, so a token can be revoked before it expires.

export interface ActiveSession {
  sessionId: string;
  userId: number;
  username: string;
  email: string;
}

export async function insertSession(
  db: Db,
  s: { id: string; userId: number; remember: boolean; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      remember: s.remember ? 1 : 0,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
    })
    .execute();
}

// Read on every authenticated request: built and compiled once (db/reusable-query.ts).
const activeSessionQuery = reusableQuery('active session', (db: Db, id: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as userId', 'users.username', 'users.email'])
    .where('sessions.id', '=', id)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

/** The session with its member, if it is neither revoked nor expired. */
export async function findActiveSession(db: Db, id: string, now: string): Promise<ActiveSession | undefined> {
  const { rows } = await activeSessionQuery(db, id, now);
  return rows[0];
}

export async function revokeSessionById(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSessionsOfUser(db: Db, userId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every live session of the member but `keepId` (the one asking); returns how many. */
export async function revokeOtherSessionsOfUser(
  db: Db,
  userId: number,
  keepId: string,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '<>', keepId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
