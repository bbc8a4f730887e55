import { buildApp } from './app.ts';
import { connectRedis } from './cache/redis.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';

// The only file that calls listen(): start-up, and a graceful shutdown on SIGTERM/SIGINT.
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Futurecast cannot start. ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const database = connectDatabase(config.database, {
    poolSize: config.databasePoolSize,
    backgroundCheckpoints: {
      onError: (message) =>
        process.stderr.write(`WAL checkpointer: ${message}; the server checkpoints itself\n`),
    },
  });
  await migrateToLatest(database);
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const app = await buildApp({ config, database, redis, jobs: true });
  if (config.demoData) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) app.log.info(seeded, 'seeded the demo community (DEMO_DATA=true)');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      redis?.disconnect();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Futurecast is ready on ${config.publicUrl} (${database.dialect})`);
}

main().catch((err) => {
  process.stderr.write(`Futurecast failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
