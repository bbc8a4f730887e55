import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '#server/config.ts';
import type { Db } from './database.ts';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';

export type Dialect = DatabaseTarget['dialect'];

export interface Database {
  readonly db: Db;
  readonly dialect: Dialect;
  /** PostgreSQL schema the connection runs in, when not the default. */
  readonly schema?: string | undefined;
  /** SQLite with background checkpoints: the worker that runs them. */
  readonly checkpointer?: WalCheckpointer;
  close(): Promise<void>;
}

// timestamptz → ISO string, so both dialects hand the app the same shape.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
// count(*) and sums come back as int8/numeric strings; our figures fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface ConnectOptions {
  /** PostgreSQL only: run inside this schema (tests isolate runs this way). */
  schema?: string;
  poolSize?: number;
  /**
   * SQLite file only: checkpoint the WAL from a worker thread instead of inside request commits
   * (wal-checkpointer.ts). The server turns it on; short-lived scripts and tests don't need it.
   */
  backgroundCheckpoints?: { onError: (message: string) => void };
}

export function connectDatabase(target: DatabaseTarget, options: ConnectOptions = {}): Database {
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: options.schema, close: () => db.destroy() };
  }
  if (target.filename !== ':memory:') mkdirSync(dirname(target.filename), { recursive: true });
  const sqlite = new SQLite(target.filename);
  // WAL + synchronous=NORMAL: a committed write survives a crash or kill -9 of the process
  // (the WAL is written before the commit returns); see docs/decisions/002-data-model.md.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  // Kysely prepares every query anew; reusing prepared statements measured ~2% of a request.
  const statements = new Map<string, SQLite.Statement>();
  const cached = {
    close: () => sqlite.close(),
    prepare: (query: string) => {
      let statement = statements.get(query);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = sqlite.prepare(query);
        statements.set(query, statement);
      }
      return statement;
    },
  };
  const db: Db = new Kysely({ dialect: new SqliteDialect({ database: cached }) });
  const checkpointer =
    options.backgroundCheckpoints && target.filename !== ':memory:'
      ? startWalCheckpointer(sqlite, { onError: options.backgroundCheckpoints.onError })
      : undefined;
  return {
    db,
    dialect: 'sqlite',
    ...(checkpointer ? { checkpointer } : {}),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
