import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashEmailToken } from './tokens.ts';
import { type TestApp, testDialects } from '#server/test/helpers.ts';
import {
  bearer,
  freshIp,
  login,
  newCredentials,
  pathOf,
  registerVerified,
  startAppWithMail,
  type TestSmtp,
  tokenOf,
} from '#server/test/accounts.ts';

// The settings page's account calls: change password, change email (confirmed through the mailed
// link, the old address told), on both databases with a real SMTP server in-process.

describe.each(testDialects)('account settings on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithMail({
      dialect,
      env: { CONTACT_EMAIL: 'team@futurecast.example' },
    }));
  });
  afterAll(() => close());

  const post = (url: string, token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: freshIp(),
      headers: token ? bearer(token) : {},
    });
  const me = async (token: string) => t.app.inject({ url: '/api/user', headers: bearer(token) });
  const settings = async (token: string) =>
    (await t.app.inject({ url: '/api/account/settings', headers: bearer(token) })).json();

  it('needs a session for every settings call', async () => {
    expect((await t.app.inject({ url: '/api/account/settings' })).statusCode).toBe(401);
    const pw = await post('/api/account/password', null, {
      currentPassword: 'x',
      newPassword: 'Brand-New-77',
    });
    expect(pw.statusCode).toBe(401);
    expect((await post('/api/account/email', null, { email: 'a@example.com' })).statusCode).toBe(401);
  });

  it('shows the account, whether it has a password, and no pending email', async () => {
    const u = await registerVerified(t.app, smtp);
    const res = await t.app.inject({ url: '/api/account/settings', headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      success: true,
      user: { username: u.username, email: u.email, email_verified: true },
      hasPassword: true,
      pendingEmail: null,
    });
  });

  describe('change password', () => {
    it('needs the current password and refuses it as the new one', async () => {
      const u = await registerVerified(t.app, smtp);
      const wrong = await post('/api/account/password', u.token, {
        currentPassword: 'Not-The-One-1',
        newPassword: 'Brand-New-77',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'WRONG_PASSWORD',
        message: 'Your current password is not correct',
      });
      const same = await post('/api/account/password', u.token, {
        currentPassword: u.password,
        newPassword: u.password,
      });
      expect(same.statusCode).toBe(400);
      expect(same.json()).toMatchObject({
        code: 'SAME_PASSWORD',
        message: 'Your new password must be different from your current one',
      });
      for (const newPassword of ['short1A', 'alllower123', '']) {
        const weak = await post('/api/account/password', u.token, {
          currentPassword: u.password,
          newPassword,
        });
        expect(weak.statusCode, newPassword).toBe(400);
        expect(weak.json().message, newPassword).toBe('Password does not meet requirements');
      }
      // Nothing changed.
      expect((await login(t.app, { email: u.email, password: u.password })).statusCode).toBe(200);
    });

    it('changes it, signs out every other session but this one, and mails the member', async () => {
      const u = await registerVerified(t.app, smtp);
      const here = (await login(t.app, { email: u.email, password: u.password })).json().token as string;
      const elsewhere = (
        await login(t.app, { username: u.username, password: u.password, remember: true })
      ).json().token as string;
      const mark = smtp.mails.length;
      const res = await post('/api/account/password', here, {
        currentPassword: u.password,
        newPassword: 'Brand-New-77',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Password changed. Every other session has been signed out.',
      });
      expect((await me(here)).statusCode).toBe(200);
      for (const other of [elsewhere, u.token]) expect((await me(other)).statusCode).toBe(401);
      expect((await login(t.app, { email: u.email, password: u.password })).statusCode).toBe(401);
      expect((await login(t.app, { email: u.email, password: 'Brand-New-77' })).statusCode).toBe(200);
      const mail = await smtp.waitFor(u.email, mark);
      expect(mail.subject).toBe('Your Futurecast password was changed');
      expect(mail.text).toContain('https://futurecast.example/settings');
    });

    it('ends a pending reset link, so whoever holds it can no longer use it', async () => {
      const u = await registerVerified(t.app, smtp);
      const mark = smtp.mails.length;
      await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: u.email },
        remoteAddress: freshIp(),
      });
      const resetToken = tokenOf((await smtp.waitFor(u.email, mark)).link);
      expect(
        (
          await post('/api/account/password', u.token, {
            currentPassword: u.password,
            newPassword: 'Brand-New-77',
          })
        ).statusCode,
      ).toBe(200);
      const reset = await post('/api/reset-password', null, {
        token: resetToken,
        newPassword: 'Other-Pass-88',
      });
      expect(reset.statusCode).toBe(400);
    });

    it('an account that signs in with Google only has no password to change', async () => {
      const u = await registerVerified(t.app, smtp);
      await t.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', u.id).execute();
      expect(await settings(u.token)).toMatchObject({ hasPassword: false });
      const res = await post('/api/account/password', u.token, {
        currentPassword: 'anything',
        newPassword: 'Brand-New-77',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('NO_PASSWORD');
    });

    it('is rate-limited per member', async () => {
      const u = await registerVerified(t.app, smtp);
      let last = 0;
      for (let i = 0; i < 11; i++) {
        last = (
          await post('/api/account/password', u.token, {
            currentPassword: 'Wrong-Guess-1',
            newPassword: 'Brand-New-77',
          })
        ).statusCode;
      }
      expect(last).toBe(429);
    });
  });

  describe('change email', () => {
    it('waits for the mailed link to the new address, and tells the old address twice', async () => {
      const u = await registerVerified(t.app, smtp);
      const next = newCredentials('moved').email;
      const mark = smtp.mails.length;
      const res = await post('/api/account/email', u.token, {
        email: `  ${next.toUpperCase()} `,
        password: u.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: `We sent a confirmation link to ${next}. Your email address changes once you follow it.`,
        pendingEmail: next,
      });
      const confirm = await smtp.waitFor(next, mark);
      expect(confirm.subject).toBe('Confirm your new Futurecast email address');
      expect(confirm.link).toMatch(/^https:\/\/futurecast\.example\/confirm-email\?token=[A-Za-z0-9_-]{43}$/);
      const told = await smtp.waitFor(u.email, mark);
      expect(told.subject).toBe('Your Futurecast email address is about to change');
      expect(told.text).toContain(next);
      expect(told.text).not.toContain(tokenOf(confirm.link));

      // Nothing changes until the link is followed.
      expect((await me(u.token)).json().user.email).toBe(u.email);
      expect(await settings(u.token)).toMatchObject({ pendingEmail: next });
      // The token is stored only as its hash.
      const stored = await t.database.db
        .selectFrom('email_tokens')
        .select(['token_hash', 'new_email'])
        .where('user_id', '=', u.id)
        .where('purpose', '=', 'email_change')
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ token_hash: hashEmailToken(tokenOf(confirm.link)), new_email: next });

      const before = smtp.mails.length;
      const follow = await t.app.inject({
        url: pathOf(confirm.link).replace('/confirm-email', '/api/account/confirm-email'),
      });
      expect(follow.statusCode).toBe(302);
      expect(follow.headers.location).toBe('/settings?email=changed');
      expect((await me(u.token)).json().user).toMatchObject({ email: next, email_verified: true });
      expect(await settings(u.token)).toMatchObject({ pendingEmail: null });
      const changed = await smtp.waitFor(u.email, before);
      expect(changed.subject).toBe('Your Futurecast email address was changed');
      expect(changed.text).toContain('team@futurecast.example');

      // Single use; the new address signs in, the old one no longer does.
      const again = await t.app.inject({ url: `/api/account/confirm-email?token=${tokenOf(confirm.link)}` });
      expect(again.headers.location).toBe('/settings?email=error');
      expect((await login(t.app, { email: next, password: u.password })).statusCode).toBe(200);
      expect((await login(t.app, { email: u.email, password: u.password })).statusCode).toBe(401);
    });

    it('needs the current password, a different address and a free one', async () => {
      const u = await registerVerified(t.app, smtp);
      const other = await registerVerified(t.app, smtp);
      const cases: [unknown, number, string][] = [
        [{ email: 'fresh@example.com' }, 400, 'Enter your current password to change your email address'],
        [
          { email: 'fresh@example.com', password: 'Wrong-Guess-1' },
          400,
          'Your current password is not correct',
        ],
        [{ email: u.email.toUpperCase(), password: u.password }, 400, 'That is already your email address'],
        [{ email: other.email, password: u.password }, 409, 'Email already registered'],
        [{ email: 'not-an-email', password: u.password }, 400, 'Please enter a valid email address'],
      ];
      for (const [body, status, message] of cases) {
        const res = await post('/api/account/email', u.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().message, JSON.stringify(body)).toBe(message);
      }
      expect(await settings(u.token)).toMatchObject({ pendingEmail: null });
    });

    it('a link for an address someone else took meanwhile changes nothing', async () => {
      const u = await registerVerified(t.app, smtp);
      const next = newCredentials('race').email;
      const mark = smtp.mails.length;
      await post('/api/account/email', u.token, { email: next, password: u.password });
      const link = (await smtp.waitFor(next, mark)).link;
      await registerVerified(t.app, smtp, { ...newCredentials('racer'), email: next });
      const follow = await t.app.inject({ url: `/api/account/confirm-email?token=${tokenOf(link)}` });
      expect(follow.headers.location).toBe('/settings?email=taken');
      expect((await me(u.token)).json().user.email).toBe(u.email);
    });

    it('links expire after 24 hours, a newer one replaces the older, and a bad one is an error', async () => {
      const u = await registerVerified(t.app, smtp);
      const first = newCredentials('first').email;
      const second = newCredentials('second').email;
      let mark = smtp.mails.length;
      await post('/api/account/email', u.token, { email: first, password: u.password });
      const firstLink = (await smtp.waitFor(first, mark)).link;
      mark = smtp.mails.length;
      await post('/api/account/email', u.token, { email: second, password: u.password });
      const secondLink = (await smtp.waitFor(second, mark)).link;
      expect(
        (await t.app.inject({ url: `/api/account/confirm-email?token=${tokenOf(firstLink)}` })).headers
          .location,
      ).toBe('/settings?email=error');
      expect((await t.app.inject({ url: '/api/account/confirm-email' })).headers.location).toBe(
        '/settings?email=error',
      );
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
        expect(
          (await t.app.inject({ url: `/api/account/confirm-email?token=${tokenOf(secondLink)}` })).headers
            .location,
        ).toBe('/settings?email=expired');
      } finally {
        vi.useRealTimers();
      }
      expect((await me(u.token)).json().user.email).toBe(u.email);
    });

    it('changing the password cancels a pending email change', async () => {
      const u = await registerVerified(t.app, smtp);
      const next = newCredentials('cancel').email;
      const mark = smtp.mails.length;
      await post('/api/account/email', u.token, { email: next, password: u.password });
      const link = (await smtp.waitFor(next, mark)).link;
      await post('/api/account/password', u.token, {
        currentPassword: u.password,
        newPassword: 'Brand-New-77',
      });
      expect(
        (await t.app.inject({ url: `/api/account/confirm-email?token=${tokenOf(link)}` })).headers.location,
      ).toBe('/settings?email=error');
    });

    it('a Google-only account changes its email without a password', async () => {
      const u = await registerVerified(t.app, smtp);
      await t.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', u.id).execute();
      const next = newCredentials('google').email;
      const res = await post('/api/account/email', u.token, { email: next });
      expect(res.statusCode).toBe(200);
    });
  });
});
