import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { reusableQuery } from './reusable-query.ts';

describe('reusableQuery', () => {
  const database = connectDatabase({ dialect: 'sqlite', filename: ':memory:' });
  afterAll(() => database.close());

  it('compiles once per shape and runs each call with its own parameters', async () => {
    await migrateToLatest(database);
    const { db } = database;
    let builds = 0;
    const doubled = reusableQuery(
      'doubled sum',
      (_db, ...values: number[]) => {
        builds++;
        return sql<{ v: number }>`select ${sql.join(
          values.map((v) => sql`${v} * 2`),
          sql` + `,
        )} as v`;
      },
      (...values) => values.length,
    );
    expect((await doubled(db, 3)).rows).toEqual([{ v: 6 }]);
    expect((await doubled(db, 4)).rows).toEqual([{ v: 8 }]);
    expect(builds).toBe(1);
    expect((await doubled(db, 1, 2)).rows).toEqual([{ v: 6 }]);
    expect(builds).toBe(2);
  });

  it('refuses a builder whose bound values are not exactly its parameters', async () => {
    const { db } = database;
    const sneaky = reusableQuery('sneaky', (_db, id: number) =>
      db.selectFrom('users').select('id').where('id', '=', id).where('is_demo', '=', 0),
    );
    await expect(sneaky(db, 1)).rejects.toThrow(/bound values are not its parameters/);
  });
});
