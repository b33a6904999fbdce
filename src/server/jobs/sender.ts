import type { PgBoss } from 'pg-boss';
import type { DatabaseConnection } from '../db/client.ts';
import { createBoss } from './boss.ts';
import type { JobDefinition } from './definition.ts';
import { JOB_QUEUES } from './queues.ts';

export type SendOptions = { startAfterSeconds?: number };

export type JobSender = {
  /**
   * Queues a job; a worker of this or another process runs it. Null when the queue's policy
   * refused it: a run of the same key (or queue) is waiting already, and will do this one's work.
   * `startAfterSeconds` holds it back that long (a render whose user has all their renders going).
   */
  send(queue: string, data?: object, options?: SendOptions): Promise<string | null>;
};

const DAY = 24 * 3600;
/** A failed run is retried twice, 30 s then about a minute later. */
export const RETRY_LIMIT = 2;

/**
 * Every queue's settings, applied at each start so a changed setting reaches queues created by an
 * earlier version. A job not taken within a day is dropped (a periodic job's next run does its
 * work); finished jobs are kept two days.
 */
function queueSettings(definition: JobDefinition, retryDelaySeconds?: number) {
  return {
    expireInSeconds: definition.expireInSeconds,
    ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
    ...(definition.failed ? { deadLetter: deadLetterQueue(definition) } : {}),
    retryLimit: RETRY_LIMIT,
    retryDelay: retryDelaySeconds ?? definition.retryDelaySeconds ?? 30,
    retryBackoff: retryDelaySeconds === undefined && definition.retryDelaySeconds === undefined,
    retentionSeconds: DAY,
    deleteAfterSeconds: 2 * DAY,
  };
}

/** Where a job whose last try failed goes, to be told (JobDefinition.failed). */
export const deadLetterQueue = (definition: JobDefinition) => `${definition.queue}.failed`;

/**
 * Creates the queue (and its dead-letter queue) if missing and, for a worker (`update`), brings its
 * settings up to date: the workers own the settings, a sender only makes sure the queue exists.
 * Stately: at most one run waiting and one running (per key, for keyed jobs), so runs never pile
 * up behind a slow one.
 */
export async function prepareQueue(boss: PgBoss, definition: JobDefinition, options: { update: boolean; retryDelaySeconds?: number }) {
  const settings = queueSettings(definition, options.retryDelaySeconds);
  if (definition.failed)
    await boss.createQueue(deadLetterQueue(definition), { policy: 'standard', retentionSeconds: DAY, deleteAfterSeconds: 2 * DAY });
  await boss.createQueue(definition.queue, { policy: 'stately', ...settings });
  if (options.update) await boss.updateQueue(definition.queue, settings);
}

export async function sendJob(
  boss: PgBoss,
  queue: string,
  data: object | undefined,
  queues: readonly JobDefinition[] = JOB_QUEUES,
  options: SendOptions = {},
): Promise<string | null> {
  const definition = queues.find((candidate) => candidate.queue === queue);
  if (!definition) throw new Error(`no such job queue: ${queue}`);
  const singletonKey = data ? definition.key?.(data) : undefined;
  return boss.send(queue, data ?? null, {
    ...(singletonKey ? { singletonKey } : {}),
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
  });
}

/**
 * How the API queues jobs, whether or not this process works them (WORKERS=off leaves that to
 * `npm run worker`): its own pg-boss, started at the first send with neither supervision nor
 * schedules, which creates the queues it sends to so that no worker need have started first.
 */
export function jobSender(connection: DatabaseConnection): JobSender & { stop(): Promise<void> } {
  let started: Promise<PgBoss> | undefined;
  const boss = () =>
    (started ??= (async () => {
      const instance = createBoss(connection, { name: 'api-sender', supervise: false });
      instance.on('error', () => undefined);
      await instance.start();
      for (const definition of JOB_QUEUES) await prepareQueue(instance, definition, { update: false });
      return instance;
    })());
  return {
    send: async (queue, data, options) => sendJob(await boss(), queue, data, JOB_QUEUES, options),
    async stop() {
      if (started) await (await started).stop({ graceful: false });
    },
  };
}
