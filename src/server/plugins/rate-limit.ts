import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

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
