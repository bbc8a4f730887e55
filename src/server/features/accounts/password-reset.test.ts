import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import {
  bearer,
  freshIp,
  login,
  registerVerified,
  startAppWithMail,
  startSmtp,
  type TestSmtp,
  tokenOf,
} from '#server/test/accounts.ts';

describe.each(testDialects)('forgot and reset password on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithMail({ dialect }));
  });
  afterAll(() => close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: freshIp() });

  /** Asks for a reset (as typed) and returns the mail that reaches the mailbox. */
  async function requestReset(email: string, typed = email) {
    const mark = smtp.mails.length;
    const res = await post('/api/forgot-password', { email: typed });
    expect(res.statusCode).toBe(200);
    return smtp.waitFor(email, mark);
  }

  it('answers forgot-password identically, without waiting for the mail, whether or not the email exists', async () => {
    const u = await registerVerified(t.app, smtp);
    // A slow relay: if the answer waited for the mail, the known address would take >= 600 ms.
    const slowSmtp = await startSmtp({ delayMs: 600 });
    const slow = await buildTestApp({
      dialect,
      env: { SMTP_URL: slowSmtp.url, PUBLIC_URL: 'https://futurecast.example' },
    });
    await slow.database.db
      .insertInto('users')
      .values(
        await t.database.db
          .selectFrom('users')
          .select(['email', 'username', 'username_key', 'password_hash', 'email_verified_at'])
          .where('email', '=', u.email)
          .executeTakeFirstOrThrow(),
      )
      .execute();
    const post = (url: string, payload: unknown) =>
      slow.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: freshIp() });
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < 4; i++) {
      for (const [email, times] of [
        [u.email, known],
        [`ghost${i}@example.com`, unknown],
      ] as const) {
        const started = performance.now();
        const res = await post('/api/forgot-password', { email });
        times.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
        bodies.add(res.body);
      }
    }
    expect([...bodies]).toEqual([
      JSON.stringify({
        success: true,
        message: 'If that email belongs to an account, a password reset link has been sent.',
      }),
    ]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    // Mail goes out in the background: the relay's 600 ms never reaches the known-account answer,
    // so both answers take the same work (a token hash and a lookup), far under the relay's delay.
    expect(median(known)).toBeLessThan(300);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(200);
    await slowSmtp.waitFor(u.email);
    expect(slowSmtp.mails.some((m) => m.to.some((to) => to.startsWith('ghost')))).toBe(false);
    await slow.close();
    await slowSmtp.close();
  });

  it('mails a 30-minute single-use link to the reset page', async () => {
    const u = await registerVerified(t.app, smtp);
    const mail = await requestReset(u.email, `  ${u.email.toUpperCase()} `);
    expect(mail.subject).toBe('Reset your Futurecast password');
    expect(mail.link).toMatch(/^https:\/\/futurecast\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(mail.link);
    expect((await post('/api/verify-reset-token', { token })).json()).toEqual({
      success: true,
      message: 'Reset link is valid',
    });
    const done = await post('/api/reset-password', { token, newPassword: 'Brand-New-77' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      message: 'Password reset successful! You can now sign in with your new password.',
    });
    const reused = await post('/api/reset-password', { token, newPassword: 'Another-One-88' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ success: false, message: 'Invalid or expired reset link' });
    expect((await post('/api/verify-reset-token', { token })).statusCode).toBe(400);

    expect((await login(t.app, { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await login(t.app, { email: u.email, password: 'Brand-New-77' })).statusCode).toBe(200);
  });

  it('expires reset links after 30 minutes', async () => {
    const u = await registerVerified(t.app, smtp);
    const token = tokenOf((await requestReset(u.email)).link);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29 * 60 * 1000);
    expect((await post('/api/verify-reset-token', { token })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    const res = await post('/api/verify-reset-token', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired reset link');
    expect((await post('/api/reset-password', { token, newPassword: 'Brand-New-77' })).statusCode).toBe(400);
  });

  it('a successful reset revokes every session of the account', async () => {
    const u = await registerVerified(t.app, smtp);
    const a = (await login(t.app, { email: u.email, password: u.password, remember: true })).json().token;
    const b = (await login(t.app, { email: u.email, password: u.password })).json().token;
    const other = await registerVerified(t.app, smtp);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(a) })).statusCode).toBe(200);
    const token = tokenOf((await requestReset(u.email)).link);
    expect((await post('/api/reset-password', { token, newPassword: 'Brand-New-77' })).statusCode).toBe(200);
    for (const s of [a, b, u.token]) {
      expect((await t.app.inject({ url: '/api/user', headers: bearer(s) })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/user', headers: bearer(other.token) })).statusCode).toBe(200);
  });

  it('enforces the reset rule on the server: 8+ characters, upper, lower and a digit', async () => {
    const u = await registerVerified(t.app, smtp);
    const token = tokenOf((await requestReset(u.email)).link);
    for (const newPassword of ['Short1A', 'alllower123', 'ALLUPPER123', 'NoDigitsHere!', '']) {
      const res = await post('/api/reset-password', { token, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().message, newPassword).toBe('Password does not meet requirements');
    }
    const long = await post('/api/reset-password', { token, newPassword: `Aa1${'x'.repeat(200)}` });
    expect(long.json().message).toBe('Password must be at most 128 characters');
    // The failed tries did not spend the link.
    expect((await post('/api/reset-password', { token, newPassword: 'Valid-Pass-9' })).statusCode).toBe(200);
  });

  it('refuses the current password as the new one, without spending the link', async () => {
    const u = await registerVerified(t.app, smtp);
    const token = tokenOf((await requestReset(u.email)).link);
    const same = await post('/api/reset-password', { token, newPassword: u.password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'SAME_PASSWORD',
      message: 'Your new password must be different from your current one',
    });
    expect((await post('/api/reset-password', { token, newPassword: 'Brand-New-77' })).statusCode).toBe(200);
  });

  it('a newer reset link replaces the older one', async () => {
    const u = await registerVerified(t.app, smtp);
    const first = tokenOf((await requestReset(u.email)).link);
    const second = tokenOf((await requestReset(u.email)).link);
    expect((await post('/api/verify-reset-token', { token: first })).statusCode).toBe(400);
    expect((await post('/api/verify-reset-token', { token: second })).statusCode).toBe(200);
  });

  it('answers bad reset requests with the SPEC messages', async () => {
    expect((await post('/api/verify-reset-token', {})).json().message).toBe('No reset token provided');
    expect((await post('/api/verify-reset-token', { token: '' })).json().message).toBe(
      'No reset token provided',
    );
    expect((await post('/api/verify-reset-token', { token: 'nope' })).json().message).toBe(
      'Invalid or expired reset link',
    );
    expect(
      (await post('/api/reset-password', { token: 'nope', newPassword: 'Valid-Pass-9' })).json().message,
    ).toBe('Invalid or expired reset link');
    expect((await post('/api/forgot-password', {})).json().message).toBe('Email is required');
    expect((await post('/api/forgot-password', { email: 'x' })).json().message).toBe(
      'Please enter a valid email address',
    );
  });

  it('a reset also verifies the email of an account that never clicked its verification link', async () => {
    const email = `late${Date.now()}@example.com`;
    await post('/api/auth/register', {
      email,
      username: `late${Date.now() % 100000}`,
      password: 'Sunny-Day-42',
    });
    const token = tokenOf((await requestReset(email)).link);
    expect((await post('/api/reset-password', { token, newPassword: 'Brand-New-77' })).statusCode).toBe(200);
    expect((await login(t.app, { email, password: 'Brand-New-77' })).statusCode).toBe(200);
  });
});
