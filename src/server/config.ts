import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './plugins/trust-proxy.ts';

// The only reader of process.env (STYLE.md rule 7): parsed once, validated, frozen.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url({ message: 'must be a URL' }).optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z.string().min(1).default('./data/futurecast.db'),
  DATABASE_POOL_SIZE: z.coerce.number({ message: 'must be a number' }).int().min(1).max(500).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss://' })
    .optional(),
  SESSION_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Futurecast <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'hcaptcha', 'recaptcha']).default('altcha'),
  CAPTCHA_SECRET: z.string().min(1).optional(),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z
    .string()
    .default('https://accounts.google.com,accounts.google.com')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  NEWS_FEEDS: z
    .string()
    .default(
      'https://feeds.bbci.co.uk/news/technology/rss.xml,https://feeds.bbci.co.uk/news/science_and_environment/rss.xml,https://feeds.bbci.co.uk/news/business/rss.xml',
    )
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'must be a comma-separated list of URLs' }))),
  NEWS_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  NEWS_ALLOW_PRIVATE_HOSTS: bool.default(false),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  DEMO_DATA: bool.optional(),
  SENTRY_DSN: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  CONTACT_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  TELEGRAM_URL: z
    .url({ protocol: /^https$/, message: 'must be an https:// URL' })
    .default('https://t.me/futurecast'),
  LINKEDIN_URL: z
    .url({ protocol: /^https$/, message: 'must be an https:// URL' })
    .default('https://www.linkedin.com/company/futurecast'),
});

export type DatabaseTarget =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string };

export interface SiteSettings {
  contactEmail: string;
  telegramUrl: string;
  linkedinUrl: string;
}

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /** What the About section and the social links show (the page reads them from index.html). */
  readonly site: SiteSettings;
  readonly database: DatabaseTarget;
  /** PostgreSQL connections per instance; undefined → db/connect.ts's default. */
  readonly databasePoolSize: number | undefined;
  readonly redisUrl: string | undefined;
  readonly sessionSecret: string;
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string; readonly outboxDir: string };
  readonly captcha: {
    readonly provider: 'altcha' | 'turnstile' | 'hcaptcha' | 'recaptcha';
    readonly secret: string | undefined;
    readonly siteKey: string | undefined;
    readonly altchaMaxNumber: number;
  };
  readonly google: {
    readonly clientId: string | undefined;
    /** Where Google's ID-token signing keys are published, and the issuers they sign as. */
    readonly jwksUrl: string;
    readonly issuers: readonly string[];
  };
  readonly news: {
    readonly feeds: readonly string[];
    readonly refreshMinutes: number;
    /** Feeds may live on loopback, private or link-local addresses (tests, intranets). */
    readonly allowPrivateHosts: boolean;
  };
  readonly llm: {
    readonly baseUrl: string | undefined;
    readonly apiKey: string | undefined;
    readonly model: string | undefined;
  };
  readonly demoData: boolean;
  readonly sentryDsn: string | undefined;
  readonly logLevel: string;
  /** The bearer token /metrics asks for; without one it answers loopback clients only. */
  readonly metricsToken: string | undefined;
  /** Which peers' X-Forwarded-* headers are believed (plugins/trust-proxy.ts). */
  readonly trustProxy: TrustProxy;
  readonly dataDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', connectionString: url };
  if (url.startsWith('sqlite:')) {
    const path = url.replace(/^sqlite:(\/\/)?/, '');
    return { dialect: 'sqlite', filename: path === ':memory:' ? path : resolve(path) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new ConfigError('DATABASE_URL: must be a file path, a sqlite: URL or a postgres:// URL');
  }
  return { dialect: 'sqlite', filename: url === ':memory:' ? url : resolve(url) };
}

/** The embedded default keeps a generated secret beside the database so sessions survive restarts. */
function sessionSecretFor(dataDir: string, given: string | undefined, env: string): string {
  if (given) return given;
  if (env === 'production') throw new ConfigError('SESSION_SECRET: required when NODE_ENV=production');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const database = parseDatabaseUrl(e.DATABASE_URL);
  const dataDir =
    database.dialect === 'sqlite' && database.filename !== ':memory:'
      ? dirname(database.filename)
      : resolve('./data');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    site: {
      // The deployment's own domain unless told otherwise: hello@futurecast.io for https://futurecast.io.
      contactEmail: e.CONTACT_EMAIL ?? `hello@${new URL(publicUrl).hostname}`,
      telegramUrl: e.TELEGRAM_URL,
      linkedinUrl: e.LINKEDIN_URL,
    },
    database,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    sessionSecret: sessionSecretFor(dataDir, e.SESSION_SECRET, e.NODE_ENV),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: resolve(e.MAIL_OUTBOX_DIR) },
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      secret: e.CAPTCHA_SECRET,
      siteKey: e.CAPTCHA_SITE_KEY,
      altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL, issuers: e.GOOGLE_ISSUER },
    news: {
      feeds: e.NEWS_FEEDS,
      refreshMinutes: e.NEWS_REFRESH_MINUTES,
      allowPrivateHosts: e.NEWS_ALLOW_PRIVATE_HOSTS,
    },
    llm: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL },
    demoData: e.DEMO_DATA ?? database.dialect === 'sqlite',
    sentryDsn: e.SENTRY_DSN,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    dataDir,
  };
  if (config.captcha.provider !== 'altcha' && (!config.captcha.secret || !config.captcha.siteKey)) {
    throw new ConfigError(
      `CAPTCHA_SECRET and CAPTCHA_SITE_KEY: required when CAPTCHA_PROVIDER=${config.captcha.provider}`,
    );
  }
  return Object.freeze(config);
}
