import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { TooManyRequests } from '../../http/errors.ts';
import { rateLimitCounters } from './schema.ts';

/** A fixed window: at most `limit` events per `windowSeconds` for one key. */
export type RateLimit = { name: string; limit: number; windowSeconds: number };

function windowOf(rule: RateLimit, now: Date) {
  const ms = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / ms) * ms);
  return { start, retryAfter: Math.ceil((start.getTime() + ms - now.getTime()) / 1000) };
}

async function increment(db: Db, rule: RateLimit, subject: string, start: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: `${rule.name}:${subject}`, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return row?.count ?? 0;
}

/** Counts one event; throws TooManyRequests (429 with Retry-After) once the limit is passed. */
export async function consume(db: Db, rule: RateLimit, subject: string, now: Date): Promise<void> {
  const { start, retryAfter } = windowOf(rule, now);
  if ((await increment(db, rule, subject, start)) > rule.limit) throw new TooManyRequests(retryAfter);
}

/** Throws when the key is already past its limit in this window, without counting. */
export async function assertUnder(db: Db, rule: RateLimit, subject: string, now: Date): Promise<void> {
  const { start, retryAfter } = windowOf(rule, now);
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, `${rule.name}:${subject}`), eq(rateLimitCounters.windowStart, start)));
  if ((row?.count ?? 0) >= rule.limit) throw new TooManyRequests(retryAfter);
}

/** Counts one event without refusing it (the refusal comes from assertUnder on the next try). */
export async function record(db: Db, rule: RateLimit, subject: string, now: Date): Promise<void> {
  await increment(db, rule, subject, windowOf(rule, now).start);
}

/** Old windows are useless; removed now and then so the table stays small. */
export async function pruneCounters(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 2 * 24 * 3600 * 1000)));
}
