import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { and, eq, lte } from 'drizzle-orm';
import type { ServiceContext } from '../../../context.ts';
import { tusLocks } from './schema.ts';

type LockerDeps = Pick<ServiceContext, 'db' | 'clock'>;

export type LeaseSettings = {
  /** How long a lock lasts unless its holder renews it: a crashed holder's lock ends this long after. */
  leaseMs: number;
  /** How often a holder renews its lease and looks whether another request asked for the lock. */
  renewEveryMs: number;
  /** How often a waiting request tries again. */
  retryEveryMs: number;
  /** How long a request waits for a lock before tus answers it with an error. */
  acquireTimeoutMs: number;
};

const DEFAULT_LEASE: LeaseSettings = { leaseMs: 30_000, renewEveryMs: 1_000, retryEveryMs: 200, acquireTimeoutMs: 30_000 };

/**
 * The tus server's locks in the database, so that two API processes never write one upload at once
 * (@tus/server's default MemoryLocker knows only its own process). Each lock is a lease row: taking
 * it is one statement (insert, or take over a row whose lease has ended), which PostgreSQL runs
 * atomically however many processes try, and which works on the embedded PGlite's one connection
 * too, where session-level advisory locks would all belong to the one session. As tus asks of a
 * locker, a request that finds the lock held asks its holder to let go: the holder, wherever it
 * runs, sees the request at its next renewal and ends its own request (a half-open connection from a
 * client that has since come back), which releases the lock.
 */
export function databaseLocker(deps: LockerDeps, settings: Partial<LeaseSettings> = {}): Locker {
  const lease = { ...DEFAULT_LEASE, ...settings };
  return { newLock: (uploadId) => new LeaseLock(deps, lease, uploadId) };
}

class LeaseLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: LockerDeps,
    private readonly lease: LeaseSettings,
    private readonly uploadId: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.lease.acquireTimeoutMs;
    for (;;) {
      if (await this.take()) {
        this.keep(requestRelease);
        return;
      }
      await this.askForRelease();
      if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      try {
        await sleep(Math.min(this.lease.retryEveryMs, deadline - Date.now()), undefined, { signal });
      } catch {
        // The request went away while waiting: it no longer wants the lock.
        throw ERRORS.ERR_LOCK_TIMEOUT;
      }
    }
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    // Only our own row: after a lost lease, the row is another holder's.
    await this.deps.db.delete(tusLocks).where(and(eq(tusLocks.uploadId, this.uploadId), eq(tusLocks.holder, this.holder)));
  }

  /** The lock if nobody holds it or its holder's lease has ended. */
  private async take(): Promise<boolean> {
    const now = this.deps.clock.now();
    const row = { holder: this.holder, expiresAt: new Date(now.getTime() + this.lease.leaseMs), releaseRequested: false };
    const taken = await this.deps.db
      .insert(tusLocks)
      .values({ uploadId: this.uploadId, ...row })
      .onConflictDoUpdate({ target: tusLocks.uploadId, set: row, setWhere: lte(tusLocks.expiresAt, now) })
      .returning({ holder: tusLocks.holder });
    return taken.length > 0;
  }

  private async askForRelease(): Promise<void> {
    await this.deps.db.update(tusLocks).set({ releaseRequested: true }).where(eq(tusLocks.uploadId, this.uploadId));
  }

  /**
   * While the request runs: renew the lease, and end the request when another one asks for the lock,
   * when the lease was lost (this process stalled past it) or when the database cannot say (the
   * lock can no longer be promised).
   */
  private keep(requestRelease: RequestRelease) {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearInterval(this.renewal);
      void Promise.resolve(requestRelease()).catch(() => undefined);
    };
    const renew = async () => {
      const expiresAt = new Date(this.deps.clock.now().getTime() + this.lease.leaseMs);
      const [row] = await this.deps.db
        .update(tusLocks)
        .set({ expiresAt })
        .where(and(eq(tusLocks.uploadId, this.uploadId), eq(tusLocks.holder, this.holder)))
        .returning({ releaseRequested: tusLocks.releaseRequested });
      if (!row || row.releaseRequested) release();
    };
    this.renewal = setInterval(() => void renew().catch(release), this.lease.renewEveryMs);
    // An upload in progress must not keep a stopping process alive.
    this.renewal.unref();
  }
}
