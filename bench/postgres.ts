import { basename } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

// `npm run bench -- --db postgres`: the same generated data set, loaded into PostgreSQL once (a
// database named after the SQLite file, kept for later runs), and a fresh copy of it per run
// (CREATE DATABASE … TEMPLATE, a file copy), as the SQLite run copies its file.

const BATCH = 20_000;

/** Tables in an order that satisfies their foreign keys. */
const TABLES = [
  'users',
  'predictions',
  'prediction_categories',
  'prediction_lsh',
  'votes',
  'comments',
  'job_state',
  'rollup_daily',
  'rollup_hourly',
  'rollup_daily_members',
  'resolutions',
  'track_records',
  'track_record_totals',
];

const withDatabase = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL copy of the SQLite data set `file`, made on first use; returns its URL. */
export async function postgresDataSet(file: string, adminUrl: string, log: (line: string) => void) {
  const name = `fc_${basename(file, '.db')
    .replaceAll(/[^a-z0-9]+/gi, '_')
    .toLowerCase()}`;
  const url = withDatabase(adminUrl, name);
  const complete = await admin(adminUrl, async (c) => {
    const exists = (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) return false;
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      return (await check.query("select 1 from pg_tables where tablename = 'bench_complete'")).rowCount === 1;
    } finally {
      await check.end();
    }
  });
  if (complete) return url;
  const started = performance.now();
  await admin(adminUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const database = connectDatabase({ dialect: 'postgres', connectionString: url });
  await migrateToLatest(database);
  await database.close();

  const source = new SQLite(file, { readonly: true });
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    // Bulk load: no foreign-key triggers, indexes rebuilt once at the end.
    await target.query('set session_replication_role = replica');
    await target.query('set maintenance_work_mem = $1', ['1GB']).catch(() => {});
    const { rows: indexes } = await target.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.schemaname = 'public' and not exists (
         select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of indexes) await target.query(`drop index ${index.name}`);
    for (const table of TABLES) {
      const { rows: columns } = await target.query<{ column_name: string; udt_name: string }>(
        `select column_name, udt_name from information_schema.columns
         where table_schema = 'public' and table_name = $1 order by ordinal_position`,
        [table],
      );
      const names = columns.map((c) => c.column_name);
      const present = new Set(
        (source.prepare(`pragma table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name),
      );
      const shared = columns.filter((c) => present.has(c.column_name));
      if (shared.length !== names.length) {
        throw new Error(`${table}: columns differ between the SQLite and PostgreSQL schemas`);
      }
      const insert = `insert into ${table} (${names.join(', ')}) select * from unnest(${columns
        .map((c, i) => `$${i + 1}::${c.udt_name}[]`)
        .join(', ')})`;
      const batch: unknown[][] = names.map(() => []);
      let count = 0;
      const flush = async () => {
        if (batch[0]?.length) await target.query(insert, batch);
        for (const b of batch) b.length = 0;
      };
      const rows = source
        .prepare(`select ${names.join(', ')} from ${table}`)
        .raw()
        .iterate() as Iterable<unknown[]>;
      for (const row of rows) {
        for (let i = 0; i < row.length; i++) batch[i]?.push(row[i]);
        if (++count % BATCH === 0) await flush();
      }
      await flush();
      log(`postgres: ${table} ${count.toLocaleString('en')} rows`);
    }
    // The search postings (migration 032): its trigger is off during the bulk load (replica
    // role), so they are written in one statement, their key built once afterwards.
    const startedTerms = performance.now();
    await target.query('alter table prediction_terms drop constraint prediction_terms_pkey');
    await target.query(`insert into prediction_terms (term, prediction_id)
      select distinct x, p.id from predictions p, futurecast_search_terms(p.prediction_text) as x`);
    await target.query('alter table prediction_terms add primary key (term, prediction_id)');
    log(`postgres: search terms in ${((performance.now() - startedTerms) / 1000).toFixed(1)} s`);
    for (const index of indexes) await target.query(index.definition);
    // Serial columns continue after the loaded ids.
    const { rows: serials } = await target.query<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
       where table_schema = 'public' and column_default like 'nextval%'`,
    );
    for (const s of serials) {
      await target.query(
        `select setval(pg_get_serial_sequence('${s.table}', '${s.column}'), coalesce(max(${s.column}), 0) + 1, false) from ${s.table}`,
      );
    }
    await target.query('set session_replication_role = origin');
    await target.query('vacuum analyze');
    await target.query('create table bench_complete (at timestamptz not null default now())');
    await target.query('insert into bench_complete default values');
  } finally {
    source.close();
    await target.end();
  }
  log(`postgres: loaded ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return url;
}

/** A fresh copy of the data set for one run (dropped by `drop`). */
export async function postgresRunDatabase(setUrl: string, adminUrl: string) {
  const from = new URL(setUrl).pathname.slice(1);
  const name = 'fc_bench_run';
  await admin(adminUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name} template ${from} strategy file_copy`);
  });
  return {
    url: withDatabase(adminUrl, name),
    drop: () => admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}
