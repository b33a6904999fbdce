import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../paths.ts';

/**
 * The one database type services receive: the same on PGlite and on a PostgreSQL server. Drizzle is
 * given no schema: the code builds its queries from the tables and never uses the relational
 * `db.query` API, for which each transaction would build a query object per table (docs/performance.md,
 * "Issue 26, sixth session").
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * How another client reaches the same database: the job queue (pg-boss) speaks to the embedded
 * PGlite instance itself (one connection, shared with the app, taking turns like its queries) or
 * opens its own pool to the server.
 */
export type DatabaseConnection = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  connection: DatabaseConnection;
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own (a PostgreSQL advisory lock held on a
   * connection of its own): start-up's migrations and seeds, which two processes starting at once
   * on a new database would otherwise both apply. The embedded database has one process already.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(projectRoot, 'migrations');
/** PGlite must be opened with the same extensions every time it reopens a data directory. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type EmbeddedDatabase = Database & {
  /** A copy of the data directory (gzipped unless said otherwise), loadable by openPglite({ loadDataDir }). */
  dumpDataDir(compression?: 'gzip' | 'none'): Promise<Blob>;
};

type Run = (...args: unknown[]) => Promise<unknown>;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query synchronously on the main thread, one at a time, and hands over to the
 * next queued query in a microtask, so under load timers and sockets starve (bench/auth). Here the
 * top-level queries and transactions take turns: each waits for the previous one and for a fresh
 * event-loop turn, so other requests (a health check, a static file) are served in between.
 * Queries inside a transaction only yield; queueing them behind work that waits for the
 * transaction's lock would deadlock.
 */
function takingTurns<T extends object>(client: T): T {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = (run: () => Promise<unknown>) => {
    const result = last.then(nextTurn).then(run);
    last = result.catch(() => undefined);
    return result;
  };
  const yielding = <U extends object>(tx: U): U =>
    new Proxy(tx, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (property === 'query' && typeof value === 'function') {
          return async (...args: unknown[]) => {
            await nextTurn();
            return (value as Run).apply(object, args);
          };
        }
        return typeof value === 'function' ? (value as Run).bind(object) : value;
      },
    });
  return new Proxy(client, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'query' && typeof value === 'function') {
        return (...args: unknown[]) => inTurn(() => (value as Run).apply(object, args));
      }
      if (property === 'transaction' && typeof value === 'function') {
        return (work: (tx: object) => Promise<unknown>) => inTurn(() => (value as Run).call(object, (tx: object) => work(yielding(tx))));
      }
      return typeof value === 'function' ? (value as Run).bind(object) : value;
    },
  });
}

/**
 * PGlite's page cache by default: PostgreSQL's 128 MB of shared_buffers is most of an idle
 * process's memory and more than the demo's whole database (docs/performance.md, issue 26).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * A new database whose write-ahead log is 1 MB segments, removed rather than recycled once a
 * checkpoint passes them: a checkpointed copy then holds 2 MB of log instead of a 16 MB segment.
 * The tests' template is made so, and every test file loads it (docs/performance.md, issue 26).
 */
export const PGLITE_SMALL_WAL = {
  initDbStartParams: ['--wal-segsize=1'],
  startParams: ['-c', 'min_wal_size=2MB', '-c', 'wal_recycle=off'],
};

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; sharedBuffers?: string; smallWal?: boolean } = {},
): Promise<EmbeddedDatabase> {
  if (options.dataDir) await mkdir(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
      ...(options.smallWal ? PGLITE_SMALL_WAL.startParams : []),
    ],
    ...(options.smallWal ? { initDbStartParams: PGLITE_SMALL_WAL.initDbStartParams } : {}),
  });
  const turns = takingTurns(client);
  const db = drizzlePglite(turns) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    connection: { kind: 'pglite', client: turns },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    exclusively: (work) => work(),
    close: () => client.close(),
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
  };
}

/** The advisory lock key of start-up's migrations and seeds (any fixed number; "newsreel" in ASCII). */
const START_UP_LOCK = 0x6e657773_7265656cn.toString();

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client the server closes (a restart, a dropped test database) is reported here and
  // replaced on the next query; without a listener it would crash the process. Errors of
  // queries in flight still reach their callers.
  pool.on('error', (error) => console.warn(`database: an idle connection closed (${error.message})`));
  let connections = 0;
  pool.on('connect', () => (connections += 1));
  pool.on('remove', () => (connections -= 1));
  const db = drizzleNodePg(pool);
  return {
    db,
    kind: 'postgres',
    connection: { kind: 'postgres', url },
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    exclusively: async (work) => {
      const holder = new pg.Client({ connectionString: url });
      // A connection lost while holding the lock is not a crash: the work's own queries report trouble.
      holder.on('error', (error) => console.warn(`database: the start-up lock's connection closed (${error.message})`));
      await holder.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [START_UP_LOCK]);
        return await work();
      } finally {
        // Ending the session lets go of its lock too, even when the unlock itself failed.
        await holder.end();
      }
    },
    // pool.end() resolves before the connections have said goodbye; wait for them, so that
    // a database dropped right after close() does not kill connections still ending.
    close: async () => {
      await pool.end();
      while (connections > 0) await once(pool, 'remove');
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted under DATA_DIR/db. */
export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteSharedBuffers?: string;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite({ dataDir: path.join(config.dataDir, 'db'), sharedBuffers: config.pgliteSharedBuffers });
}
