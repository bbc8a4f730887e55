import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Tables } from './database.ts';
import type { Dialect } from './connect.ts';

// Every difference between SQLite and PostgreSQL lives here (STYLE.md rule 11).

/** 0/1 integer flag → boolean. */
export const flag = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;

export const toFlag = (v: boolean): number => (v ? 1 : 0);

/** Current time as the ISO string both dialects store. */
export const nowIso = (): string => new Date().toISOString();

/** A dialect-neutral "ping". */
export const ping = sql<number>`select 1 as ok`;

export const jsonText = (value: unknown): string => JSON.stringify(value);

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The UTC day ('YYYY-MM-DD') of a timestamp column: ISO text on SQLite, timestamptz on PostgreSQL. */
export const utcDayOf = (d: Dialect, column: string) =>
  d === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** The UTC hour (0–23) of a timestamp column. */
export const utcHourOf = (d: Dialect, column: string) =>
  d === 'postgres'
    ? sql<number>`cast(extract(hour from ${sql.ref(column)} at time zone 'UTC') as integer)`
    : sql<number>`cast(substr(${sql.ref(column)}, 12, 2) as integer)`;

/** The dialect a connection (or transaction) speaks. */
export const dialectOf = (db: Kysely<Tables>): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** Seconds since 1970 (fractional) of a timestamp column: the hot score's time term in SQL. */
export const epochSeconds = (d: Dialect, column: string) =>
  d === 'postgres'
    ? sql<number>`extract(epoch from ${sql.ref(column)})`
    : sql<number>`unixepoch(${sql.ref(column)}, 'subsec')`;

/** True when a statement failed on a foreign key (the row it points at does not exist). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.code === '23503';
}

/**
 * Serialises one member's writes on one prediction for the rest of the transaction. PostgreSQL:
 * a transaction-scoped advisory lock on the pair; SQLite already runs write transactions one at a time.
 */
export async function lockMemberPrediction(
  trx: Kysely<Tables>,
  d: Dialect,
  predictionId: number,
  userId: number,
): Promise<void> {
  if (d !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${predictionId}::int, ${userId}::int)`.execute(trx);
}

/**
 * Serialises writers whose texts share a near-duplicate band, for the rest of the transaction, so
 * two near-identical posts sent at once cannot both pass the duplicate check. PostgreSQL: one
 * transaction-scoped advisory lock per band, taken in ascending key order (no deadlocks); texts
 * with no band in common never wait for each other. SQLite already runs write transactions one at
 * a time.
 */
export async function lockDuplicateBands(trx: Kysely<Tables>, bands: readonly string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter) || bands.length === 0) return;
  const keys = [...new Set(bands.map(bandLockKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // unnest yields the array in order, so the locks are taken in the sorted order.
  await sql`select pg_advisory_xact_lock(k) from unnest(${keys.map(String)}::bigint[]) as k`.execute(trx);
}

/** A band key's 63-bit lock key (FNV-1a 64, top bit cleared: a positive bigint). */
function bandLockKey(band: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < band.length; i++) {
    h ^= BigInt(band.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h & 0x7fffffffffffffffn;
}
