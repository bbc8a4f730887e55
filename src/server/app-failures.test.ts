import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './app.ts';
import { buildTestApp } from './test/helpers.ts';

describe('failure paths', () => {
  it('reports 503 degraded when the database is unreachable', async () => {
    const t = await buildTestApp();
    // Kysely's destroy() is a no-op on a connection never used: use it once, then close it.
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    await t.database.db.destroy();
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    await t.app.close();
  });

  it('turns an unexpected error into a 500 without internals', async () => {
    const t = await buildTestApp({
      setup: (app) => {
        app.get('/api/test-boom', async () => {
          throw new Error('secret internal detail at /srv/db');
        });
      },
    });
    try {
      const res = await t.app.inject('/api/test-boom');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        message: 'Server error occurred. Please try again later.',
        code: 'INTERNAL',
      });
      expect(res.body).not.toContain('secret internal detail');
    } finally {
      await t.close();
    }
  });

  it('never logs tokens from query strings or the Authorization header', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = { ...(loggerOptions('debug') as object), stream };
    const t = await buildTestApp({ env: { LOG_LEVEL: 'debug' }, deps: { logger } });
    try {
      await t.app.inject({
        url: '/api/anything?token=verysecrettoken123&x=1',
        headers: { authorization: 'Bearer verysecretbearer456' },
      });
      const log = lines.join('\n');
      expect(log).toContain('/api/anything?token=[redacted]&x=1');
      expect(log).not.toContain('verysecrettoken123');
      expect(log).not.toContain('verysecretbearer456');
    } finally {
      await t.close();
    }
  });
});
