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

const CLIENT_ID = 'test-client.apps.example';

/**
 * A real local OIDC server stands in for Google: it publishes its signing keys at /jwks, as Google
 * does at GOOGLE_JWKS_URL, and signs the ID tokens the Identity Services button would hand the
 * browser. `claims` override what Google would put in one (another audience, issuer, expiry).
 */
async function startOidc() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url ?? '';
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    async idToken(sub: string, claims: Record<string, unknown>, expiresIn = 3600): Promise<string> {
      return server.issuer.buildToken({
        expiresIn,
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, { sub, aud: CLIENT_ID, azp: CLIENT_ID, ...claims });
        },
      });
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
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_JWKS_URL: oidc.jwksUrl,
        GOOGLE_ISSUER: oidc.issuer,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
    await smtp.close();
  });

  /** What the web app sends: the Identity Services button's credential. */
  const google = (credential: string, field = 'credential') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { [field]: credential },
      remoteAddress: freshIp(),
    });

  it('creates an account for a new verified Google user, then signs the same person in again', async () => {
    const sub = nextSub();
    const email = `${sub.replace(/-/g, '')}@gmail.example`;
    const token = await oidc.idToken(sub, { email: email.toUpperCase(), email_verified: true, name: 'Ada' });
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
      clientId: CLIENT_ID,
    });

    const again = await google(await oidc.idToken(sub, { email, email_verified: true }));
    expect(again.json()).toMatchObject({
      isNewUser: false,
      message: 'Signed in with Google',
      user: { id: body.user.id },
    });
  });

  it('links a verified Google email to the existing account; the password keeps working', async () => {
    const u = await registerVerified(t.app, smtp);
    const sub = nextSub();
    const res = await google(await oidc.idToken(sub, { email: u.email, email_verified: 'true' }));
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
    const res = await google(await oidc.idToken(nextSub(), { email: creds.email, email_verified: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: creds.email, email_verified: true });
    expect((await login(t.app, { email: creds.email, password: creds.password })).statusCode).toBe(401);
  });

  it('picks the next free username when the email local part is taken', async () => {
    const u = await registerVerified(t.app, smtp);
    const res = await google(
      await oidc.idToken(nextSub(), { email: `${u.username}@elsewhere.example`, email_verified: true }),
    );
    expect(res.json().isNewUser).toBe(true);
    const name: string = res.json().user.username;
    expect(name.toLowerCase()).not.toBe(u.username.toLowerCase());
    expect(name.toLowerCase()).toContain(u.username.toLowerCase().slice(0, 10));
  });

  it('refuses a Google account whose email is not verified', async () => {
    const res = await google(
      await oidc.idToken(nextSub(), { email: 'unverified@gmail.example', email_verified: false }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Your Google account email is not verified',
    });
  });

  it('reads the ID token from id_token and from SPEC.md §7 access_token as well', async () => {
    const sub = nextSub();
    const email = `${sub.replace(/-/g, '')}@gmail.example`;
    for (const field of ['id_token', 'access_token']) {
      const res = await google(await oidc.idToken(sub, { email, email_verified: true }), field);
      expect(res.statusCode, field).toBe(200);
      expect(res.json().user.email).toBe(email);
    }
  });

  it('refuses a token minted for another client id, by another issuer, expired, or signed by another key', async () => {
    const u = await registerVerified(t.app, smtp);
    const other = await startOidc();
    try {
      const attempts: Record<string, string> = {
        'another app': await oidc.idToken(nextSub(), {
          email: u.email,
          email_verified: true,
          aud: 'another-app.apps.example',
          azp: 'another-app.apps.example',
        }),
        'several audiences, another party': await oidc.idToken(nextSub(), {
          email: u.email,
          email_verified: true,
          aud: [CLIENT_ID, 'another-app.apps.example'],
          azp: 'another-app.apps.example',
        }),
        'no audience': await oidc.idToken(nextSub(), {
          email: u.email,
          email_verified: true,
          aud: undefined,
        }),
        'wrong issuer': await oidc.idToken(nextSub(), {
          email: u.email,
          email_verified: true,
          iss: 'https://accounts.evil.example',
        }),
        expired: await oidc.idToken(nextSub(), { email: u.email, email_verified: true }, -120),
        'another key': await other.idToken(nextSub(), {
          email: u.email,
          email_verified: true,
          iss: oidc.issuer,
        }),
      };
      for (const [what, token] of Object.entries(attempts)) {
        const res = await google(token);
        expect(res.statusCode, what).toBe(401);
        expect(res.json(), what).toMatchObject({ success: false, message: 'Google sign-in failed' });
      }
    } finally {
      await other.stop();
    }
    // None of them was linked to the account or signed anyone in.
    const row = await t.database.db
      .selectFrom('users')
      .select('google_sub')
      .where('id', '=', u.id)
      .executeTakeFirst();
    expect(row?.google_sub).toBeNull();
  });

  it('refuses an unverified email, without linking it to the account that has it', async () => {
    const u = await registerVerified(t.app, smtp);
    const res = await google(await oidc.idToken(nextSub(), { email: u.email, email_verified: false }));
    expect(res.statusCode).toBe(403);
    const row = await t.database.db
      .selectFrom('users')
      .select('google_sub')
      .where('id', '=', u.id)
      .executeTakeFirst();
    expect(row?.google_sub).toBeNull();
  });

  it('refuses a token the identity provider does not accept', async () => {
    for (const token of ['not-a-token', 'a.b.c', 'ya29.an-opaque-access-token']) {
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
        payload: { credential: 'x' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Google sign-in is not enabled');
    } finally {
      await off.close();
    }
    const down = await buildTestApp({
      dialect,
      env: { GOOGLE_CLIENT_ID: 'x', GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks' },
    });
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { credential: await oidc.idToken('x', { email: 'a@b.co', email_verified: true }) },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Google sign-in failed');
    } finally {
      await down.close();
    }
  });
});
