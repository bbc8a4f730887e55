import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen. PostgreSQL's `real` is a 4-byte float: at today's hot-score magnitude (~10^2-10^3) it
// resolves only ~5-10 s of freshness, so equal-engagement predictions minutes apart could tie or
// swap. Double precision, as SQLite's REAL already is (docs/decisions/008-community-and-hot-topics.md).

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table predictions alter column hot_score type double precision`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table predictions alter column hot_score type real`.execute(db);
}
