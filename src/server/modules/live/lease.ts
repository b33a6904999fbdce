import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leases } from './schema.ts';

/**
 * Takes the lease `name` for `owner`, or renews it, for `ttlMs` from now by the database's clock:
 * when nobody holds it, its holder's time ran out, or `owner` holds it already. One statement, so
 * two processes asking at once never both get it. Answers whether `owner` holds it now.
 */
export async function holdLease(db: Db, input: { name: string; owner: string; ttlMs: number }): Promise<boolean> {
  const expiresAt = sql`now() + ${input.ttlMs} * interval '1 millisecond'`;
  const held = await db
    .insert(leases)
    .values({ name: input.name, owner: input.owner, expiresAt })
    .onConflictDoUpdate({
      target: leases.name,
      set: { owner: input.owner, expiresAt },
      setWhere: sql`${leases.owner} = ${input.owner} or ${leases.expiresAt} < now()`,
    })
    .returning({ owner: leases.owner });
  return held.length > 0;
}

/** Gives the lease back at once, so another process need not wait for it to run out. */
export async function releaseLease(db: Db, input: { name: string; owner: string }): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, input.name), eq(leases.owner, input.owner)));
}

export type LeaseKeeper = {
  /** The first attempt's end: the duty runs by then if the lease was free. */
  first: Promise<void>;
  holds(): boolean;
  stop(): Promise<void>;
};

/**
 * Holds the lease while this process lives: asks for it every `everyMs` (well under `ttlMs`),
 * starts the duty when it gets it and ends the duty when it loses it: another process took it
 * (this one stalled past its time), or it could not be renewed for most of its time (the database
 * is out of reach, so another process may take it). A duty that fails to start gives the lease
 * back and is tried again after `restMs`.
 */
export function keepLease(options: {
  db: Db;
  name: string;
  owner: string;
  ttlMs: number;
  everyMs: number;
  restMs?: number;
  gained(): Promise<void>;
  lost(): Promise<void>;
  log(message: string): void;
}): LeaseKeeper {
  const { db, name, owner } = options;
  let held = false;
  let renewedAt = 0;
  let restingUntil = 0;
  let stopped = false;
  let turn: Promise<void> = Promise.resolve();

  const lose = async (why: string) => {
    held = false;
    options.log(`gave up the ${name} lease: ${why}`);
    await options.lost().catch((error: unknown) => options.log(`the ${name} duty did not stop cleanly: ${String(error)}`));
  };

  const tick = async () => {
    if (stopped || Date.now() < restingUntil) return;
    let holds: boolean;
    try {
      holds = await holdLease(db, { name, owner, ttlMs: options.ttlMs });
    } catch (error) {
      if (held && Date.now() - renewedAt > options.ttlMs * 0.8) await lose(`not renewed (${String(error)})`);
      return;
    }
    if (holds) renewedAt = Date.now();
    if (holds && !held && !stopped) {
      held = true;
      try {
        await options.gained();
        options.log(`holds the ${name} lease`);
      } catch (error) {
        await lose(`the duty did not start (${String(error)})`);
        restingUntil = Date.now() + (options.restMs ?? 60_000);
        await releaseLease(db, { name, owner }).catch(() => undefined);
      }
    } else if (!holds && held) await lose('another process holds it');
  };

  const run = () => (turn = turn.then(tick));
  const first = run();
  const timer = setInterval(() => void run(), options.everyMs);
  timer.unref();
  return {
    first,
    holds: () => held,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await turn;
      if (!held) return;
      await lose('the process is stopping');
      await releaseLease(db, { name, owner }).catch(() => undefined);
    },
  };
}
