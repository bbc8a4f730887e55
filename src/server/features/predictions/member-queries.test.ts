import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '#server/db/connect.ts';
import type { Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { authorRecords } from '#server/features/community/community.repository.ts';
import { activityOfUser, authorHistory, listPredictionsOfUser } from './predictions.repository.ts';

// A member's own figures read all of the member's predictions; they must come from one range of
// predictions_user_activity_idx without touching the wide table rows (migration 006), or a
// member with a long history makes every submission and dashboard slow.
describe('member queries on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'futurecast-plan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('read the member activity index, covering it for the aggregates', async () => {
    const file = join(dir, 'plan.db');
    const database = connectDatabase({ dialect: 'sqlite', filename: file });
    await migrateToLatest(database);
    await database.close();

    const captured: string[] = [];
    const raw = new SQLite(file);
    const db: Db = new Kysely({
      dialect: new SqliteDialect({ database: raw }),
      log: (event) => {
        captured.push(event.query.sql);
      },
    });
    try {
      await authorHistory(db, 1);
      await activityOfUser(db, 1);
      await authorRecords(db, [1, 2]);
      await listPredictionsOfUser(db, 1);
      expect(captured).toHaveLength(4);
      const plans: string[] = [];
      for (const query of captured) {
        const params = Array.from({ length: query.split('?').length - 1 }, () => 1);
        expect(params.length).toBeGreaterThan(0);
        const plan = raw.prepare(`explain query plan ${query}`).all(...params) as { detail: string }[];
        plans.push(plan.map((r) => r.detail).join(' | '));
      }
      const [history, activity, records, list] = plans;
      expect(history).toMatch(/COVERING INDEX predictions_user_activity_idx/);
      expect(activity).toMatch(/COVERING INDEX predictions_user_activity_idx/);
      expect(records).toMatch(/predictions_user_activity_idx/);
      expect(list).toMatch(/INDEX predictions_user_activity_idx \(user_id=\?\)/);
    } finally {
      await db.destroy();
    }
  });
});
