import { createHmac, timingSafeEqual } from 'node:crypto';

// A mailed link that works without signing in (unsubscribe, opt out): `<userId>.<expiry s>.<HMAC>`,
// base64url, signed with a key derived from SESSION_SECRET for one purpose only, so it never passes
// as a session token or as another purpose's token. Nothing is stored.

const SHAPE = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function memberLinkToken(purpose: string) {
  const keyOf = (secret: string): Buffer => createHmac('sha256', secret).update(purpose).digest();
  const mac = (secret: string, body: string): string =>
    createHmac('sha256', keyOf(secret)).update(body).digest('base64url');
  return {
    sign(secret: string, userId: number, expiresAtMs: number): string {
      const body = `${userId}.${Math.floor(expiresAtMs / 1000)}`;
      return `${body}.${mac(secret, body)}`;
    },
    /** The member the token names, or null when it is malformed, forged or expired. */
    verify(secret: string, token: string, nowMs: number): number | null {
      const match = SHAPE.exec(token);
      if (!match) return null;
      const [, id = '', expiry = '', given = ''] = match;
      const expected = Buffer.from(mac(secret, `${id}.${expiry}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      if (Number(expiry) * 1000 <= nowMs) return null;
      return Number(id);
    },
  };
}
