import type { Db } from './db/client.ts';
import type { JobSender } from './jobs/sender.ts';
import type { Background } from './lib/background.ts';
import type { CacheBus } from './lib/cache-bus.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { Broadcast, EndedSessions } from './modules/realtime/broadcaster.ts';
import type { OutboundPolicy } from './modules/security/outbound.ts';

/** Time, passed in so tests can move it (token expiry, lockouts, idle sessions). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** What a service function receives (STYLE: dependencies are passed, not found). */
export type ServiceContext = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Secret for encrypting stored third-party credentials (FTP passwords). */
  secret: string;
  /** Work done after the answer, so its timing tells nothing (lib/background.ts). */
  background: Background;
  /** Sends a message to a channel's subscribers in every process (realtime/broadcaster.ts). */
  broadcast: Broadcast;
  /** Queues jobs for the workers (push news, renders); absent where no job is sent. */
  jobs?: JobSender;
  /** Where the server may connect on a user's behalf (restream targets, FTP/SFTP, push endpoints): security/outbound.ts. */
  outbound: OutboundPolicy;
  /** Says that sessions ended, so their real-time connections close in every process. */
  sessionsEnded: (ended: EndedSessions) => void;
  /** Says, once committed, that content changed, so every process drops what it caches of it (lib/cache-bus.ts). */
  caches: Pick<CacheBus, 'invalidate'>;
};
