import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { spendCaptcha } from './accounts.repository.ts';

// The login captcha (SPEC.md §4 'Captcha', ARCHITECTURE.md): ALTCHA by default, a self-hosted
// proof of work verified here and accepted once; Turnstile, hCaptcha or reCAPTCHA when configured,
// verified through the provider's siteverify endpoint.

const ALTCHA_CHALLENGE_TTL_MS = 20 * 60 * 1000;

const SITEVERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const;

type CaptchaOutcome = 'ok' | 'invalid' | 'replayed' | 'expired' | 'unavailable';

export interface CaptchaVerifier {
  /** A fresh ALTCHA challenge; only for the altcha provider. */
  challenge(): Promise<Challenge>;
  verify(response: string, remoteIp: string): Promise<CaptchaOutcome>;
}

export interface CaptchaOptions {
  config: Config;
  db: Db;
  /** Tests point this at a local siteverify server speaking the providers' protocol. */
  siteverifyUrl?: string | undefined;
}

export function createCaptcha({ config, db, siteverifyUrl }: CaptchaOptions): CaptchaVerifier {
  const { provider, secret, altchaMaxNumber } = config.captcha;
  // Separate keys derived from the session secret: one signs challenges, one the expected key.
  const derive = (label: string) => createHmac('sha256', config.sessionSecret).update(label).digest('hex');
  const hmacSignatureSecret = derive('altcha-challenge');
  const hmacKeySignatureSecret = derive('altcha-key');

  async function verifyAltcha(response: string): Promise<CaptchaOutcome> {
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(response, 'base64').toString('utf8')) as Payload;
    } catch {
      return 'invalid';
    }
    const challenge = payload?.challenge;
    const solution = payload?.solution;
    if (
      !challenge?.parameters ||
      typeof solution?.counter !== 'number' ||
      typeof solution.derivedKey !== 'string'
    ) {
      return 'invalid';
    }
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    } catch {
      return 'invalid';
    }
    if (result.expired) return 'expired';
    if (!result.verified) return 'invalid';
    const expiresAt = new Date((challenge.parameters.expiresAt ?? 0) * 1000).toISOString();
    const fresh = await spendCaptcha(db, challenge.parameters.nonce, expiresAt, new Date().toISOString());
    return fresh ? 'ok' : 'replayed';
  }

  async function verifyRemote(response: string, remoteIp: string): Promise<CaptchaOutcome> {
    if (provider === 'altcha' || !secret) return 'unavailable';
    const form = new URLSearchParams({ secret, response, remoteip: remoteIp });
    if (provider === 'hcaptcha' && config.captcha.siteKey) form.set('sitekey', config.captcha.siteKey);
    try {
      const res = await fetch(siteverifyUrl ?? SITEVERIFY_URLS[provider], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) return 'unavailable';
      const body = (await res.json()) as { success?: boolean };
      return body.success === true ? 'ok' : 'invalid';
    } catch {
      return 'unavailable';
    }
  }

  return {
    async challenge() {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        // The work is finding this counter: the widget tries 0, 1, 2, … so the expected effort
        // grows with ALTCHA_MAX_NUMBER (kept small in tests).
        counter: randomInt(altchaMaxNumber),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + ALTCHA_CHALLENGE_TTL_MS),
      });
    },
    verify(response, remoteIp) {
      return provider === 'altcha' ? verifyAltcha(response) : verifyRemote(response, remoteIp);
    },
  };
}
