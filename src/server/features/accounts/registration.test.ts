import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, testDialects } from '#server/test/helpers.ts';
import {
  freshIp,
  newCredentials,
  pathOf,
  registerVerified,
  startAppWithMail,
  type TestSmtp,
} from '#server/test/accounts.ts';

describe.each(testDialects)('registration and email verification on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithMail({ dialect }));
  });
  afterAll(() => close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: freshIp() });
  const register = (payload: unknown) => post('/api/auth/register', payload);
  const followLink = (link: string) =>
    t.app.inject({ url: pathOf(link).replace('/verify-email', '/api/auth/verify-email') });
  const redirectParams = (location: unknown) => new URL(String(location), 'http://x').searchParams;

  it('checks email format and availability with the SPEC messages', async () => {
    const bad = await post('/api/auth/check-email', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      message: 'Please enter a valid email address',
      code: 'VALIDATION_ERROR',
    });
    const free = await post('/api/auth/check-email', { email: 'nobody@example.com' });
    expect(free.json()).toEqual({ success: true, exists: false });
    const u = await registerVerified(t.app, smtp);
    const taken = await post('/api/auth/check-email', { email: `  ${u.email.toUpperCase()} ` });
    expect(taken.json()).toEqual({ success: true, exists: true });
  });

  it('checks usernames by the 3-20 letters, digits and underscore rule, case-insensitively', async () => {
    const message = 'Username must be 3-20 characters, letters, numbers and underscores only';
    for (const username of ['ab', 'a'.repeat(21), 'has space', 'dash-ed', 'аdmin', 'ｆｕｌｌ', 'emoji😀x']) {
      const res = await post('/api/auth/check-username', { username });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post('/api/auth/check-username', { username: 'Fresh_Name_1' })).json()).toEqual({
      success: true,
      exists: false,
    });
    const u = await registerVerified(t.app, smtp);
    const taken = await post('/api/auth/check-username', { username: u.username.toUpperCase() });
    expect(taken.json()).toEqual({ success: true, exists: true });
  });

  it('registers, replies requiresVerification without a token, and mails a single-use link', async () => {
    const creds = newCredentials('reg');
    const before = smtp.mails.length;
    const res = await register({ ...creds, email: `  ${creds.email.toUpperCase()}  ` });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      requiresVerification: true,
      email: creds.email,
      user: { username: creds.username, email: creds.email, email_verified: false, is_demo: false },
    });
    expect(body.token).toBeUndefined();

    const mail = await smtp.waitFor(creds.email, before);
    expect(mail.subject).toBe('Verify your Futurecast email address');
    expect(mail.link).toMatch(/^https:\/\/futurecast\.example\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const token = new URL(mail.link).searchParams.get('token') ?? '';
    const rows = await t.database.db.selectFrom('email_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);

    const verified = await followLink(mail.link);
    expect(verified.statusCode).toBe(302);
    const params = redirectParams(verified.headers.location);
    expect(String(verified.headers.location)).toMatch(/^\/login\?/);
    expect(params.get('verification')).toBe('success');
    expect(params.get('username')).toBe(creds.username);
    const user = await t.app.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${params.get('token')}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json().user).toMatchObject({ email: creds.email, email_verified: true });

    const again = await followLink(mail.link);
    expect(redirectParams(again.headers.location).get('verification')).toBe('error');
  });

  it('refuses duplicate emails and case-insensitive duplicate usernames with 409', async () => {
    const u = await registerVerified(t.app, smtp);
    const other = newCredentials('dup');
    const email = await register({ ...other, email: u.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ success: false, message: 'Email already registered' });
    const name = await register({ ...other, username: u.username.toUpperCase() });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ success: false, message: 'Username already taken' });
  });

  it('enforces the SPEC password strength rule on the server', async () => {
    const cases: Array<[string, string]> = [
      ['password', 'Password too weak - add more characters, numbers, or symbols'],
      ['PASSWORD', 'Password too weak - add more characters, numbers, or symbols'],
      ['12345678', 'Password too weak - add more characters, numbers, or symbols'],
      ['Ab1!', 'Password must be at least 8 characters'],
      [`Aa1${'x'.repeat(126)}`, 'Password must be at most 128 characters'],
    ];
    for (const [password, message] of cases) {
      const res = await register({ ...newCredentials('pw'), password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message, password).toBe(message);
    }
    // 3 of 5 (length, lower, digit) is medium and valid.
    expect((await register({ ...newCredentials('pw'), password: 'sunnyday42' })).statusCode).toBe(201);
  });

  it('rejects malformed and over-long fields with 400 and a clear message', async () => {
    const c = newCredentials('bad');
    const cases: Array<[unknown, string]> = [
      [{ ...c, email: `${'a'.repeat(250)}@example.com` }, 'Please enter a valid email address'],
      [{ ...c, email: '' }, 'Email is required'],
      [{ username: c.username, password: c.password }, 'Email is required'],
      [
        { ...c, username: 'x'.repeat(500) },
        'Username must be 3-20 characters, letters, numbers and underscores only',
      ],
      [{ ...c, password: 42 }, 'Password is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
  });

  it('answers an expired verification link with verification=expired, and resend mails a new one', async () => {
    const creds = newCredentials('exp');
    const before = smtp.mails.length;
    await register(creds);
    const mail = await smtp.waitFor(creds.email, before);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    const expired = await followLink(mail.link);
    const params = redirectParams(expired.headers.location);
    expect(params.get('verification')).toBe('expired');
    expect(params.get('email')).toBe(creds.email);
    expect(params.get('token')).toBeNull();

    const mark = smtp.mails.length;
    const resend = await post('/api/auth/resend-verification', { email: creds.email });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({
      success: true,
      message: 'Verification email sent! Please check your inbox and spam folder.',
    });
    const fresh = await smtp.waitFor(creds.email, mark);
    expect(fresh.link).not.toBe(mail.link);
    expect(redirectParams((await followLink(fresh.link)).headers.location).get('verification')).toBe(
      'success',
    );
  });

  it('a resent link replaces the older one', async () => {
    const creds = newCredentials('old');
    const before = smtp.mails.length;
    await register(creds);
    const first = await smtp.waitFor(creds.email, before);
    const mark = smtp.mails.length;
    await post('/api/auth/resend-verification', { email: creds.email });
    const second = await smtp.waitFor(creds.email, mark);
    expect(redirectParams((await followLink(first.link)).headers.location).get('verification')).toBe('error');
    expect(redirectParams((await followLink(second.link)).headers.location).get('verification')).toBe(
      'success',
    );
  });

  it('answers resend the same way for unknown and already verified emails, and mails nobody', async () => {
    const u = await registerVerified(t.app, smtp);
    const mark = smtp.mails.length;
    const a = await post('/api/auth/resend-verification', { email: 'ghost@example.com' });
    const b = await post('/api/auth/resend-verification', { email: u.email });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.length).toBe(mark);
    const missing = await post('/api/auth/resend-verification', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Email is required');
  });

  it('sends verification=error for a missing, unknown or malformed token', async () => {
    for (const url of [
      '/api/auth/verify-email',
      '/api/auth/verify-email?token=',
      '/api/auth/verify-email?token=nope',
      `/api/auth/verify-email?token=${'A'.repeat(43)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(302);
      expect(redirectParams(res.headers.location).get('verification'), url).toBe('error');
    }
  });
});
