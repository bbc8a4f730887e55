import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/helpers.ts';
import { freshIp } from '#server/test/accounts.ts';

/**
 * A local siteverify endpoint speaking the Turnstile/hCaptcha/reCAPTCHA protocol: a form POST of
 * secret, response and remoteip, answered with { success }. Each response token works once.
 */
async function startSiteverify(secret: string) {
  const issued = new Set(['token-1', 'token-2']);
  const seen: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const token = form.get('response') ?? '';
      const success = req.method === 'POST' && form.get('secret') === secret && issued.delete(token);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('third-party captcha providers through siteverify', () => {
  let t: TestApp;
  let verify: Awaited<ReturnType<typeof startSiteverify>>;
  beforeAll(async () => {
    verify = await startSiteverify('site-secret');
    t = await buildTestApp({
      env: { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 'site-secret', CAPTCHA_SITE_KEY: 'site-key' },
      deps: { captchaSiteverifyUrl: verify.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await verify.close();
  });

  const attempt = (captcha: string, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'Whatever-1', captcha },
      remoteAddress,
    });

  it('publishes the provider and site key, and serves no ALTCHA challenge', async () => {
    expect((await t.app.inject('/api/auth/config')).json().captcha).toEqual({
      provider: 'turnstile',
      siteKey: 'site-key',
    });
    expect((await t.app.inject('/api/captcha/challenge')).statusCode).toBe(404);
  });

  it('passes a token the provider accepts (once), with the secret and client address', async () => {
    const ip = freshIp();
    // Past the captcha, the unknown account gets the ordinary 401.
    expect((await attempt('token-1', ip)).statusCode).toBe(401);
    expect(verify.seen.at(-1)?.get('remoteip')).toBe(ip);
    expect(verify.seen.at(-1)?.get('secret')).toBe('site-secret');
    const replay = await attempt('token-1');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(
      'Security verification failed. Please complete the CAPTCHA and try again.',
    );
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const off = await buildTestApp({
      env: { CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k' },
      deps: { captchaSiteverifyUrl: 'http://127.0.0.1:9/siteverify' },
    });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.co', password: 'x', captcha: 'token' },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
