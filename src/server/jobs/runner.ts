import type { PgBoss } from 'pg-boss';
import type { Clock } from '../context.ts';
import type { Database } from '../db/client.ts';
import { createBoss } from './boss.ts';
import type { JobDefinition, JobDeps } from './definition.ts';
import { JOB_QUEUES } from './queues.ts';

/** The logger shape (pino's) the runner needs, so a worker process needs no Fastify. */
export type JobLog = {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type JobRunner = {
  /** Queues a job; a worker of this or another process runs it. Null when the queue's policy refused it. */
  send(queue: string, data?: object): Promise<string | null>;
  /** Stops taking jobs, lets running ones finish (a few seconds at most), and lets go of the database. */
  stop(): Promise<void>;
};

export type JobRunnerOptions = {
  database: Pick<Database, 'db' | 'connection'>;
  clock: Clock;
  /** The services jobs use beyond the database and the clock. */
  services: Omit<JobDeps, 'db' | 'clock'>;
  log: JobLog;
  /** This process in pg-boss's instance registry: `api` (npm start) or `worker` (npm run worker). */
  name: 'api' | 'worker';
  /** Seconds between a worker's looks for new jobs (pg-boss allows 0.5 and up; default 2). */
  pollingIntervalSeconds?: number;
};

const DAY = 24 * 3600;
/** Bounded so that stopping never outlasts main.ts's forced exit (10 s). */
const STOP_TIMEOUT_MS = 8_000;

/**
 * Every queue's settings, applied at each start so a changed setting reaches queues created by an
 * earlier version. A failed run is retried twice, 30 s then about a minute later; a job not taken
 * within a day is dropped (a periodic job's next run does its work); finished jobs are kept two days.
 */
function queueSettings(definition: JobDefinition) {
  return {
    expireInSeconds: definition.expireInSeconds,
    retryLimit: 2,
    retryDelay: 30,
    retryBackoff: true,
    retentionSeconds: DAY,
    deleteAfterSeconds: 2 * DAY,
  };
}

async function serve(boss: PgBoss, definition: JobDefinition, options: JobRunnerOptions) {
  const { log } = options;
  const deps: JobDeps = { db: options.database.db, clock: options.clock, ...options.services };
  // Stately: at most one run waiting and one running, so runs never pile up behind a slow one.
  await boss.createQueue(definition.queue, { policy: 'stately', ...queueSettings(definition) });
  await boss.updateQueue(definition.queue, queueSettings(definition));
  if (definition.schedule) await boss.schedule(definition.queue, definition.schedule, null, { tz: 'UTC' });
  await boss.work<object | null>(definition.queue, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async (jobs) => {
    const results: Record<string, number>[] = [];
    for (const job of jobs) {
      const started = Date.now();
      try {
        const result = await definition.run(deps, job.data ?? {});
        const changed = Object.values(result).some((count) => count > 0);
        log[changed ? 'info' : 'debug']({ queue: definition.queue, job: job.id, ms: Date.now() - started, ...result }, 'job done');
        results.push(result);
      } catch (error) {
        // pg-boss records the failure and retries; the log says why.
        log.error({ queue: definition.queue, job: job.id, err: error }, 'job failed');
        throw error;
      }
    }
    return results.length === 1 ? results[0] : results;
  });
}

/**
 * Starts pg-boss on the app's database, creates the queues, schedules the periodic jobs (pg-boss
 * sends each occurrence once, however many processes schedule it) and works every queue here.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { log } = options;
  const boss = createBoss(options.database.connection, { name: options.name });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning: warning.data }, `job queue: ${warning.message}`));
  await boss.start();
  try {
    for (const definition of JOB_QUEUES) await serve(boss, definition, options);
  } catch (error) {
    await boss.stop({ graceful: false });
    throw error;
  }
  return {
    send: (queue, data) => boss.send(queue, data ?? null),
    stop: () => boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS }),
  };
}
