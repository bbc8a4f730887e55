import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from './connect.ts';
import { REQUEST_THREAD_CHECKPOINT_PAGES } from './wal-checkpointer.ts';

describe('background WAL checkpoints (SQLite file)', () => {
  let dir: string;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(errors: string[] = []) {
    dir = mkdtempSync(join(tmpdir(), 'futurecast-wal-'));
    const filename = join(dir, 'app.db');
    database = connectDatabase(
      { dialect: 'sqlite', filename },
      { backgroundCheckpoints: { onError: (m) => errors.push(m) } },
    );
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    return { db: database.db, filename };
  }

  async function writePages(db: Database['db'], rows: number) {
    // Each row fills about half a 4 KB page; one commit per row, as requests commit.
    for (let i = 0; i < rows; i++)
      await sql`insert into notes (body) values (${'x'.repeat(2000)})`.execute(db);
  }

  it("copies committed pages into the file from its own thread, not from the writer's commits", async () => {
    const errors: string[] = [];
    const { db, filename } = await open(errors);
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    // The request connection would only checkpoint itself beyond this many pages of log.
    expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(REQUEST_THREAD_CHECKPOINT_PAGES);
    const before = statSync(filename).size;
    await writePages(db, 1_500);
    // ~750 pages is far under the writer's own threshold: only the worker can have copied them.
    await expect
      .poll(() => statSync(filename).size, { timeout: 10_000, interval: 50 })
      .toBeGreaterThan(before + 500 * 4096);
    const stats = await database?.checkpointer?.stats();
    expect(stats?.framesCopied).toBeGreaterThan(500);
    expect(stats?.failures).toBe(0);
    expect(errors).toEqual([]);
  });

  it('stops its thread on close, leaving the file whole and the log removed', async () => {
    const { db, filename } = await open();
    await writePages(db, 200);
    await database?.close();
    database = undefined;
    expect(existsSync(`${filename}-wal`)).toBe(false);
    const reopened = connectDatabase({ dialect: 'sqlite', filename });
    const count = await sql<{ n: number }>`select count(*) as n from notes`.execute(reopened.db);
    await reopened.close();
    expect(count.rows[0]?.n).toBe(200);
  });

  it('never keeps a process alive by itself', async () => {
    dir = mkdtempSync(join(tmpdir(), 'futurecast-wal-'));
    const connect = resolve(import.meta.dirname, 'connect.ts');
    const script = `
      import { sql } from 'kysely';
      import { connectDatabase } from ${JSON.stringify(connect)};
      const database = connectDatabase({ dialect: 'sqlite', filename: ${JSON.stringify(join(dir, 'alive.db'))} },
        { backgroundCheckpoints: { onError: () => {} } });
      await sql\`create table t (x integer)\`.execute(database.db);
      console.log(database.checkpointer ? 'running' : 'not started');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((done) => child.once('close', done));
    clearTimeout(timer);
    expect(output.trim()).toBe('running');
    expect(code).toBe(0);
  });

  it('is not started for an in-memory database or without the option', async () => {
    dir = mkdtempSync(join(tmpdir(), 'futurecast-wal-'));
    database = connectDatabase(
      { dialect: 'sqlite', filename: ':memory:' },
      { backgroundCheckpoints: { onError: () => {} } },
    );
    expect(database.checkpointer).toBeUndefined();
    await database.close();
    database = connectDatabase({ dialect: 'sqlite', filename: join(dir, 'plain.db') });
    expect(database.checkpointer).toBeUndefined();
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      database.db,
    );
    expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(1_000);
  });
});
