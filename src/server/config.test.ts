import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from './config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'fc-config-'));

describe('config', () => {
  it('applies ARCHITECTURE.md defaults for the embedded SQLite set-up', () => {
    const dir = tmp();
    const config = loadConfig({ DATABASE_URL: join(dir, 'fc.db') });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ dialect: 'sqlite', filename: join(dir, 'fc.db') });
    expect(config.demoData).toBe(true);
    expect(config.captcha.provider).toBe('altcha');
    expect(config.mail.from).toBe('Futurecast <no-reply@localhost>');
    expect(config.news.refreshMinutes).toBe(30);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('takes the site settings from the environment, the contact address from PUBLIC_URL by default', () => {
    const dir = tmp();
    const local = loadConfig({ DATABASE_URL: join(dir, 'fc.db') });
    expect(local.site).toEqual({
      contactEmail: 'hello@localhost',
      telegramUrl: 'https://t.me/futurecast',
      linkedinUrl: 'https://www.linkedin.com/company/futurecast',
    });
    const deployed = loadConfig({ DATABASE_URL: join(dir, 'fc.db'), PUBLIC_URL: 'https://futurecast.io/' });
    expect(deployed.site.contactEmail).toBe('hello@futurecast.io');
    const set = loadConfig({ DATABASE_URL: join(dir, 'fc.db'), CONTACT_EMAIL: 'team@futurecast.io' });
    expect(set.site.contactEmail).toBe('team@futurecast.io');
    expect(() => loadConfig({ DATABASE_URL: join(dir, 'fc.db'), CONTACT_EMAIL: 'not-an-address' })).toThrow(
      /CONTACT_EMAIL: must be an email address/,
    );
    expect(() => loadConfig({ DATABASE_URL: join(dir, 'fc.db'), TELEGRAM_URL: 'http://t.me/x' })).toThrow(
      /TELEGRAM_URL: must be an https:\/\/ URL/,
    );
  });

  it('generates SESSION_SECRET once and keeps it beside the database', () => {
    const dir = tmp();
    const first = loadConfig({ DATABASE_URL: join(dir, 'fc.db') });
    const second = loadConfig({ DATABASE_URL: join(dir, 'fc.db') });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(first.sessionSecret);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: join(tmp(), 'x.db') })).toThrow(
      /SESSION_SECRET: required when NODE_ENV=production/,
    );
  });

  it.each([
    [{ PORT: 'abc' }, /PORT: must be a number/],
    [{ PORT: '70000' }, /PORT/],
    [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL: must start with redis:\/\//],
    [{ SMTP_URL: 'mail.example.com' }, /SMTP_URL: must start with smtp:\/\//],
    [{ DEMO_DATA: 'maybe' }, /DEMO_DATA: must be true or false/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL: must be a URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET: must be at least 32 characters/],
    [{ CAPTCHA_PROVIDER: 'turnstile' }, /CAPTCHA_SECRET and CAPTCHA_SITE_KEY: required/],
    [{ NEWS_FEEDS: 'https://ok.example/rss, nope' }, /NEWS_FEEDS/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ TRUST_PROXY: 'proxy.internal' }, /TRUST_PROXY: must be false, true, a hop count/],
    [{ TRUST_PROXY: '10.0.0.0/40' }, /TRUST_PROXY/],
    [{ DATABASE_POOL_SIZE: 'ten' }, /DATABASE_POOL_SIZE: must be a number/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
  ])('rejects a bad value %j with a message naming the variable', (env, message) => {
    const fn = () => loadConfig({ DATABASE_URL: join(tmp(), 'x.db'), ...env });
    expect(fn).toThrow(ConfigError);
    expect(fn).toThrow(message);
  });

  it('turns DATABASE_URL into a dialect, and defaults DEMO_DATA off on PostgreSQL', () => {
    expect(parseDatabaseUrl('postgres://u@h/db').dialect).toBe('postgres');
    expect(parseDatabaseUrl('postgresql://u@h/db').dialect).toBe('postgres');
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ dialect: 'sqlite', filename: ':memory:' });
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.demoData).toBe(false);
  });
});
