import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseConnection } from '../db/client.ts';

/**
 * How often pg-boss looks after its queues. A job whose worker died (SIGKILL, a crash) stays
 * active until its queue's `expireInSeconds` has passed AND a supervision pass with a monitor
 * pass due has seen it (../shared/STACK.md): pg-boss's defaults, 60 s each, would add up to a
 * minute to every redo. 30 s each costs a few indexed queries a queue per pass.
 */
const BOSS_TIMINGS = { superviseIntervalSeconds: 30, monitorIntervalSeconds: 30 };

/**
 * pg-boss on the app's own database, in its `pgboss` schema (created and migrated by `start()`).
 * Embedded: the PGlite instance itself, the same single connection as the app's queries, taking
 * turns with them. A server: pg-boss's own small pool, named so it shows in pg_stat_activity.
 */
export function createBoss(connection: DatabaseConnection, options: { name: string }): PgBoss {
  const common = { ...BOSS_TIMINGS, instanceName: options.name };
  if (connection.kind === 'pglite')
    // PGlite runs no autovacuum: pg-boss's check that vacuum keeps up would only ever warn.
    return new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite', monitorVacuum: false });
  return new PgBoss({ ...common, connectionString: connection.url, max: 4, application_name: `newsreel-jobs-${options.name}` });
}
