import { Migrator } from 'kysely';
import { migrations } from '../../../migrations/index.ts';
import type { Database } from './connect.ts';

export async function migrateToLatest({ db, schema }: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely's lock table lookup must stay in our schema when several runs share a server.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
