import type { ServiceContext } from '../context.ts';
import type { CardProvider } from '../modules/payments/card-provider.ts';

/**
 * What a job receives (STYLE: dependencies are passed, not found): the database and the clock, the
 * mailer, the card provider (renewals) and where e-mailed links point.
 */
export type JobDeps = Pick<ServiceContext, 'db' | 'clock' | 'mailer'> & { cards: CardProvider; publicOrigin: string };

/**
 * One queue and the job it runs. A job is a plain service function, idempotent: it may run twice
 * (a retry, a worker killed after committing, two workers), and the second run changes nothing more.
 */
export type JobDefinition = {
  /** The pg-boss queue: `domain.what-it-does`. */
  queue: string;
  /** Cron expression (UTC) for a periodic job; without one the job runs when sent. */
  schedule?: string;
  /**
   * Seconds a run may stay active before it is taken for lost (its worker was killed) and run
   * again: longer than a run ever takes, short enough that a lost run is redone soon.
   */
  expireInSeconds: number;
  /** Runs the job; the answer (counts of what changed) is logged and kept with the job. */
  run(deps: JobDeps, data: object): Promise<Record<string, number>>;
};
