import type { Db } from './client.ts';

/**
 * A statement every request runs, built once per database rather than on each call: Drizzle builds
 * a query's SQL text from its objects every time it runs one, which on the feed was a fifth of the
 * server's time (docs/performance.md, "The feed's fixed cost"). `build` prepares it with
 * `sql.placeholder` for what changes and a name of its own; on PostgreSQL that name is also a
 * statement each connection parses once. Inside a transaction `db` is that transaction, so the
 * statement is built for it and forgotten with it.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const kept = new WeakMap<Db, Q>();
  return (db) => {
    let query = kept.get(db);
    if (query === undefined) {
      query = build(db);
      kept.set(db, query);
    }
    return query;
  };
}
