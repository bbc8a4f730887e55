import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';

// Account abuse limits, per IP and per account or email (docs/decisions/004-accounts-and-sessions.md
// says where each number comes from). The per-IP one is each route's own `config.rateLimit`;
// the per-account ones are checked in the handler, once the body says which account.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Limit {
  max: number;
  timeWindow: number;
}

export const ACCOUNT_LIMITS = {
  /** Mastodon throttle_login_attempts/ip: 25 per 5 minutes. */
  loginPerIp: { max: 25, timeWindow: 5 * MINUTE },
  /** Mastodon throttle_login_attempts/email: 25 per hour, for the account whatever name is typed. */
  loginPerAccount: { max: 25, timeWindow: HOUR },
  /** Mastodon throttle_sign_up_attempts/ip: 25 per 5 minutes. */
  registerPerIp: { max: 25, timeWindow: 5 * MINUTE },
  /** GitLab username_exists: 20 per minute (each debounced check is one request). */
  checkPerIp: { max: 20, timeWindow: MINUTE },
  /** Discourse forgot-password-hr: 6 per hour per IP. */
  forgotPerIp: { max: 6, timeWindow: HOUR },
  /** Mastodon throttle_password_resets/email: 5 per 30 minutes. */
  forgotPerEmail: { max: 5, timeWindow: 30 * MINUTE },
  /** GitLab email_verification_code_send: 10 per hour per IP. */
  resendPerIp: { max: 10, timeWindow: HOUR },
  /** Mastodon throttle_email_confirmations/email: 5 per 30 minutes. */
  resendPerEmail: { max: 5, timeWindow: 30 * MINUTE },
  /** Mastodon throttle_password_resets/ip and email_confirmations/ip: 25 per 5 minutes. */
  tokenPerIp: { max: 25, timeWindow: 5 * MINUTE },
  /**
   * Ours: a password or email change re-checks the current password, so a stolen session could
   * guess at it; 10 an hour per member is plenty for a person who mistypes.
   */
  accountChangePerMember: { max: 10, timeWindow: HOUR },
  /** One challenge per sign-in page view, and a fresh one when it expires: generous. */
  captchaPerIp: { max: 60, timeWindow: MINUTE },
} as const satisfies Record<string, Limit>;

/** A route's per-IP limit, in @fastify/rate-limit's route config shape. */
export const perIp = (limit: Limit, name: string) => ({
  rateLimit: { ...limit, keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}` },
});

export type KeyedLimiter = (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>;

/**
 * A limit keyed by something in the body (an account, an email). Exceeding it answers the same
 * 429 with Retry-After as the per-IP limits. Uses the app's rate-limit store (Redis when set).
 */
export function keyedLimiter(app: FastifyInstance, name: string, limit: Limit): KeyedLimiter {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}:${keys.get(request)}` });
  return async (request, reply, key) => {
    keys.set(request, key);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${seconds} seconds.`);
    }
  };
}
