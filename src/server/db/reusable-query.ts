import { isDeepStrictEqual } from 'node:util';
import type { Compilable, CompiledQuery, QueryResult, RawBuilder } from 'kysely';
import type { Db } from './database.ts';

/**
 * A query built with Kysely once per dialect and shape, then run with new parameters: building and
 * compiling a statement costs 15–300 µs (more than running it on an indexed table), which the hot
 * paths pay on every request (docs/decisions/006-request-pipeline-speed.md).
 *
 * `build` receives the parameters and must use each of them, in order, as the statement's bound
 * values (and no other bound values); `shape` names what changes the SQL text (e.g. a list's
 * length). The first compilation checks that its bound values are exactly `parameters`, so a
 * builder that doesn't keep that promise fails on its first call (in tests), never silently.
 */
export function reusableQuery<P extends readonly unknown[], R>(
  name: string,
  build: (db: Db, ...parameters: P) => Compilable<R> | RawBuilder<R>,
  shape: (...parameters: P) => string | number = () => '',
): (db: Db, ...parameters: P) => Promise<QueryResult<R>> {
  const compiled = new Map<string, CompiledQuery<R>>();
  return async (db, ...parameters) => {
    const key = `${db.getExecutor().adapter.constructor.name}:${shape(...parameters)}`;
    let query = compiled.get(key);
    if (!query) {
      const built = build(db, ...parameters);
      query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      if (!isDeepStrictEqual([...query.parameters], [...parameters])) {
        throw new Error(`reusableQuery(${name}): the statement's bound values are not its parameters`);
      }
      compiled.set(key, query);
    }
    return db.executeQuery<R>({ ...query, parameters });
  };
}
