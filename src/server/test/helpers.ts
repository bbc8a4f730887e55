import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { connectDatabase, type Database, type Dialect } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

/** The dialects this run can test: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends Database {
  /** The SQLite file, for tests that reopen it. */
  readonly file?: string;
  /** PostgreSQL: the application_name of this database's connections (fault tests end them). */
  readonly applicationName?: string;
  /**
   * PostgreSQL: a second pool on the same schema, as another app instance would have; `port`
   * reaches the server through another port (a fault test's proxy).
   */
  connectAgain?(applicationName?: string, port?: number): Database;
}

let workerDatabase: Promise<string> | undefined;

/**
 * This worker's own PostgreSQL database (src/test/global-setup.ts drops it after the run), created
 * on first use; test files in a worker run one at a time, so their schemas never race.
 */
function workerDatabaseUrl(): Promise<string> {
  workerDatabase ??= (async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `fc_test_${inject('pgRunId')}_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.query(`create database "${name}"`);
          break;
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === '42P04') break; // already exists
          // 55006: template1 briefly in use by another worker's CREATE DATABASE.
          if (code !== '55006' || attempt >= 5) throw err;
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
    } finally {
      await admin.end();
    }
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return workerDatabase;
}

let sqliteTemplate: Promise<string> | undefined;

/** This worker's migrated SQLite file, made once: each test database is a copy of it. */
function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'futurecast-template-'));
    const file = join(dir, 'template.db');
    const database = connectDatabase({ dialect: 'sqlite', filename: file });
    await migrateToLatest(database);
    // Closing the only connection checkpoints the WAL into the file, so a plain copy is complete.
    await database.close();
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return file;
  })();
  return sqliteTemplate;
}

/** A fresh, migrated database: a copy of the worker's SQLite template, or its own PostgreSQL schema. */
export async function createTestDatabase(dialect: Dialect = 'sqlite'): Promise<TestDatabase> {
  if (dialect === 'postgres') {
    const url = await workerDatabaseUrl();
    const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const applicationName = `futurecast-${schema}`;
    const connect = (name: string, port?: number) => {
      const at = new URL(url);
      if (port) at.port = String(port);
      return connectDatabase(
        { dialect: 'postgres', connectionString: at.toString() },
        { schema, poolSize: 4, applicationName: name },
      );
    };
    const database = connect(applicationName);
    await migrateToLatest(database);
    return {
      ...database,
      applicationName,
      connectAgain: (name = `${applicationName}-b`, port?: number) => connect(name, port),
      close: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'futurecast-test-'));
  const file = join(dir, 'test.db');
  copyFileSync(await sqliteTemplateFile(), file);
  const database = connectDatabase({ dialect: 'sqlite', filename: file });
  return {
    ...database,
    file,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function testConfig(overrides: Record<string, string> = {}): Config {
  const dir = mkdtempSync(join(tmpdir(), 'futurecast-cfg-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: join(dir, 'unused.db'),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    LOG_LEVEL: 'silent',
    ALTCHA_MAX_NUMBER: '20',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database; close() tears both down (STYLE.md rule 8). */
export async function buildTestApp(
  options: {
    dialect?: Dialect;
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    setup?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.dialect);
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    logger: false,
    webRoot: '/nonexistent',
    // Test runs share one Redis: each app keeps its keys and channel to itself unless told otherwise.
    redisNamespace: `futurecast-test:${randomBytes(6).toString('hex')}:`,
    ...options.deps,
  });
  await options.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
