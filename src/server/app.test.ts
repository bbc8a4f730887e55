import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from './app.ts';
import { withSiteSettings } from './plugins/spa.ts';
import { buildTestApp, type TestApp, testDialects } from './test/helpers.ts';

describe.each(testDialects)('app on %s', (dialect) => {
  let t: TestApp;
  const web = mkdtempSync(join(tmpdir(), 'fc-web-'));
  beforeAll(async () => {
    mkdirSync(join(web, 'assets'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html><head><title>Futurecast</title></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(join(web, '.vite'));
    writeFileSync(
      join(web, '.vite', 'page-preloads.json'),
      JSON.stringify({
        home: { scripts: ['/assets/home-1.js'], styles: [] },
        account: {
          scripts: ['/assets/account-1.js', '/assets/fields-1.js'],
          styles: ['/assets/account-1.css'],
        },
      }),
    );
    const js = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    writeFileSync(join(web, 'assets', 'app-abc123.js'), js);
    writeFileSync(join(web, 'assets', 'app-abc123.js.gz'), gzipSync(js));
    t = await buildTestApp({
      dialect,
      deps: { webRoot: web },
      env: {
        TRUST_PROXY: 'true',
        CONTACT_EMAIL: 'team@futurecast.test',
        TELEGRAM_URL: 'https://t.me/fc_test',
      },
      setup: (app) => {
        app.post(
          '/api/test-limited',
          { config: { rateLimit: { max: 2, timeWindow: 60_000 } } },
          async () => ({ success: true }),
        );
        app.post('/api/test-echo', async (request) => ({ success: true, body: request.body }));
      },
    });
  });
  afterAll(() => t.close());

  it('reports health with a real database check', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { ok: true, dialect } });
  });

  it('answers unknown /api paths with the JSON error shape', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'No such endpoint: GET /api/does-not-exist',
      code: 'NOT_FOUND',
    });
  });

  it('rejects malformed JSON with 400, never 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Request body is not valid JSON' });
  });

  it("answers the router's own errors (an undecodable URL, an over-long parameter) in the API's shape and headers", async () => {
    const bad = await t.app.inject('/api/predictions/%E0%A4%A/comments');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      message: 'The request URL is not valid',
      code: 'BAD_REQUEST',
    });
    const long = await t.app.inject(`/api/predictions/${'9'.repeat(500)}/comments`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      success: false,
      message: 'The request URL is too long',
      code: 'URI_TOO_LONG',
    });
    for (const res of [bad, long]) {
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sends the strict security headers on every response', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    for (const url of ['/', '/analytics', '/api/docs/']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc?.trim()).toBe("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS only when served over HTTPS', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('serves index.html compressed when the browser accepts it', async () => {
    const res = await t.app.inject({ url: '/analytics', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it('serves index.html for client routes and never caches it', async () => {
    for (const url of ['/', '/login', '/analytics?x=1', '/verify-email?token=abc', '/some/unknown/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("preloads the home page's three public reads with its HTML, and only with the home page's", async () => {
    const home = await t.app.inject('/?ref=mail');
    expect(home.headers.link).toBe(
      '</api/hot-topics/ai>; rel=preload; as=fetch; crossorigin, ' +
        '</api/enhanced-hot-topics>; rel=preload; as=fetch; crossorigin, ' +
        '</api/stats/homepage>; rel=preload; as=fetch; crossorigin',
    );
    for (const url of ['/login', '/analytics', '/submit']) {
      expect((await t.app.inject(url)).headers.link).toBeUndefined();
    }
  });

  it("names the first page's files in its HTML, and only that page's", async () => {
    const home = '<link rel="modulepreload" crossorigin href="/assets/home-1.js">';
    const account =
      '<link rel="modulepreload" crossorigin href="/assets/account-1.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/fields-1.js">' +
      '<link rel="preload" as="style" crossorigin href="/assets/account-1.css"></head>';
    const body = async (url: string) => (await t.app.inject(url)).body;
    expect(await body('/?ref=mail')).toContain(`${home}</head>`);
    expect(await body('/?ref=mail')).not.toContain('account-1');
    for (const url of ['/login', '/Signup/', '/forgot-password?email=a']) {
      expect(await body(url)).toContain(account);
      expect(await body(url)).not.toContain('home-1');
    }
    // Pages the build listed nothing for get the plain document.
    for (const url of ['/analytics', '/no/such/page']) {
      expect(await body(url)).not.toMatch(/home-1|account-1/);
    }
    const gz = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toContain(account);
    // The list itself stays private to the server.
    expect((await t.app.inject('/.vite/page-preloads.json')).statusCode).toBe(404);
  });

  it('writes the site settings into index.html as meta tags, escaped', async () => {
    const res = await t.app.inject('/');
    expect(res.body).toContain('<meta name="futurecast:contact-email" content="team@futurecast.test">');
    expect(res.body).toContain('<meta name="futurecast:telegram-url" content="https://t.me/fc_test">');
    expect(res.body).toContain(
      '<meta name="futurecast:linkedin-url" content="https://www.linkedin.com/company/futurecast">',
    );
    const html = withSiteSettings('<head></head>', {
      contactEmail: 'a@b.c',
      telegramUrl: 'https://t.me/x?a=1&b="<script>',
      linkedinUrl: 'https://l.in/y',
    });
    expect(html).toContain('content="https://t.me/x?a=1&amp;b=&quot;&lt;script&gt;"');
  });

  it('serves hashed assets with long-lived cache headers and compression', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('console.log');
    const missing = await t.app.inject('/assets/missing-000.js');
    expect(missing.statusCode).toBe(404);
  });

  it('rate-limits routes that opt in with 429 and Retry-After, and never /api/health', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/api/test-limited', remoteAddress: '10.9.9.9' });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    for (let i = 0; i < 30; i++) {
      expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
    }
  });

  it('exposes Prometheus metrics by route', async () => {
    await t.app.inject('/api/health');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
  });

  it('publishes an OpenAPI document generated from the route schemas, and its UI', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('content security policy', () => {
  it('opens third-party origins only for the sign-in and captcha providers that are configured', async () => {
    const plain = await buildTestApp();
    const google = await buildTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'client.apps.example',
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SECRET: 's',
        CAPTCHA_SITE_KEY: 'k',
      },
    });
    try {
      const a = String((await plain.app.inject('/')).headers['content-security-policy']);
      const b = String((await google.app.inject('/')).headers['content-security-policy']);
      expect(a).not.toContain('google.com');
      expect(a).toContain("frame-src 'none'");
      expect(b).toContain(
        "script-src 'self' https://accounts.google.com/gsi/client https://challenges.cloudflare.com",
      );
      expect(b).toContain('frame-src https://accounts.google.com/gsi/ https://challenges.cloudflare.com');
    } finally {
      await plain.close();
      await google.close();
    }
  });
});
