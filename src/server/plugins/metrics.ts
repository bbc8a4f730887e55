import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HotReplies } from './hot-replies.ts';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from '#server/errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

const isLoopback = (address: string) =>
  address === '::1' ||
  (isIP(address.replace(/^::ffff:/, '')) === 4 && address.replace(/^::ffff:/, '').startsWith('127.'));

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without it, only
 * a scraper on this machine (a loopback client that no proxy forwarded: a reverse proxy on the same
 * host would make every visitor look local).
 */
function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(sent), digest(token));
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.ip);
}

/**
 * Prometheus metrics: request counts and latencies by route (the route pattern, never the raw URL).
 * Label children are cached per (method, route[, status]): resolving labels per request measured
 * at half the request rate.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { token?: string | undefined } = {},
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const counters = new Map<string, ReturnType<typeof requests.labels>>();
  const timers = new Map<string, ReturnType<typeof latency.labels>>();

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const key = `${request.method} ${route}`;
      let timer = timers.get(key);
      if (!timer) {
        timer = latency.labels(request.method, route);
        timers.set(key, timer);
      }
      timer.observe(reply.elapsedTime / 1000);
      const countKey = `${key} ${reply.statusCode}`;
      let counter = counters.get(countKey);
      if (!counter) {
        counter = requests.labels(request.method, route, String(reply.statusCode));
        counters.set(countKey, counter);
      }
      counter.inc();
    }
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(request, options.token)) {
      if (options.token) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, 'UNAUTHORIZED', 'Metrics need the METRICS_TOKEN bearer token');
      }
      throw new AppError(403, 'FORBIDDEN', 'Metrics are served to this machine only; set METRICS_TOKEN');
    }
    reply.header('cache-control', 'no-store');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}

/** Replies the HTTP server's micro-cache answered before Fastify saw them (plugins/hot-replies.ts). */
export function registerHotReplyMetrics(registry: Registry, hot: Pick<HotReplies, 'served'>): void {
  new Counter({
    name: 'http_hot_replies_total',
    help: 'GET requests answered from the micro-cache in front of the application, by path',
    labelNames: ['path'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [path, n] of hot.served()) this.labels(path).inc(n);
    },
  });
}
