import type { PgBoss } from 'pg-boss';
import type { Clock } from '../context.ts';
import type { Database } from '../db/client.ts';
import { createBoss, type BossTimings } from './boss.ts';
import type { JobDefinition, JobDeps } from './definition.ts';
import { JOB_QUEUES } from './queues.ts';
import { deadLetterQueue, prepareQueue, RETRY_LIMIT, sendJob, type JobSender } from './sender.ts';

/** The logger shape (pino's) the runner needs, so a worker process needs no Fastify. */
export type JobLog = {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type JobRunner = JobSender & {
  /**
   * Stops taking jobs and lets running ones finish within `timeoutMs` (8 s unless told): those still
   * running then are failed and aborted, for pg-boss to retry on another worker. Then lets go of the database.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
};

export type JobRunnerOptions = {
  database: Pick<Database, 'db' | 'connection'>;
  clock: Clock;
  /** The services jobs use beyond the database and the clock. */
  services: Omit<JobDeps, 'db' | 'clock' | 'jobs'>;
  log: JobLog;
  /** This process in pg-boss's instance registry: `api` (npm start) or `worker` (npm run worker). */
  name: 'api' | 'worker';
  /** Seconds between a worker's looks for new jobs (pg-boss allows 0.5 and up; default 2). */
  pollingIntervalSeconds?: number;
  /** Supervision intervals (tests shorten them to see a lost run redone within seconds). */
  timings?: BossTimings;
  /** The queues worked here: all of them unless a test names its own. */
  queues?: readonly JobDefinition[];
  /** Seconds before a failed run's first retry (default 30; tests shorten it). */
  retryDelaySeconds?: number;
};

/** An API process's jobs, stopped once its requests are done (main.ts): renders were ended before. */
const STOP_TIMEOUT_MS = 8_000;

async function serve(boss: PgBoss, definition: JobDefinition, options: JobRunnerOptions) {
  const { log } = options;
  const jobs: JobSender = { send: (queue, data, sendOptions) => sendJob(boss, queue, data, options.queues, sendOptions) };
  const deps: JobDeps = { db: options.database.db, clock: options.clock, jobs, ...options.services };
  await prepareQueue(boss, definition, { update: true, retryDelaySeconds: options.retryDelaySeconds });
  if (definition.schedule) await boss.schedule(definition.queue, definition.schedule, null, { tz: 'UTC' });
  const pollingIntervalSeconds = definition.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 2;
  await boss.work<object | null>(definition.queue, { pollingIntervalSeconds }, async (jobs) => {
    const results: Record<string, number>[] = [];
    for (const job of jobs) {
      const started = Date.now();
      try {
        const result = await definition.run(deps, job.data ?? {}, job.signal);
        const changed = Object.values(result).some((count) => count > 0);
        log[changed ? 'info' : 'debug']({ queue: definition.queue, job: job.id, ms: Date.now() - started, ...result }, 'job done');
        results.push(result);
      } catch (error) {
        // pg-boss records the failure and retries; the log says why. After the last try it moves
        // the job to the dead-letter queue, worked below.
        log.error({ queue: definition.queue, job: job.id, attempt: job.retryCount + 1, of: RETRY_LIMIT + 1, err: error }, 'job failed');
        throw error;
      }
    }
    return results.length === 1 ? results[0] : results;
  });
  const { failed } = definition;
  if (failed)
    await boss.work<object | null>(
      deadLetterQueue(definition),
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        for (const job of jobs) {
          log.warn({ queue: definition.queue, job: job.id }, 'job failed for good');
          await failed(deps, job.data ?? {});
        }
      },
    );
}

/**
 * Starts pg-boss on the app's database, creates the queues, schedules the periodic jobs (pg-boss
 * sends each occurrence once, however many processes schedule it) and works every queue here.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { log } = options;
  const boss = createBoss(options.database.connection, { name: options.name, timings: options.timings });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning: warning.data }, `job queue: ${warning.message}`));
  await boss.start();
  try {
    for (const definition of options.queues ?? JOB_QUEUES) await serve(boss, definition, options);
  } catch (error) {
    await boss.stop({ graceful: false });
    throw error;
  }
  return {
    send: (queue, data, sendOptions) => sendJob(boss, queue, data, options.queues, sendOptions),
    stop: (stopOptions) => boss.stop({ graceful: true, timeout: stopOptions?.timeoutMs ?? STOP_TIMEOUT_MS }),
  };
}
