import { BROWSER, communityTargets } from './community-targets.ts';
import { predictionTargets } from './prediction-targets.ts';

/**
 * What `npm run bench` measures. Adding an endpoint is one entry here; `minRatio` is its budget
 * (requests/s as a fraction of the bare hello-world measured in the same run).
 */
export interface BenchContext {
  baseUrl: string;
  /** The SQLite file the measured server runs on (to sign bench members in). */
  databaseFile: string;
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

// Analytics: each call uncached (Cache-Control: no-cache makes the server compute afresh, on
// purpose: docs/decisions/010-analytics.md), one connection, so p50 is the call's own latency.
const ANALYTICS_CALLS = [
  '/api/analytics-dashboard',
  '/api/analytics/category-activity',
  '/api/analytics/momentum',
  '/api/analytics/timing',
  '/api/analytics/community-quality-health',
  '/api/analytics/quality-vs-length',
];
const analyticsUncached: BenchTarget[] = ANALYTICS_CALLS.flatMap((path) =>
  ['week', 'year'].map((timeframe) => ({
    name: `GET ${path.replace('/api/', '')}?timeframe=${timeframe} (uncached)`,
    path: `${path}?timeframe=${timeframe}`,
    headers: { 'cache-control': 'no-cache' },
    connections: 1,
    maxP50Ms: 20,
  })),
);

export const targets: BenchTarget[] = [
  // Health pings the database on every call (that is its job), so it costs a real query.
  { name: 'GET /api/health', path: '/api/health', minRatio: 0.25 },
  { name: 'GET / (SPA index)', path: '/', headers: { 'accept-encoding': 'gzip' }, minRatio: 0.4 },
  ...predictionTargets,
  ...communityTargets,
  {
    name: 'GET analytics-dashboard (cached)',
    path: '/api/analytics-dashboard',
    headers: BROWSER,
    minRatio: 0.4,
  },
  ...analyticsUncached,
];
