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
 * Serialises every write on one prediction's resolution for the rest of the transaction (the
 * author's resolve and others' votes). PostgreSQL: the prediction row's lock; SQLite already runs
 * write transactions one at a time.
 */
export async function lockPredictionRow(trx: Kysely<Tables>, predictionId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select id from predictions where id = ${predictionId} for update`.execute(trx);
}

/**
 * Locks the rows a SELECT reads until the transaction ends (PostgreSQL `FOR UPDATE`), so what is
 * read is what is then changed; SQLite already runs write transactions one at a time.
 */
export function lockingRows<Q extends { forUpdate(): Q }>(db: Kysely<Tables>, query: Q): Q {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
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

// PostgreSQL SQLSTATEs that mean "the database is not there right now", not "the query is wrong":
// class 08 (connection exception), 53300 too many connections, 57P01–57P03 administrator or crash
// shutdown and "cannot connect now", 57014 a statement cut off by statement_timeout.
const UNAVAILABLE_SQLSTATE = /^(08...|53300|57P0[123]|57014)$/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
// What pg and pg-pool say when a connection is lost or none can be had in time.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

/**
 * True when a query failed because the database could not be reached or is shutting down (the
 * request deserves a 503 and a retry, not a 500): PostgreSQL connection failures, or SQLite still
 * locked by another writer after its busy timeout.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code) || code === 'SQLITE_BUSY')
    return true;
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message);
}

/** PostgreSQL raised no_data_found (P0002): the vote function's "prediction not visible". */
export const isNoDataFound = (err: unknown): boolean => (err as { code?: string } | null)?.code === 'P0002';

/** PostgreSQL's serialization_failure (40001): a write raced another; the caller may retry. */
export const isSerializationFailure = (err: unknown): boolean =>
  (err as { code?: string } | null)?.code === '40001';
