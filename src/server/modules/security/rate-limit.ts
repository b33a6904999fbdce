import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { TooManyRequests } from '../../http/errors.ts';
import { rateLimitCounters } from './schema.ts';

/** A fixed window: at most `limit` events per `windowSeconds` for one key. */
export type RateLimit = { name: string; limit: number; windowSeconds: number };

function windowOf(rule: RateLimit, now: Date) {
  const ms = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / ms) * ms);
  return { start, retryAfter: Math.ceil((start.getTime() + ms - now.getTime()) / 1000) };
}

/** Counts one event in its window and answers the window's count, in one statement (every limited call runs it). */
const counted = preparedPerDatabase((db) =>
  db
    .insert(rateLimitCounters)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('start'), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count })
    .prepare('rate_limit_count'),
);

async function increment(db: Db, rule: RateLimit, subject: string, start: Date): Promise<number> {
  const [row] = await counted(db).execute({ key: `${rule.name}:${subject}`, start });
  return row?.count ?? 0;
}

/** A counted event, to give back when it turns out not to count (a sign-in that succeeded). */
export type Reservation = { key: string; windowStart: Date };

/**
 * Counts one event and decides on the counted value in the same statement, so concurrent callers
 * can never all see room that only one of them has; throws TooManyRequests (429 with Retry-After)
 * once the limit is passed. Count before doing the work the limit protects.
 */
export async function consume(db: Db, rule: RateLimit, subject: string, now: Date): Promise<Reservation> {
  const { start, retryAfter } = windowOf(rule, now);
  if ((await increment(db, rule, subject, start)) > rule.limit) throw new TooManyRequests(retryAfter);
  return { key: `${rule.name}:${subject}`, windowStart: start };
}

/** Counts one event and answers how many the window now holds (each concurrent caller its own number). */
export async function countEvent(db: Db, rule: RateLimit, subject: string, now: Date): Promise<number> {
  return increment(db, rule, subject, windowOf(rule, now).start);
}

/** Gives a counted event back (never below zero). */
export async function refund(db: Db, reservation: Reservation): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, reservation.key), eq(rateLimitCounters.windowStart, reservation.windowStart)));
}

/** Old windows are useless; removed now and then so the table stays small. */
export async function pruneCounters(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 2 * 24 * 3600 * 1000)));
}
