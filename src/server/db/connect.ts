import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '#server/config.ts';
import type { Db } from './database.ts';
import { isDatabaseUnavailable } from './dialect.ts';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';

export type Dialect = DatabaseTarget['dialect'];

export interface Database {
  readonly db: Db;
  readonly dialect: Dialect;
  /** PostgreSQL schema the connection runs in, when not the default. */
  readonly schema?: string | undefined;
  /** SQLite with background checkpoints: the worker that runs them. */
  readonly checkpointer?: WalCheckpointer;
  /** Whether the database answers, as last seen (docs/decisions/012-scale-out-failures.md). */
  readonly availability: Availability;
  close(): Promise<void>;
}

/**
 * The database's reachability as the app last saw it. A connection failure marks it down (once:
 * one log line per change, not one per request); while down, a probe every second marks it up
 * again as soon as a query succeeds. The pool itself reconnects: nothing here restarts anything.
 */
interface Availability {
  isUp(): boolean;
  /** Reports an error from a query; only connection-level failures change the state. */
  report(err: unknown): void;
  /** Called on every change, with the error that took it down. */
  onChange(listener: (up: boolean, err?: unknown) => void): void;
  stop(): void;
}

function trackAvailability(probe: () => Promise<unknown>, probeEveryMs = 1000): Availability {
  let up = true;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const listeners: Array<(up: boolean, err?: unknown) => void> = [];
  const set = (next: boolean, err?: unknown) => {
    if (next === up) return;
    up = next;
    for (const listener of listeners) listener(next, err);
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      probe().then(
        () => {
          timer = undefined;
          set(true);
        },
        () => {
          timer = undefined;
          if (!up) schedule();
        },
      );
    }, probeEveryMs);
    timer.unref();
  };
  return {
    isUp: () => up,
    report(err) {
      if (stopped || !isDatabaseUnavailable(err)) return;
      set(false, err);
      schedule();
    },
    onChange: (listener) => void listeners.push(listener),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

const alwaysUp: Availability = {
  isUp: () => true,
  report: () => {},
  onChange: () => {},
  stop: () => {},
};

/**
 * PostgreSQL time limits. A request never waits longer than `connectMs` for a connection (a
 * database that is away answers 503 within that, instead of queueing requests), no statement
 * runs longer than `statementMs`, and a transaction left idle is ended after `idleInTransactionMs`.
 * Keep-alive probes find a connection whose peer vanished without a word.
 */
const POSTGRES_TIMEOUTS = { connectMs: 3000, statementMs: 10_000, idleInTransactionMs: 30_000 };

// timestamptz → ISO string, so both dialects hand the app the same shape.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
// count(*) and sums come back as int8/numeric strings; our figures fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Connections per instance on PostgreSQL (DATABASE_POOL_SIZE); sized in docs/decisions/012. */
const DEFAULT_POOL_SIZE = 10;

export interface ConnectOptions {
  /** PostgreSQL only: run inside this schema (tests isolate runs this way). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL's application_name for these connections (pg_stat_activity shows it). */
  applicationName?: string;
  /**
   * SQLite file only: checkpoint the WAL from a worker thread instead of inside request commits
   * (wal-checkpointer.ts). The server turns it on; short-lived scripts and tests don't need it.
   */
  backgroundCheckpoints?: { onError: (message: string) => void };
}

export function connectDatabase(target: DatabaseTarget, options: ConnectOptions = {}): Database {
  if (target.dialect === 'postgres') {
    const settings = [
      `-c statement_timeout=${POSTGRES_TIMEOUTS.statementMs}`,
      `-c idle_in_transaction_session_timeout=${POSTGRES_TIMEOUTS.idleInTransactionMs}`,
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
    ];
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: options.applicationName ?? 'futurecast',
      options: settings.join(' '),
    });
    const availability = trackAvailability(() => pool.query('select 1'));
    // Without these listeners a connection that the server ends (a restart, a fail-over, an idle
    // timeout, pg_terminate_backend) emits an unhandled 'error' and takes the process down. The
    // pool drops such a connection and opens a new one when next asked.
    pool.on('error', (err) => availability.report(err));
    pool.on('connect', (client) => client.on('error', (err) => availability.report(err)));
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      schema: options.schema,
      availability,
      close: async () => {
        availability.stop();
        await db.destroy();
      },
    };
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
    availability: alwaysUp,
    ...(checkpointer ? { checkpointer } : {}),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
