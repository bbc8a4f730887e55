import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '#server/errors.ts';

/**
 * Plumbing only: no route is limited unless it opts in with `config: { rateLimit: {...} }`
 * (so /api/health, /metrics and static files never are). The store is in-memory for one
 * instance, Redis when REDIS_URL is set so every instance shares the counts.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'futurecast-rl:' } : {}),
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
