import { inArray, sql } from 'drizzle-orm';
import { CARD_REJECTION_BAN_MINUTES, CARD_REJECTION_LIMIT } from '../../../common/payment-values.ts';
import type { ServiceContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { deleteUserSessions } from '../accounts/sessions.ts';
import { cardRejections } from './schema.ts';

/**
 * Card rejections (spec §4 "Card rejections", §9): counted on the server per user and per client
 * address; at 5 the user is signed out and may not pay for 20 minutes. An address is shared by
 * everyone behind one office or newsroom network, so it is banned only at 20 rejections, from
 * whoever they came (card testing across many accounts); docs/decisions.md "Card rejections". The
 * browser only shows these figures. A rejection older than a day no longer counts; a paid purchase
 * clears the user's count.
 */
export const ADDRESS_REJECTION_LIMIT = 20;
const FORGET_AFTER_MS = 24 * 3600 * 1000;
const BAN_MS = CARD_REJECTION_BAN_MINUTES * 60 * 1000;

export type Payer = { userId: number; ip: string };
export type RejectionCount = { count: number; remaining: number; banned_until: string | null };

const subjects = (payer: Payer) => [`user:${payer.userId}`, `ip:${payer.ip}`];
const limits = (payer: Payer) => [
  { subject: `user:${payer.userId}`, limit: CARD_REJECTION_LIMIT },
  { subject: `ip:${payer.ip}`, limit: ADDRESS_REJECTION_LIMIT },
];

/** Refused while banned: 403 with the time the ban ends (the dialog's counter). */
export function paymentsBanned(bannedUntil: Date, now: Date): AppError {
  return new AppError(
    403,
    [
      {
        code: 'card_rejections_banned',
        message: `Too many declined cards. Try again in ${Math.ceil((bannedUntil.getTime() - now.getTime()) / 60_000)} minutes`,
        meta: { banned_until: bannedUntil.toISOString(), limit: String(CARD_REJECTION_LIMIT) },
      },
    ],
    { 'retry-after': String(Math.max(1, Math.ceil((bannedUntil.getTime() - now.getTime()) / 1000))) },
  );
}

export async function assertMayPay(ctx: Pick<ServiceContext, 'db' | 'clock'>, payer: Payer): Promise<void> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(cardRejections)
    .where(inArray(cardRejections.subject, subjects(payer)));
  const until = rows.map((row) => row.bannedUntil).find((date): date is Date => date !== null && date > now);
  if (until) throw paymentsBanned(until, now);
}

/** The payer's standing, for the rejection dialog. */
export async function rejectionCount(ctx: Pick<ServiceContext, 'db' | 'clock'>, payer: Payer): Promise<RejectionCount> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(cardRejections)
    .where(inArray(cardRejections.subject, subjects(payer)));
  const live = rows.filter((row) => now.getTime() - row.lastAt.getTime() < FORGET_AFTER_MS || (row.bannedUntil && row.bannedUntil > now));
  const count = live.find((row) => row.subject === `user:${payer.userId}`)?.count ?? 0;
  const until = live.map((row) => row.bannedUntil).find((date): date is Date => date !== null && date > now);
  return { count, remaining: Math.max(0, CARD_REJECTION_LIMIT - count), banned_until: until?.toISOString() ?? null };
}

/**
 * Counts one rejection for the user and the address, each in one statement that also decides the
 * ban, so concurrent rejections are all counted and the fifth bans. A ban ends the user's sessions.
 */
export async function recordRejection(ctx: Pick<ServiceContext, 'db' | 'clock' | 'sessionsEnded'>, payer: Payer): Promise<RejectionCount> {
  const now = ctx.clock.now();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const banUntil = new Date(now.getTime() + BAN_MS);
  let count = 0;
  let banned: Date | null = null;
  let userBanned = false;
  for (const { subject, limit } of limits(payer)) {
    const t = cardRejections;
    const nowAt = sql`${now.toISOString()}::timestamptz`;
    const expired = sql`${t.bannedUntil} is not null and ${t.bannedUntil} <= ${nowAt}`;
    const stale = sql`${t.bannedUntil} is null and ${t.lastAt} < ${forgetBefore.toISOString()}::timestamptz`;
    const [row] = await ctx.db
      .insert(t)
      .values({ subject, count: 1, lastAt: now, bannedUntil: null })
      .onConflictDoUpdate({
        target: t.subject,
        set: {
          count: sql`case when ${expired} or ${stale} then 1 else ${t.count} + 1 end`,
          lastAt: now,
          bannedUntil: sql`case
            when ${t.bannedUntil} is not null and ${t.bannedUntil} > ${nowAt} then ${t.bannedUntil}
            when ${expired} or ${stale} then null
            when ${t.count} + 1 >= ${limit} then ${banUntil.toISOString()}::timestamptz
            else null end`,
        },
      })
      .returning({ count: t.count, bannedUntil: t.bannedUntil });
    if (!row) continue;
    const isUser = subject.startsWith('user:');
    if (isUser) count = row.count;
    if (row.bannedUntil && row.bannedUntil > now) {
      banned = row.bannedUntil;
      userBanned ||= isUser;
    }
  }
  if (userBanned) {
    await deleteUserSessions(ctx.db, payer.userId);
    ctx.sessionsEnded({ userId: payer.userId });
  }
  return {
    count,
    remaining: Math.max(0, CARD_REJECTION_LIMIT - count),
    banned_until: banned && banned > now ? banned.toISOString() : null,
  };
}

/** A paid purchase starts the user's count again (the address keeps its own). */
export async function clearUserRejections(ctx: Pick<ServiceContext, 'db'>, userId: number): Promise<void> {
  await ctx.db.delete(cardRejections).where(sql`${cardRejections.subject} = ${`user:${userId}`} and ${cardRejections.bannedUntil} is null`);
}
