import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from './seed.ts';

// `npm run seed:demo`: add the demo community to the configured database (idempotent).
const config = loadConfig();
const database = connectDatabase(config.database);
try {
  await migrateToLatest(database);
  const summary = await seedDemo(database.db);
  process.stdout.write(`Demo data seeded into ${database.dialect}: ${JSON.stringify(summary)}\n`);
} finally {
  await database.close();
}
