import type { ServiceContext } from '../context.ts';
import type { DownloadFiles } from '../modules/downloads/files.ts';
import type { CardProvider } from '../modules/payments/card-provider.ts';
import type { WalletProvider } from '../modules/payments/wallet-provider.ts';
import type { PushSender } from '../modules/push/sender.ts';
import type { OutboundPolicy } from '../modules/security/outbound.ts';
import type { JobSender } from './sender.ts';

/**
 * What a job receives (STYLE: dependencies are passed, not found): the database and the clock, the
 * mailer, real-time broadcasts, the card provider (renewals), where e-mailed links point, the
 * files of downloads (masters, renditions, ffmpeg) and what reconciling payments needs.
 */
export type JobDeps = Pick<ServiceContext, 'db' | 'clock' | 'mailer' | 'broadcast'> & {
  /**
   * Drops every process's cached content when a job changed it (scheduled publishing); absent in
   * tests of jobs that change none.
   */
  caches?: ServiceContext['caches'];
  cards: CardProvider;
  publicOrigin: string;
  files: DownloadFiles;
  /** Where deliveries may connect (the customer's FTP/SFTP server): security/outbound.ts. */
  outbound: OutboundPolicy;
  /** Sends web pushes (push news). */
  push: PushSender;
  /** Queues a further job (a ready file's upload to the customer's server). */
  jobs: JobSender;
  /**
   * The payments' reconciliation (payments/reconciliation.ts): the wallet, where this process can
   * see its orders (else null), and the grace period; without it, card payments only, 120 s.
   */
  payments?: { wallet: WalletProvider | null; graceSeconds: number };
};

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
  /**
   * For long runs: the worker says it is alive this often (half of it, in fact); a run silent
   * longer is taken for lost at the next supervision pass, however long it may take in all.
   */
  heartbeatSeconds?: number;
  /**
   * Seconds between a worker's looks for this queue's new jobs, where the runner's default (2 s) is
   * too slow: news that must reach a newsroom's systems within two seconds (issue 30). 0.5 at least.
   */
  pollingIntervalSeconds?: number;
  /**
   * Seconds before a failed run is retried, the same each time; without it 30 s, then about a
   * minute (backing off). A lost render is redone soon: its user is waiting.
   */
  retryDelaySeconds?: number;
  /**
   * The job's own key under the queue's stately policy: at most one run of a key waits and one
   * runs (a periodic job has none: one for the whole queue).
   */
  key?: (data: object) => string | undefined;
  /** Runs the job; the answer (counts of what changed) is logged and kept with the job. */
  run(deps: JobDeps, data: object, signal: AbortSignal): Promise<Record<string, number>>;
  /**
   * After the last try failed, however it failed (an error, or a worker lost mid-run): tells whoever
   * waited and undoes what the run was for. Run from the queue's dead-letter queue, so it runs once.
   */
  failed?: (deps: JobDeps, data: object) => Promise<void>;
};
