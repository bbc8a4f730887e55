import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prediction } from '#server/test/community.ts';
import { bearer, freshIp, login, pathOf, startAppWithMail, type TestSmtp } from '#server/test/accounts.ts';
import { buildTestApp, type TestApp } from '#server/test/helpers.ts';

// Security issue 22, finding 5: replies that carry a token or personal data are never cached, every
// reply carries the same security headers, and /metrics is not public.

const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'permissions-policy',
];

describe('reply policy', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, close } = await startAppWithMail({}));
  });
  afterAll(() => close());

  it('sends Cache-Control: no-store on every reply that carries a token or personal data', async () => {
    const creds = {
      email: `nostore${Date.now()}@example.com`,
      username: `ns${Date.now() % 1e8}`,
      password: 'Str0ng!pass',
    };
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: creds,
      remoteAddress: freshIp(),
    });
    const mail = await smtp.waitFor(creds.email);
    const verified = await t.app.inject({
      url: pathOf(mail.link).replace('/verify-email', '/api/auth/verify-email'),
    });
    const signedIn = await login(t.app, { email: creds.email, password: creds.password });
    const token = signedIn.json().token as string;
    const id = await prediction(t, { userId: signedIn.json().user.id });
    const replies = {
      register: registered,
      'verification redirect': verified,
      login: signedIn,
      'GET /api/user': await t.app.inject({ url: '/api/user', headers: bearer(token) }),
      'GET /api/auth/stats': await t.app.inject({ url: '/api/auth/stats', headers: bearer(token) }),
      'GET /api/my-predictions': await t.app.inject({ url: '/api/my-predictions', headers: bearer(token) }),
      'POST interactions': await t.app.inject({
        method: 'POST',
        url: '/api/predictions/interactions',
        headers: bearer(token),
        payload: { predictionIds: [id] },
      }),
      like: await t.app.inject({
        method: 'POST',
        url: `/api/predictions/${id}/like`,
        headers: bearer(token),
      }),
      'forgot-password': await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: creds.email },
        remoteAddress: freshIp(),
      }),
      'check-email': await t.app.inject({
        method: 'POST',
        url: '/api/auth/check-email',
        payload: { email: creds.email },
      }),
      'a refused login': await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@y.co', password: 'p' },
      }),
      logout: await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) }),
    };
    expect(registered.statusCode).toBe(201);
    expect(verified.statusCode).toBe(302);
    expect(signedIn.statusCode).toBe(200);
    for (const [what, res] of Object.entries(replies)) {
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
    // A public read keeps its own caching, even when a signed-in browser asks.
    const analytics = await t.app.inject({ url: '/api/analytics-dashboard', headers: bearer(token) });
    expect(analytics.headers['cache-control']).toMatch(/public/);
  });

  it('gives every reply the same security header set, object-src included', async () => {
    const replies = {
      page: await t.app.inject('/'),
      'JSON 200': await t.app.inject('/api/health'),
      'JSON 404': await t.app.inject('/api/nope'),
      'JSON 401': await t.app.inject('/api/user'),
      'JSON 400': await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: 1 } }),
      'router error': await t.app.inject('/api/predictions/%E0%A4%A/comments'),
      'hot topics': await t.app.inject('/api/hot-topics/ai'),
      docs: await t.app.inject('/api/docs/'),
      metrics: await t.app.inject('/metrics'),
    };
    const reference = replies.page.headers;
    expect(String(reference['content-security-policy'])).toContain("object-src 'none'");
    for (const [what, res] of Object.entries(replies)) {
      for (const header of SECURITY_HEADERS)
        expect(res.headers[header], `${what}: ${header}`).toBe(reference[header]);
    }
  });

  it('serves /metrics to this machine only when no METRICS_TOKEN is set', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    const outside = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.body).not.toContain('http_requests_total');
    // Through a reverse proxy on the same machine, visitors are not "this machine".
    const proxied = await t.app.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(403);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'metrics-token-0123456789abcdef';
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t.close());

  it('asks everyone, local or not, for the bearer token', async () => {
    for (const remoteAddress of ['127.0.0.1', '203.0.113.7']) {
      const none = await t.app.inject({ url: '/metrics', remoteAddress });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      const wrong = await t.app.inject({ url: '/metrics', remoteAddress, headers: bearer(`${token}x`) });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({ url: '/metrics', remoteAddress, headers: bearer(token) });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_requests_total');
    }
  });
});
