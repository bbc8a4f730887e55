import type { Db, UserRow } from '#server/db/database.ts';
import { flag } from '#server/db/dialect.ts';

// All account SQL (STYLE.md rule 2): users, email tokens and spent captcha challenges.
// Functions take the database (or a transaction) first and return domain objects.

export interface Account {
  id: number;
  username: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  emailVerifiedAt: string | null;
  isDemo: boolean;
  createdAt: string;
}

export type TokenPurpose = 'verify' | 'reset' | 'email_change';

export interface EmailTokenRecord {
  id: number;
  userId: number;
  purpose: TokenPurpose;
  expiresAt: string;
  usedAt: string | null;
  /** The address an 'email_change' token applies. */
  newEmail: string | null;
}

/** Not in the shared Database type: only this feature reads it. */
interface CaptchaUsesTable {
  id: string;
  expires_at: string;
}

const rowToAccount = (r: UserRow): Account => ({
  id: r.id,
  username: r.username,
  email: r.email,
  passwordHash: r.password_hash,
  googleSub: r.google_sub,
  emailVerifiedAt: r.email_verified_at,
  isDemo: flag(r.is_demo),
  createdAt: r.created_at,
});

export async function findAccountById(db: Db, id: number): Promise<Account | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && rowToAccount(row);
}

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  return row && rowToAccount(row);
}

export async function findAccountByUsernameKey(db: Db, key: string): Promise<Account | undefined> {
  const row = await db.selectFrom('users').selectAll().where('username_key', '=', key).executeTakeFirst();
  return row && rowToAccount(row);
}

export async function findAccountByGoogleSub(db: Db, sub: string): Promise<Account | undefined> {
  const row = await db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
  return row && rowToAccount(row);
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function usernameKeyExists(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

// ── Released usernames (docs/decisions/014-explore.md) ──

/** How long a deleted account's username stays out of reach of new accounts. */
const USERNAME_HOLD_MS = 30 * 24 * 3600_000;

/** Holds a deleted account's username from now on (a later deletion of the same name restarts it). */
export async function holdUsername(db: Db, key: string, releasedAt: string): Promise<void> {
  await db
    .insertInto('released_usernames')
    .values({ username_key: key, released_at: releasedAt })
    .onConflict((oc) => oc.column('username_key').doUpdateSet({ released_at: releasedAt }))
    .execute();
}

/** Whether a username was released by a deleted account less than USERNAME_HOLD_MS before `now`. */
export async function usernameHeld(db: Db, key: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('released_usernames')
    .select('username_key')
    .where('username_key', '=', key)
    .where('released_at', '>', new Date(now.getTime() - USERNAME_HOLD_MS).toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewAccount {
  email: string;
  username: string;
  usernameKey: string;
  passwordHash: string | null;
  googleSub?: string | null;
  emailVerifiedAt?: string | null;
  createdAt: string;
}

export async function insertAccount(db: Db, a: NewAccount): Promise<Account> {
  const row = await db
    .insertInto('users')
    .values({
      email: a.email,
      username: a.username,
      username_key: a.usernameKey,
      password_hash: a.passwordHash,
      google_sub: a.googleSub ?? null,
      email_verified_at: a.emailVerifiedAt ?? null,
      created_at: a.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowToAccount(row);
}

export async function markEmailVerified(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: at })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string | null): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** A confirmed email change: the new address, verified by the link that confirmed it. */
export async function setEmail(db: Db, userId: number, email: string, verifiedAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, email_verified_at: verifiedAt })
    .where('id', '=', userId)
    .execute();
}

export async function setGoogleSub(db: Db, userId: number, sub: string): Promise<void> {
  await db.updateTable('users').set({ google_sub: sub }).where('id', '=', userId).execute();
}

/** Which unique column a failed insert ran into, on either dialect. */
export function uniqueViolation(err: unknown): 'email' | 'username' | 'google' | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (e.code !== '23505' && !String(e.code).startsWith('SQLITE_CONSTRAINT')) return null;
  if (/email/.test(text)) return 'email';
  if (/username/.test(text)) return 'username';
  if (/google/.test(text)) return 'google';
  return null;
}

// ── Email tokens ──

export async function insertEmailToken(
  db: Db,
  t: {
    userId: number;
    purpose: TokenPurpose;
    tokenHash: string;
    createdAt: string;
    expiresAt: string;
    newEmail?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      user_id: t.userId,
      purpose: t.purpose,
      token_hash: t.tokenHash,
      created_at: t.createdAt,
      expires_at: t.expiresAt,
      new_email: t.newEmail ?? null,
    })
    .execute();
}

/** The address of the member's live email-change link, if one is waiting to be followed. */
export async function pendingEmailChange(db: Db, userId: number, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_tokens')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email_change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/** A newer link replaces the older ones: they stop working at once. */
export async function retireEmailTokens(db: Db, userId: number, purpose: TokenPurpose, at: string) {
  await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function findEmailToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<EmailTokenRecord | undefined> {
  const row = await db
    .selectFrom('email_tokens')
    .select(['id', 'user_id', 'purpose', 'expires_at', 'used_at', 'new_email'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      purpose: row.purpose,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      newEmail: row.new_email,
    }
  );
}

/** Marks a token used; false when another request spent it first (single use, race-free). */
export async function consumeEmailToken(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ── Spent captcha challenges ──

/** Records a challenge id; false when it was already spent (a replayed solution). */
export async function spendCaptcha(db: Db, id: string, expiresAt: string, now: string): Promise<boolean> {
  const cdb = db.withTables<{ captcha_uses: CaptchaUsesTable }>();
  await cdb.deleteFrom('captcha_uses').where('expires_at', '<', now).execute();
  const result = await cdb
    .insertInto('captcha_uses')
    .values({ id, expires_at: expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
