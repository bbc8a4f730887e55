import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from './jwt-hs256.ts';

const key = new TextEncoder().encode('k'.repeat(48));
const sign = (claims: Record<string, unknown>, exp: number | string = '1h', alg = 'HS256', k = key) =>
  new SignJWT(claims).setProtectedHeader({ alg }).setIssuedAt().setExpirationTime(exp).sign(k);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('verifyHs256', () => {
  it('accepts a token jose signed and returns its claims', async () => {
    const token = await sign({ sid: 's1', user_id: 7 });
    expect(verifyHs256(token, key)).toMatchObject({ sid: 's1', user_id: 7 });
  });

  it('refuses another key, another algorithm, alg none and a tampered payload', async () => {
    const token = await sign({ sid: 's1', user_id: 7 });
    expect(verifyHs256(token, new TextEncoder().encode('x'.repeat(48)))).toBeNull();
    expect(verifyHs256(await sign({ sid: 's1' }, '1h', 'HS512'), key)).toBeNull();
    const [, payload] = token.split('.');
    expect(verifyHs256(`${b64({ alg: 'none' })}.${payload}.`, key)).toBeNull();
    expect(verifyHs256(`${b64({ alg: 'none' })}.${payload}.AAAA`, key)).toBeNull();
    const [h, , s] = token.split('.');
    expect(verifyHs256(`${h}.${b64({ sid: 's1', user_id: 1, exp: 9_999_999_999 })}.${s}`, key)).toBeNull();
  });

  it('refuses expired, not-yet-valid, exp-less and malformed tokens', async () => {
    const now = Date.now() / 1000;
    expect(verifyHs256(await sign({ sid: 's' }, Math.floor(now) - 1), key)).toBeNull();
    const early = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore(Math.floor(now) + 60)
      .setExpirationTime('1h')
      .sign(key);
    expect(verifyHs256(early, key)).toBeNull();
    const noExp = await new SignJWT({ sid: 's' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(verifyHs256(noExp, key)).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c.d', 'not a token', '***.***.***', `${b64([1])}.${b64({})}.x`]) {
      expect(verifyHs256(bad, key)).toBeNull();
    }
  });
});
