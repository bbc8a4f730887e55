import { createPublicKey, verify as verifySignature } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import {
  bearer,
  freshIp,
  login,
  newCredentials,
  registerVerified,
  startSmtp,
  type TestSmtp,
} from '#server/test/accounts.ts';

/**
 * A real local OAuth 2 / OIDC server stands in for Google: tokens come from its token endpoint
 * and our server asks its userinfo endpoint who they belong to. Its userinfo handler is extended
 * to check the bearer token's signature and answer with the claims of that token's subject.
 */
async function startOidc() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url ?? '';
  const people = new Map<string, Record<string, unknown>>();

  function subjectOf(req: IncomingMessage): string | null {
    try {
      return checkedSubject(req);
    } catch {
      return null;
    }
  }

  function checkedSubject(req: IncomingMessage): string | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [h, p, s] = token?.split('.') ?? [];
    if (!h || !p || !s) return null;
    const header = JSON.parse(Buffer.from(h, 'base64url').toString());
    const jwk = server.issuer.keys.toJSON().find((k: { kid?: string }) => k.kid === header.kid);
    if (!jwk) return null;
    const ok = verifySignature(
      'RSA-SHA256',
      Buffer.from(`${h}.${p}`),
      createPublicKey({ key: jwk, format: 'jwk' }),
      Buffer.from(s, 'base64url'),
    );
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    if (!ok || payload.exp * 1000 < Date.now()) return null;
    return String(payload.sub);
  }

  server.service.on(
    'beforeUserinfo',
    (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
      const sub = subjectOf(req);
      const claims = sub ? people.get(sub) : undefined;
      if (!claims) {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
        return;
      }
      response.body = { sub, ...claims };
    },
  );

  return {
    userinfoUrl: `${issuer}/userinfo`,
    /** Registers a Google person and returns a fresh access token for them. */
    async tokenFor(sub: string, claims: Record<string, unknown>): Promise<string> {
      people.set(sub, claims);
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: sub, scope: 'openid email profile' }),
      });
      const body = (await res.json()) as { access_token: string };
      return body.access_token;
    },
    stop: () => server.stop(),
  };
}

describe.each(testDialects)('Google sign-in against a local OIDC server on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let oidc: Awaited<ReturnType<typeof startOidc>>;
  let subCounter = 0;
  const nextSub = () => `google-${dialect}-${++subCounter}-${Date.now()}`;

  beforeAll(async () => {
    smtp = await startSmtp();
    oidc = await startOidc();
    t = await buildTestApp({
      dialect,
      env: {
        SMTP_URL: smtp.url,
        GOOGLE_CLIENT_ID: 'test-client.apps.example',
        GOOGLE_USERINFO_URL: oidc.userinfoUrl,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
    await smtp.close();
  });

  const google = (access_token: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { access_token, ...extra },
      remoteAddress: freshIp(),
    });

  it('creates an account for a new verified Google user, then signs the same person in again', async () => {
    const sub = nextSub();
    const email = `${sub.replace(/-/g, '')}@gmail.example`;
    const token = await oidc.tokenFor(sub, { email: email.toUpperCase(), email_verified: true, name: 'Ada' });
    const first = await google(token);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      isNewUser: true,
      message: 'Welcome to the Community!',
      user: { email, email_verified: true },
    });
    expect(body.user.username).toMatch(/^[A-Za-z0-9_]{3,20}$/);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(body.token) })).statusCode).toBe(200);
    expect((await t.app.inject('/api/auth/config')).json().google).toEqual({
      enabled: true,
      clientId: 'test-client.apps.example',
    });

    const again = await google(await oidc.tokenFor(sub, { email, email_verified: true }));
    expect(again.json()).toMatchObject({
      isNewUser: false,
      message: 'Signed in with Google',
      user: { id: body.user.id },
    });
  });

  it('links a verified Google email to the existing account; the password keeps working', async () => {
    const u = await registerVerified(t.app, smtp);
    const sub = nextSub();
    const res = await google(await oidc.tokenFor(sub, { email: u.email, email_verified: 'true' }));
    expect(res.json()).toMatchObject({ isNewUser: false, user: { id: u.id, username: u.username } });
    const row = await t.database.db
      .selectFrom('users')
      .select('google_sub')
      .where('id', '=', u.id)
      .executeTakeFirst();
    expect(row?.google_sub).toBe(sub);
    expect((await login(t.app, { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('taking over a never-verified registration drops the unproven password', async () => {
    const creds = newCredentials('squat');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: creds,
      remoteAddress: freshIp(),
    });
    const res = await google(await oidc.tokenFor(nextSub(), { email: creds.email, email_verified: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: creds.email, email_verified: true });
    expect((await login(t.app, { email: creds.email, password: creds.password })).statusCode).toBe(401);
  });

  it('picks the next free username when the email local part is taken', async () => {
    const u = await registerVerified(t.app, smtp);
    const res = await google(
      await oidc.tokenFor(nextSub(), { email: `${u.username}@elsewhere.example`, email_verified: true }),
    );
    expect(res.json().isNewUser).toBe(true);
    const name: string = res.json().user.username;
    expect(name.toLowerCase()).not.toBe(u.username.toLowerCase());
    expect(name.toLowerCase()).toContain(u.username.toLowerCase().slice(0, 10));
  });

  it('refuses a Google account whose email is not verified', async () => {
    const res = await google(
      await oidc.tokenFor(nextSub(), { email: 'unverified@gmail.example', email_verified: false }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Your Google account email is not verified',
    });
  });

  it('refuses a token the identity provider does not accept', async () => {
    for (const token of ['not-a-token', 'a.b.c']) {
      const res = await google(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Google sign-in failed' });
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Google sign-in failed');
  });

  it('says so when Google sign-in is not configured, or the provider cannot be reached', async () => {
    const off = await buildTestApp({ dialect });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { access_token: 'x' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Google sign-in is not enabled');
    } finally {
      await off.close();
    }
    const down = await buildTestApp({
      dialect,
      env: { GOOGLE_CLIENT_ID: 'x', GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo' },
    });
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { access_token: 'x' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Google sign-in failed');
    } finally {
      await down.close();
    }
  });
});
