import { sql } from 'kysely';
import type { Dialect } from './connect.ts';

// Every difference between SQLite and PostgreSQL lives here (STYLE.md rule 11).

/** 0/1 integer flag → boolean. */
export const flag = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;

export const toFlag = (v: boolean): number => (v ? 1 : 0);

/** Current time as the ISO string both dialects store. */
export const nowIso = (): string => new Date().toISOString();

/** The UTC day of an ISO timestamp: 'YYYY-MM-DD'. */
export const utcDay = (iso: string): string => iso.slice(0, 10);

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

export function describeDialect(d: Dialect): string {
  return d === 'postgres' ? 'PostgreSQL' : 'SQLite';
}
