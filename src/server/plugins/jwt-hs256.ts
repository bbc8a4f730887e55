import { createHmac, timingSafeEqual } from 'node:crypto';

// Verifying our own HS256 session tokens synchronously. jose (which signs them) verifies through
// async WebCrypto at ~70 µs a token, most of an authenticated request's budget; an HMAC with
// node:crypto is ~10 µs (docs/decisions/006-request-pipeline-speed.md). Only HS256 is accepted.

const PART = /^[A-Za-z0-9_-]+$/;

export interface VerifiedClaims {
  [claim: string]: unknown;
  exp: number;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The claims of a well-formed, correctly signed, unexpired HS256 token; otherwise null. */
export function verifyHs256(
  token: string,
  key: Uint8Array,
  nowSeconds = Date.now() / 1000,
): VerifiedClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!PART.test(header) || !PART.test(payload) || !PART.test(signature)) return null;
  const head = decodeJson(header);
  if (head?.alg !== 'HS256' || head.crit !== undefined) return null;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = decodeJson(payload);
  if (!claims || typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  if (typeof claims.nbf === 'number' && claims.nbf > nowSeconds) return null;
  return claims as VerifiedClaims;
}
