/**
 * What `npm run bench` measures. Adding an endpoint is one entry here; `minRatio` is its budget
 * (requests/s as a fraction of the bare hello-world measured in the same run).
 */
export interface BenchContext {
  baseUrl: string;
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
  /** Runs once before the measurement, e.g. to sign a member in; returns extra headers. */
  prepare?: (ctx: BenchContext) => Promise<Record<string, string> | undefined>;
}

export const targets: BenchTarget[] = [
  { name: 'GET /api/health', path: '/api/health', minRatio: 0.5 },
  { name: 'GET / (SPA index)', path: '/', headers: { 'accept-encoding': 'gzip' }, minRatio: 0.5 },
];
