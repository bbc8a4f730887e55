import { createHmac, timingSafeEqual } from 'node:crypto';

// The digest's unsubscribe link works without signing in: it carries a token naming the member and
// an expiry, signed with a key derived from SESSION_SECRET for this purpose only (so it can never
// pass as a session token, nor a session token as this). Format: `<userId>.<expiry s>.<HMAC>`,
// base64url; nothing is stored, so every digest's link works until it expires.

const PURPOSE = 'futurecast/digest-unsubscribe/v1';

const keyOf = (secret: string): Buffer => createHmac('sha256', secret).update(PURPOSE).digest();

const mac = (key: Buffer, body: string): string => createHmac('sha256', key).update(body).digest('base64url');

export function signUnsubscribeToken(secret: string, userId: number, expiresAtMs: number): string {
  const body = `${userId}.${Math.floor(expiresAtMs / 1000)}`;
  return `${body}.${mac(keyOf(secret), body)}`;
}

const SHAPE = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The member the token names, or null when it is malformed, forged or expired. */
export function verifyUnsubscribeToken(secret: string, token: string, nowMs: number): number | null {
  const match = SHAPE.exec(token);
  if (!match) return null;
  const [, id = '', expiry = '', given = ''] = match;
  const expected = Buffer.from(mac(keyOf(secret), `${id}.${expiry}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (Number(expiry) * 1000 <= nowMs) return null;
  return Number(id);
}
