import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '#server/app.ts';
import { buildTestApp, type TestApp } from '#server/test/helpers.ts';
import { freshIp, login, newCredentials, parseMail, pathOf, tokenOf } from '#server/test/accounts.ts';

/** Collects the app's JSON log lines. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions('debug') as object), stream } };
}

describe('mail without SMTP_URL: the outbox, and what reaches the log', () => {
  let t: TestApp;
  const logs = logCapture();
  beforeAll(async () => {
    t = await buildTestApp({
      env: { LOG_LEVEL: 'debug', PUBLIC_URL: 'http://localhost:3999' },
      deps: { logger: logs.logger },
    });
  });
  afterAll(() => t.close());

  const outbox = () =>
    readdirSync(t.config.mail.outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => parseMail(readFileSync(join(t.config.mail.outboxDir, f), 'utf8')));

  it('writes each mail as an .eml file and logs its link; no password, token or session ever reaches the log', async () => {
    const creds = newCredentials('box');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: creds,
      remoteAddress: freshIp(),
    });
    expect(reg.statusCode).toBe(201);
    const [mail] = outbox();
    expect(mail?.raw).toMatch(new RegExp(`^To: ${creds.email}$`, 'im'));
    expect(mail?.raw).toMatch(/^From: Futurecast <no-reply@localhost>$/im);
    expect(mail?.link).toMatch(/^http:\/\/localhost:3999\/verify-email\?token=/);
    const verifyToken = tokenOf(mail?.link ?? '');
    const linkLines = logs.lines.filter((l) => l.includes(verifyToken));
    expect(linkLines).toHaveLength(1);
    expect(JSON.parse(linkLines[0] ?? '{}')).toMatchObject({
      link: mail?.link,
      msg: expect.stringContaining('outbox'),
    });

    const verified = await t.app.inject({
      url: pathOf(mail?.link ?? '').replace('/verify-email', '/api/auth/verify-email'),
    });
    const session = new URL(String(verified.headers.location), 'http://x').searchParams.get('token') ?? '';
    expect(session).not.toBe('');
    const signedIn = await login(t.app, { email: creds.email, password: creds.password });
    const loginToken = signedIn.json().token as string;
    await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${loginToken}` } });

    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: creds.email },
      remoteAddress: freshIp(),
    });
    await t.app.close();
    const reset = outbox().find((m) => m.link.includes('/reset-password'));
    expect(reset).toBeDefined();
    const resetToken = tokenOf(reset?.link ?? '');

    const all = logs.lines.join('\n');
    expect(all).toContain('"url":"/api/auth/verify-email?token=[redacted]"');
    for (const secret of [creds.password, session, loginToken]) expect(all).not.toContain(secret);
    // The mail tokens appear only in their one outbox line each.
    expect(logs.lines.filter((l) => l.includes(resetToken))).toHaveLength(1);
    expect(logs.lines.filter((l) => l.includes(verifyToken))).toHaveLength(1);
  });
});
