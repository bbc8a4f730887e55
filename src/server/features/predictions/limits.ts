import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { memberOrIpKey } from '#server/plugins/rate-limit.ts';

// Submission limits per member (docs/decisions/007-predictions-and-reliability.md). A person
// writing predictions by hand does not publish more than a few a minute; a script does.
// 10 a minute stops bursts; 100 a day stops a slow flood without ever touching real use.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const PREDICTION_RATE_LIMITS = {
  submitPerMinute: { max: 10, timeWindow: MINUTE },
  submitPerDay: { max: 100, timeWindow: DAY },
  /** The quality coach asks once a pause in typing: a fast typist pauses a few times a minute. */
  previewPerMinute: { max: 40, timeWindow: MINUTE },
} as const;

/** The preview's own limit, per member (issue 26). */
export const previewPerMinute = {
  rateLimit: {
    ...PREDICTION_RATE_LIMITS.previewPerMinute,
    keyGenerator: (request: FastifyRequest) => `prediction-preview:${memberOrIpKey(request)}`,
  },
};

/** The route's own per-minute limit, keyed by member (by IP for guests, who then get a 401). */
export const submitPerMinute = {
  rateLimit: {
    ...PREDICTION_RATE_LIMITS.submitPerMinute,
    keyGenerator: (request: FastifyRequest) => `prediction-minute:${memberOrIpKey(request)}`,
  },
};

/**
 * The per-day limit, checked once the member is known. Same store as every other limit (Redis
 * when configured), same 429 with Retry-After.
 */
export function submitPerDayLimiter(app: FastifyInstance) {
  const check = app.createRateLimit({
    ...PREDICTION_RATE_LIMITS.submitPerDay,
    keyGenerator: (request) => `prediction-day:${memberOrIpKey(request)}`,
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
