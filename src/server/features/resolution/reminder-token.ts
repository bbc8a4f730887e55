import { createHmac, timingSafeEqual } from 'node:crypto';

// The reminder mail's opt-out link works without signing in: `<userId>.<expiry s>.<HMAC>`, signed
// with a key derived from SESSION_SECRET for this purpose only, so it never passes as a session
// token or a digest unsubscribe token (nor they as this). Nothing is stored.

const PURPOSE = 'futurecast/resolution-reminder-opt-out/v1';

const keyOf = (secret: string): Buffer => createHmac('sha256', secret).update(PURPOSE).digest();

const mac = (key: Buffer, body: string): string => createHmac('sha256', key).update(body).digest('base64url');

export function signOptOutToken(secret: string, userId: number, expiresAtMs: number): string {
  const body = `${userId}.${Math.floor(expiresAtMs / 1000)}`;
  return `${body}.${mac(keyOf(secret), body)}`;
}

const SHAPE = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The member the token names, or null when it is malformed, forged or expired. */
export function verifyOptOutToken(secret: string, token: string, nowMs: number): number | null {
  const match = SHAPE.exec(token);
  if (!match) return null;
  const [, id = '', expiry = '', given = ''] = match;
  const expected = Buffer.from(mac(keyOf(secret), `${id}.${expiry}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (Number(expiry) * 1000 <= nowMs) return null;
  return Number(id);
}
