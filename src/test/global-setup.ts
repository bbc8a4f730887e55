import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgRunId: string;
  }
}

/**
 * PostgreSQL isolation for one test run: each worker gets its own database (named with this run's
 * id), each test file a schema inside it. Kysely's migrator introspects every schema of a database,
 * so schemas dropped by another worker mid-query used to fail it; databases keep workers apart.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('pgRunId', runId);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`fc_test_${runId}_%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
