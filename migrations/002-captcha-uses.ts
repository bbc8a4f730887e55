import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen. Spent ALTCHA challenges: a solution is accepted once, on every instance, until its
// challenge expires (docs/decisions/004-accounts-and-sessions.md).

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema
    .createTable('captcha_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_uses_expires_idx').on('captcha_uses').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('captcha_uses').ifExists().execute();
}
