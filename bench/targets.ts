import { BROWSER, communityTargets } from './community-targets.ts';
import { exploreTargets } from './explore-targets.ts';
import { predictionTargets } from './prediction-targets.ts';
import type { BenchTarget } from './types.ts';

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
  ...exploreTargets,
  {
    name: 'GET analytics-dashboard (cached)',
    path: '/api/analytics-dashboard',
    headers: BROWSER,
    minRatio: 0.4,
  },
  ...analyticsUncached,
];
