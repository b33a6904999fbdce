import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../accounts/schema.ts';
import { mediaWork } from './schema.ts';

/**
 * How much ffmpeg work one user may have going at once (renders of their requested files, their logo
 * being redrawn): a user asking for thirty files gets them two at a time, and the workers' time is
 * shared with everybody else (docs/decisions.md, "Media bombs").
 */
export const MEDIA_WORK_PER_USER = 2;

export type MediaWorkKind = (typeof mediaWork.$inferSelect)['kind'];

/** A place in the user's media work, held until `finish` (or its lease runs out). */
export type MediaWork = {
  /** Keeps the place while long work goes on (a render): its lease starts again from now. */
  renew(): Promise<void>;
  finish(): Promise<void>;
};

/**
 * Takes one of the user's places for media work, or answers null when they have MEDIA_WORK_PER_USER
 * going already. Decided in one transaction under the user's row lock (the lock the download call
 * takes too), so requests at once, in any number of processes, never take more; places whose
 * lease ran out (their process died) are freed first. Leases run on the database's clock: they
 * measure whether a process is alive, the same for every process whatever its own clock says.
 */
export async function startMediaWork(
  db: Db,
  input: { userId: number; kind: MediaWorkKind; leaseSeconds: number },
): Promise<MediaWork | null> {
  const leaseEnd = sql`now() + make_interval(secs => ${input.leaseSeconds})`;
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    await tx.delete(mediaWork).where(and(eq(mediaWork.userId, input.userId), lte(mediaWork.expiresAt, sql`now()`)));
    const [going] = await tx.select({ n: count() }).from(mediaWork).where(eq(mediaWork.userId, input.userId));
    if ((going?.n ?? 0) >= MEDIA_WORK_PER_USER) return null;
    const [row] = await tx
      .insert(mediaWork)
      .values({ userId: input.userId, kind: input.kind, startedAt: sql`now()`, expiresAt: leaseEnd })
      .returning({ id: mediaWork.id });
    return row?.id ?? null;
  });
  if (id === null) return null;
  return {
    renew: async () => {
      await db.update(mediaWork).set({ expiresAt: leaseEnd }).where(eq(mediaWork.id, id));
    },
    finish: async () => {
      await db.delete(mediaWork).where(eq(mediaWork.id, id));
    },
  };
}
