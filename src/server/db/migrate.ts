import { type Kysely, Migrator, sql } from 'kysely';
import { migrations } from '../../../migrations/index.ts';
import type { Database } from './connect.ts';
import type { Tables } from './database.ts';

export async function migrateToLatest({ db, schema, dialect }: Database): Promise<string[]> {
  const run = async (on: Kysely<Tables>) => {
    const migrator = new Migrator({
      db: on,
      provider: { getMigrations: async () => migrations },
      // Kysely's lock table lookup must stay in our schema when several runs share a server.
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  if (dialect !== 'postgres') return run(db);
  // Requests' statement_timeout (db/connect.ts) must not cut off an index build on a big table.
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await run(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
