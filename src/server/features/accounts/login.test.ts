import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireMember } from '#server/plugins/auth.ts';
import { type TestApp, testDialects } from '#server/test/helpers.ts';
import {
  bearer,
  freshIp,
  login,
  newCredentials,
  registerVerified,
  solveCaptcha,
  startAppWithMail,
  type TestSmtp,
} from '#server/test/accounts.ts';

describe.each(testDialects)('sign-in, sessions and the captcha on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithMail({
      dialect,
      setup: (app) => {
        // Another feature's route, using only the public API of plugins/auth.ts.
        app.get('/api/test-member', async (request) => ({ member: await requireMember(request) }));
      },
    }));
  });
  afterAll(() => close());

  it('signs in by email or username (any case) and returns a working session', async () => {
    const u = await registerVerified(t.app, smtp);
    for (const body of [
      { email: u.email.toUpperCase(), password: u.password },
      { username: u.username.toUpperCase(), password: u.password },
      { email: u.username, password: u.password },
    ]) {
      const res = await login(t.app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      const reply = res.json();
      expect(reply).toMatchObject({
        success: true,
        requiresVerification: false,
        user: { username: u.username, email: u.email, email_verified: true },
      });
      const me = await t.app.inject({ url: '/api/user', headers: bearer(reply.token) });
      expect(me.json()).toMatchObject({ success: true, user: { id: u.id, username: u.username } });
    }
  });

  it('issues JWTs with exp, iat, sid, user_id, username, email: 24 h, or 30 days with remember me', async () => {
    const u = await registerVerified(t.app, smtp);
    const short = decodeJwt((await login(t.app, { email: u.email, password: u.password })).json().token);
    const long = decodeJwt(
      (await login(t.app, { email: u.email, password: u.password, remember: true })).json().token,
    );
    expect(short).toMatchObject({ user_id: u.id, username: u.username, email: u.email });
    expect(typeof short.sid).toBe('string');
    expect((short.exp ?? 0) - (short.iat ?? 0)).toBe(24 * 60 * 60);
    expect((long.exp ?? 0) - (long.iat ?? 0)).toBe(30 * 24 * 60 * 60);
    const rows = await t.database.db
      .selectFrom('sessions')
      .select(['id', 'remember'])
      .where('user_id', '=', u.id)
      .execute();
    expect(rows.find((r) => r.id === long.sid)?.remember).toBe(1);
  });

  it('answers a wrong password and an unknown account alike with 401', async () => {
    const u = await registerVerified(t.app, smtp);
    const wrong = await login(t.app, { email: u.email, password: 'Wrong-Pass-1' });
    const unknown = await login(t.app, { email: 'ghost@example.com', password: 'Wrong-Pass-1' });
    const badName = await login(t.app, { username: 'no such name!', password: 'Wrong-Pass-1' });
    for (const res of [wrong, unknown, badName]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: 'Invalid email, username or password',
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('gives an unverified account 403 with requiresVerification, only after the right password', async () => {
    const creds = newCredentials('unv');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: creds,
      remoteAddress: freshIp(),
    });
    const wrong = await login(t.app, { email: creds.email, password: 'Wrong-Pass-1' });
    expect(wrong.statusCode).toBe(401);
    const res = await login(t.app, { email: creds.email, password: creds.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: 'Email verification required. Please check your inbox.',
      code: 'EMAIL_NOT_VERIFIED',
      details: { requiresVerification: true, email: creds.email },
    });
  });

  it('requires the captcha, verifies it and accepts each solution once', async () => {
    const u = await registerVerified(t.app, smtp);
    const ip = freshIp();
    const send = (captcha?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: u.password, ...(captcha === undefined ? {} : { captcha }) },
        remoteAddress: ip,
      });
    const missing = await send();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please complete the security verification');

    for (const junk of ['', 'not base64 at all', Buffer.from('{"challenge":{}}').toString('base64')]) {
      const res = await send(junk);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/ecurity verification/);
    }

    const solved = await solveCaptcha(t.app, ip);
    expect((await send(solved)).statusCode).toBe(200);
    const replay = await send(solved);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      message: 'Security verification failed. Please complete the CAPTCHA and try again.',
      code: 'CAPTCHA_FAILED',
    });

    // A made-up derived key fails.
    const payload = JSON.parse(Buffer.from(await solveCaptcha(t.app, ip), 'base64').toString());
    const key: string = payload.solution.derivedKey;
    payload.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const forged = await send(Buffer.from(JSON.stringify(payload)).toString('base64'));
    expect(forged.json().code).toBe('CAPTCHA_FAILED');
  });

  it('refuses an expired captcha challenge', async () => {
    const u = await registerVerified(t.app, smtp);
    const captcha = await solveCaptcha(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 21 * 60 * 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password, captcha },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CAPTCHA_FAILED', details: { reason: 'expired' } });
  });

  it('serves ALTCHA challenges whose difficulty is ALTCHA_MAX_NUMBER, never cached', async () => {
    const res = await t.app.inject('/api/captcha/challenge');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const c = res.json();
    expect(c.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1 });
    expect(typeof c.signature).toBe('string');
    expect(typeof c.parameters.keySignature).toBe('string');
  });

  it('publishes the captcha provider and whether Google sign-in is on', async () => {
    const res = await t.app.inject('/api/auth/config');
    expect(res.json()).toEqual({
      captcha: { provider: 'altcha', siteKey: null },
      google: { enabled: false, clientId: null },
    });
  });

  it('logout revokes the session server-side: the token then gets 401 everywhere', async () => {
    const u = await registerVerified(t.app, smtp);
    const a = (await login(t.app, { email: u.email, password: u.password })).json().token;
    const b = (await login(t.app, { email: u.email, password: u.password })).json().token;
    expect((await t.app.inject({ url: '/api/test-member', headers: bearer(a) })).json().member).toMatchObject(
      {
        id: u.id,
        username: u.username,
        email: u.email,
        sessionId: decodeJwt(a).sid,
      },
    );
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) });
    expect(out.json()).toEqual({ success: true, message: 'Logged out' });
    for (const url of ['/api/user', '/api/test-member']) {
      const res = await t.app.inject({ url, headers: bearer(a) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: 'Authentication required',
        code: 'UNAUTHORIZED',
      });
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) })).statusCode,
    ).toBe(401);
    // Only that session: the other one still works.
    expect((await t.app.inject({ url: '/api/user', headers: bearer(b) })).statusCode).toBe(200);
  });

  it('refuses missing, malformed, forged and expired tokens with 401', async () => {
    const u = await registerVerified(t.app, smtp);
    const token = (await login(t.app, { email: u.email, password: u.password })).json().token as string;
    const [h, p] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), user_id: 1 })).toString(
      'base64url',
    );
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${h}.${forgedPayload}.${token.split('.')[2]}` },
      { authorization: `Bearer ${h}.${p}.AAAA` },
    ]) {
      const res = await t.app.inject({ url: '/api/user', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a remember-me session outlives 24 hours and ends after 30 days', async () => {
    const u = await registerVerified(t.app, smtp);
    const token = (await login(t.app, { email: u.email, password: u.password, remember: true })).json().token;
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start + 29 * 24 * 60 * 60 * 1000);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    vi.setSystemTime(start + 30 * 24 * 60 * 60 * 1000 + 1000);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a session row that expires early (or is deleted) ends the token even if the JWT is still valid', async () => {
    const u = await registerVerified(t.app, smtp);
    const token = (await login(t.app, { email: u.email, password: u.password, remember: true })).json().token;
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', String(decodeJwt(token).sid))
      .execute();
    expect((await t.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('rejects login bodies that are malformed or over-long with 400', async () => {
    const cases: Array<[unknown, string]> = [
      [{ password: 'x' }, 'Email or username is required'],
      [{ email: 'a@b.co' }, 'Password is required'],
      [{ email: 'a@b.co', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ email: 'x'.repeat(300), password: 'x' }, 'Invalid email, username or password'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: payload as object,
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
  });
});
