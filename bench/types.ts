// The shapes of what `npm run bench` measures: each targets file (targets.ts, community-targets.ts,
// prediction-targets.ts) lists BenchTarget entries; `minRatio` is a target's budget (requests/s as a
// fraction of the bare hello-world measured in the same run).
import type { Database } from '#server/db/connect.ts';

export interface BenchContext {
  baseUrl: string;
  /** The SQLite file of this run (the PostgreSQL pass loads its data from it). */
  databaseFile: string;
  /** A connection to the database the measured server runs on (to sign bench members in). */
  connect(): Database;
  /** The measured server's SESSION_SECRET. */
  sessionSecret: string;
}

export interface BenchTarget {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  minRatio?: number;
  /** Optional p50 latency budget in milliseconds. */
  maxP50Ms?: number;
  /** Optional p99 latency budget in milliseconds. */
  maxP99Ms?: number;
  /**
   * Optional budget against another target of the same run: this one's requests/s at least
   * `min` × that one's (e.g. a page deep in a list against the first page).
   */
  vs?: { name: string; min: number };
  /** Concurrent connections; default 16. One measures a call's own latency rather than queueing. */
  connections?: number;
  /** Runs once before the measurement, e.g. to sign a member in; returns extra headers. */
  prepare?: (ctx: BenchContext) => Promise<Record<string, string> | undefined>;
  /** Changes each request before it is sent (varying bodies or tokens); runs after prepare. */
  setupRequest?: (request: BenchRequest) => BenchRequest;
  /**
   * A reference server (a script under bench/) measured instead of the app, on the same data file
   * and session secret; for rows that show what a call could cost at the least.
   */
  server?: string;
}

export interface BenchRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
