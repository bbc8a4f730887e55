import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialects } from '#server/test/helpers.ts';
import { connectDatabase } from './connect.ts';

describe.each(testDialects)('database on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(() => database?.close());

  it('applies every migration and enforces uniqueness of emails and usernames', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const user = { email: 'a@example.com', username: 'Alice', username_key: 'alice' };
    await db.insertInto('users').values(user).execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, username_key: 'other' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, email: 'b@example.com' })
        .execute(),
    ).rejects.toThrow();
    const row = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row.is_demo).toBe(0);
  });

  it('allows one vote per member per prediction, enforced by the database', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'v@example.com', username: 'v', username_key: 'v' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: predictionId } = await db
      .insertInto('predictions')
      .values({ user_id: userId, prediction_text: 'x'.repeat(20), category: 'Other', text_length: 20 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('votes').values({ prediction_id: predictionId, user_id: userId, value: 1 }).execute();
    await expect(
      db.insertInto('votes').values({ prediction_id: predictionId, user_id: userId, value: -1 }).execute(),
    ).rejects.toThrow();
  });

  it('stores text byte-for-byte, including Persian, emoji and markup', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const text = '  <script>alert(1)</script> تا سال ۲۰۳۰ 🚀 "quotes" \'single\' \n tabs\t ';
    await db
      .insertInto('users')
      .values({ email: 't@example.com', username: text, username_key: 't' })
      .execute();
    const row = await db.selectFrom('users').select('username').executeTakeFirstOrThrow();
    expect(row.username).toBe(text);
  });
});

describe('SQLite durability', () => {
  it('keeps an acknowledged write after kill -9 of the process', async () => {
    const database = await createTestDatabase('sqlite');
    const file = database.file as string;
    await database.close().catch(() => undefined);
    const fresh = await createTestDatabase('sqlite');
    const target = fresh.file as string;
    await fresh.db.destroy();
    const script = `
      import { connectDatabase } from ${JSON.stringify(resolve('src/server/db/connect.ts'))};
      const { db } = connectDatabase({ dialect: 'sqlite', filename: ${JSON.stringify(target)} });
      await db.insertInto('users').values({ email: 'k@example.com', username: 'k', username_key: 'k' }).execute();
      process.stdout.write('ack\\n');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ack')) {
          child.kill('SIGKILL');
          done();
        }
      });
      child.on('exit', (code) => (code === null ? undefined : fail(new Error(`child exited ${code}`))));
    });
    await new Promise((r) => child.once('close', r));
    const reopened = connectDatabase({ dialect: 'sqlite', filename: target });
    const row = await reopened.db.selectFrom('users').select('email').executeTakeFirst();
    await reopened.close();
    expect(row?.email).toBe('k@example.com');
    expect(file).not.toBe(target);
  });
});
