import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseConnection } from '../db/client.ts';

/**
 * How often pg-boss looks after its queues. A job whose worker died (SIGKILL, a crash) stays
 * active until its queue's `expireInSeconds` (or its heartbeat) has passed AND a supervision pass
 * with a monitor pass due has seen it (../shared/STACK.md): pg-boss's defaults, 60 s each, would add
 * up to a minute to every redo. 15 s each (a lost render is noticed 10–20 s after its worker died,
 * redone within about 45 s) costs a few indexed queries a queue per pass.
 */
export const BOSS_TIMINGS = { superviseIntervalSeconds: 15, monitorIntervalSeconds: 15 };
export type BossTimings = typeof BOSS_TIMINGS;

/**
 * pg-boss on the app's own database, in its `pgboss` schema (created and migrated by `start()`).
 * Embedded: the PGlite instance itself, the same single connection as the app's queries, taking
 * turns with them. A server: pg-boss's own small pool, named so it shows in pg_stat_activity.
 * A sender only (`supervise: false`) neither supervises nor schedules.
 */
export function createBoss(connection: DatabaseConnection, options: { name: string; supervise?: boolean; timings?: BossTimings }): PgBoss {
  const supervise = options.supervise ?? true;
  const common = {
    ...(options.timings ?? BOSS_TIMINGS),
    instanceName: options.name,
    ...(supervise ? {} : { supervise: false, schedule: false }),
  };
  if (connection.kind === 'pglite')
    // PGlite runs no autovacuum: pg-boss's check that vacuum keeps up would only ever warn.
    return new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite', monitorVacuum: false });
  return new PgBoss({
    ...common,
    connectionString: connection.url,
    max: supervise ? 4 : 2,
    application_name: `newsreel-jobs-${options.name}`,
  });
}
