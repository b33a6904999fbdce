import { and, count, eq, gt, isNotNull, isNull, min, sql } from 'drizzle-orm';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { deadLetterQueue } from '../../jobs/sender.ts';
import { JOB_QUEUES } from '../../jobs/queues.ts';
import { liveSessions } from '../live/schema.ts';
import { SESSION_STALE_MS } from '../live/sessions.ts';
import { transactions } from '../payments/schema.ts';
import { Gauge, type Registry } from './prom.ts';

/** The job states counted: waiting (`created`), waiting for a retry, being worked, failed for good and kept. */
const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;

type Log = { warn(details: object, message: string): void };

/**
 * The deployment's figures, the same whichever process is asked: read from the database at each
 * scrape rather than counted in one process (docs/decisions.md). A dashboard takes their max over
 * the processes, not their sum. A figure the database did not give is NaN (or has no series), and
 * the log says why.
 */
export function databaseMetrics(registry: Registry, deps: { db: Db; clock: Clock; log: Log }) {
  const { db, clock, log } = deps;
  const queues = JOB_QUEUES.flatMap((definition) =>
    definition.failed ? [definition.queue, deadLetterQueue(definition)] : [definition.queue],
  );

  new Gauge({
    name: 'newsreel_jobs',
    help: 'Jobs in each queue by state: created (waiting), retry (waiting to be tried again), active, failed (kept by pg-boss)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await readOrLog(log, 'job queues', () => jobCounts(db));
      this.reset();
      if (!counts) return;
      for (const queue of new Set([...queues, ...counts.keys()]))
        for (const state of JOB_STATES) this.set({ queue, state }, counts.get(queue)?.get(state) ?? 0);
    },
  });

  new Gauge({
    name: 'newsreel_live_sessions_publishing',
    help: 'Live pictures being received now, whichever process packages them (sessions published, not ended, heard from lately)',
    registers: [registry],
    async collect() {
      const since = new Date(clock.now().getTime() - SESSION_STALE_MS);
      const rows = await readOrLog(log, 'live sessions', () =>
        db
          .select({ sessions: count() })
          .from(liveSessions)
          .where(and(isNotNull(liveSessions.publishedAt), isNull(liveSessions.endedAt), gt(liveSessions.seenAt, since))),
      );
      this.set(rows ? (rows[0]?.sessions ?? 0) : NaN);
    },
  });

  // Each figure asks its own question: prom-client collects the metrics of a scrape at once.
  const pending = () =>
    db
      .select({ pending: count(), oldest: min(transactions.createdAt) })
      .from(transactions)
      .where(eq(transactions.status, 'pending'));
  new Gauge({
    name: 'newsreel_payments_pending',
    help: 'Payments waiting for their provider (transactions in state pending)',
    registers: [registry],
    async collect() {
      const rows = await readOrLog(log, 'pending payments', pending);
      this.set(rows ? (rows[0]?.pending ?? 0) : NaN);
    },
  });
  new Gauge({
    name: 'newsreel_payments_pending_oldest_seconds',
    help: 'Age of the oldest pending payment (0 when none): past PAYMENT_GRACE_SECONDS, reconciliation is not keeping up',
    registers: [registry],
    async collect() {
      const rows = await readOrLog(log, 'pending payments', pending);
      const oldest = rows?.[0]?.oldest;
      this.set(!rows ? NaN : oldest ? Math.max(0, (clock.now().getTime() - new Date(oldest).getTime()) / 1000) : 0);
    },
  });
}

/** A reading, or undefined when the database did not give it (said in the log): the scrape goes on without it. */
async function readOrLog<T>(log: Log, what: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    log.warn({ err: error }, `metrics: ${what} not read`);
    return undefined;
  }
}

/** Jobs by queue and state, from pg-boss's table (its partial index on live states); none before pg-boss made its schema. */
async function jobCounts(db: Db): Promise<Map<string, Map<string, number>>> {
  const counts = new Map<string, Map<string, number>>();
  const exists = await db.execute(sql`select to_regclass('pgboss.job') is not null as "exists"`);
  if (!rowsOf<{ exists: boolean }>(exists)[0]?.exists) return counts;
  const result = await db.execute(
    sql`select name, state::text as state, count(*)::int as jobs from pgboss.job
        where state in ('created', 'retry', 'active', 'failed') group by name, state`,
  );
  for (const { name, state, jobs } of rowsOf<{ name: string; state: string; jobs: number }>(result)) {
    const byState = counts.get(name) ?? new Map<string, number>();
    byState.set(state, Number(jobs));
    counts.set(name, byState);
  }
  return counts;
}
