import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen. What happened since a member's last visit, and the opt-in email digest
// (docs/decisions/013-account-self-service.md). One row per member in each table, removed with the
// member (on delete cascade):
// - member_visits: when the member last looked (`seen_at`), the start of what the dashboard shows
//   (`since_at`: the end of the previous visit) and the session of the current visit;
// - digest_subscriptions: a row exists while the member wants the digest; `through_at` is the end
//   of the window the last digest covered.

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable('member_visits')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seen_at', ts, (c) => c.notNull())
    .addColumn('since_at', ts)
    .addColumn('session_id', 'text')
    .execute();
  await db.schema
    .createTable('digest_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('through_at', ts, (c) => c.notNull())
    .addColumn('sent_at', ts)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('digest_subscriptions').ifExists().execute();
  await db.schema.dropTable('member_visits').ifExists().execute();
}
