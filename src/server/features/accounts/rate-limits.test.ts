import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, testDialects } from '#server/test/helpers.ts';
import { ACCOUNT_LIMITS } from './limits.ts';
import { freshIp, login, registerVerified, startAppWithMail, type TestSmtp } from '#server/test/accounts.ts';

const MINUTE = 60_000;

describe.each(testDialects)('account rate limits on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithMail({ dialect }));
  });
  afterAll(() => close());

  const post = (url: string, payload: unknown, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

  function expect429(res: Awaited<ReturnType<typeof post>>) {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  }

  it('limits sign-in attempts per IP (25 per 5 minutes), then lets the right password in', async () => {
    const u = await registerVerified(t.app, smtp);
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_LIMITS.loginPerIp.max; i++) {
      expect(
        (await post('/api/auth/login', { email: u.email, password: 'Wrong-Pass-1' }, ip)).statusCode,
      ).toBe(400);
    }
    const limited = await post('/api/auth/login', { email: u.email, password: u.password }, ip);
    expect429(limited);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(300);
    // Another address is not affected.
    expect((await login(t.app, { email: u.email, password: u.password })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * MINUTE + 1000);
    expect((await login(t.app, { email: u.email, password: u.password }, ip)).statusCode).toBe(200);
  });

  it('limits sign-in attempts per account across addresses (25 per hour), then lets the right password in', async () => {
    const u = await registerVerified(t.app, smtp);
    for (let i = 0; i < ACCOUNT_LIMITS.loginPerAccount.max; i++) {
      // Alternating email and username: both count against the one account.
      const who = i % 2 ? { email: u.email.toUpperCase() } : { username: u.username };
      expect((await login(t.app, { ...who, password: 'Wrong-Pass-1' })).statusCode).toBe(401);
    }
    const limited = await login(t.app, { email: u.email, password: u.password });
    expect429(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(55 * 60);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * MINUTE + 1000);
    const after = await login(t.app, { email: u.email, password: u.password });
    expect(after.statusCode).toBe(200);
    expect(after.json().token).toBeTruthy();
  });

  it('attempts without a solved captcha do not count against the account', async () => {
    const u = await registerVerified(t.app, smtp);
    for (let i = 0; i < ACCOUNT_LIMITS.loginPerAccount.max + 5; i++) {
      expect(
        (await post('/api/auth/login', { email: u.email, password: 'x', captcha: 'junk' })).statusCode,
      ).toBe(400);
    }
    expect((await login(t.app, { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('limits an unknown account name the same way as a real one', async () => {
    for (let i = 0; i < ACCOUNT_LIMITS.loginPerAccount.max; i++) {
      expect((await login(t.app, { email: 'nobody@example.com', password: 'Wrong-Pass-1' })).statusCode).toBe(
        401,
      );
    }
    expect429(await login(t.app, { email: 'nobody@example.com', password: 'Wrong-Pass-1' }));
  });

  it('limits the availability checks per IP (20 per minute each)', async () => {
    const ip = freshIp();
    for (const [url, body] of [
      ['/api/auth/check-email', { email: 'free@example.com' }],
      ['/api/auth/check-username', { username: 'free_name' }],
    ] as const) {
      for (let i = 0; i < ACCOUNT_LIMITS.checkPerIp.max; i++) {
        expect((await post(url, body, ip)).statusCode).toBe(200);
      }
      expect429(await post(url, body, ip));
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + MINUTE + 1000);
    expect((await post('/api/auth/check-email', { email: 'free@example.com' }, ip)).statusCode).toBe(200);
  });

  it('limits registrations per IP (25 per 5 minutes)', async () => {
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_LIMITS.registerPerIp.max; i++) {
      // Invalid bodies count too: the limit runs before anything else.
      expect((await post('/api/auth/register', { email: 'x' }, ip)).statusCode).toBe(400);
    }
    expect429(await post('/api/auth/register', { email: 'x' }, ip));
  });

  it('limits forgot-password per IP (6 per hour) and per email (5 per 30 minutes), the same for unknown emails', async () => {
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_LIMITS.forgotPerIp.max; i++) {
      expect((await post('/api/forgot-password', { email: `ip${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    expect429(await post('/api/forgot-password', { email: 'another@example.com' }, ip));

    const u = await registerVerified(t.app, smtp);
    for (const email of [u.email, 'ghost-limit@example.com']) {
      for (let i = 0; i < ACCOUNT_LIMITS.forgotPerEmail.max; i++) {
        expect((await post('/api/forgot-password', { email })).statusCode).toBe(200);
      }
      expect429(await post('/api/forgot-password', { email: email.toUpperCase() }));
    }
  });

  it('limits resend-verification per IP (10 per hour) and per email (5 per 30 minutes)', async () => {
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_LIMITS.resendPerIp.max; i++) {
      expect(
        (await post('/api/auth/resend-verification', { email: `r${i}@example.com` }, ip)).statusCode,
      ).toBe(200);
    }
    expect429(await post('/api/auth/resend-verification', { email: 'r-last@example.com' }, ip));
    for (let i = 0; i < ACCOUNT_LIMITS.resendPerEmail.max; i++) {
      expect((await post('/api/auth/resend-verification', { email: 'same@example.com' })).statusCode).toBe(
        200,
      );
    }
    expect429(await post('/api/auth/resend-verification', { email: 'same@example.com' }));
  });

  it('limits captcha challenges and reset-token guesses per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_LIMITS.tokenPerIp.max; i++) {
      expect((await post('/api/verify-reset-token', { token: `guess${i}` }, ip)).statusCode).toBe(400);
    }
    expect429(await post('/api/verify-reset-token', { token: 'guess' }, ip));
    const challenge = () => t.app.inject({ url: '/api/captcha/challenge', remoteAddress: ip });
    for (let i = 0; i < ACCOUNT_LIMITS.captchaPerIp.max; i++)
      expect((await challenge()).statusCode).toBe(200);
    expect429(await challenge());
  });
});
