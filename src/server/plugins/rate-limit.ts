import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RedisLink } from '#server/cache/redis.ts';
import { AppError } from '#server/errors.ts';

/**
 * Plumbing only: no route is limited unless it opts in with `config: { rateLimit: {...} }`
 * (so /api/health, /metrics and static files never are). The store is in-memory for one
 * instance, Redis when REDIS_URL is set so every instance shares the counts.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redis: RedisLink | undefined,
  namespace = 'futurecast-rl:',
) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithFallback(redis, namespace) } : {}),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) => {
      const error = new Error(
        `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      ) as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });
}

/** Key helper for per-member limits: the authenticated user id, else the client IP. */
export function memberOrIpKey(request: FastifyRequest): string {
  const userId = (request as FastifyRequest & { member?: { id: number } }).member?.id;
  return userId ? `member:${userId}` : `ip:${request.ip}`;
}

/**
 * One limit for several routes: each route's own `config.rateLimit` counts in its own store, so
 * like and dislike would each allow the full number. Use the returned hook on every route that
 * shares it; the count is per member (per IP for guests), in the app's store (Redis when set).
 */
export function sharedLimit(app: FastifyInstance, name: string, limit: { max: number; timeWindow: number }) {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${name}:${memberOrIpKey(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${seconds} seconds.`);
    }
  };
}

// @fastify/rate-limit's own stores (its package exports them by path only).
type Counted = (err: Error | null, result: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, done: Counted, timeWindow: number, max: number): void;
  read(key: string, done: Counted, timeWindow: number, max: number): void;
  child(routeOptions: object): Store;
}
type StoreClass<A extends unknown[]> = new (...args: A) => Store;
const require = createRequire(import.meta.url);
const RedisStore: StoreClass<
  [boolean, boolean, unknown, string]
> = require('@fastify/rate-limit/store/RedisStore.js');
const LocalStore: StoreClass<
  [boolean, boolean, number?]
> = require('@fastify/rate-limit/store/LocalStore.js');

/**
 * The shared Redis counts while Redis answers; a per-instance memory store while it is away, so
 * every limit (login and sign-up included) keeps holding on each instance: it fails safe (at most
 * N× the limit across N instances for the minutes of an outage), never open and never with a 500.
 * docs/decisions/012-scale-out-failures.md.
 */
function redisWithFallback(redis: RedisLink, namespace: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}
    incr(key: string, done: Counted, timeWindow: number, max: number) {
      this.run('incr', key, done, timeWindow, max);
    }
    read(key: string, done: Counted, timeWindow: number, max: number) {
      this.run('read', key, done, timeWindow, max);
    }
    private run(method: 'incr' | 'read', key: string, done: Counted, timeWindow: number, max: number) {
      if (!redis.isUp()) return this.local[method](key, done, timeWindow, max);
      this.shared[method](
        key,
        (err, result) => (err ? this.local[method](key, done, timeWindow, max) : done(null, result)),
        timeWindow,
        max,
      );
    }
    child(routeOptions: object) {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  // The plugin constructs the store with its global settings (continueExceeding etc.).
  class Constructed {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      // biome-ignore lint/correctness/noConstructorReturn: the plugin's store contract is a constructor
      return new FallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, redis.client, namespace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  }
  return Constructed as unknown as FastifyRateLimitStoreCtor;
}
