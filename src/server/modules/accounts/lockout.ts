import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { renderMail } from '../mail/templates.ts';
import { users } from './schema.ts';
import type { UserRow } from './sessions.ts';
import { issueToken } from './tokens.ts';

const MINUTE = 60 * 1000;

/**
 * Sign-in attempts on one account are counted before the password is checked, in one statement
 * that also ends a lock whose hour is over, so concurrent attempts each get their own number:
 * the first `failedSignInsBeforeLock` are checked, the tenth failure locks, and nothing past the
 * budget is checked at all (spec accounts §8; the lockout holds under any concurrency).
 */
export async function countSignInAttempt(ctx: ServiceContext, userId: number): Promise<{ attempt: number; locked: boolean }> {
  const now = sql`${ctx.clock.now().toISOString()}::timestamptz`;
  const lockOver = sql`${users.lockedUntil} <= ${now}`;
  const [row] = await ctx.db
    .update(users)
    .set({
      failedSignInCount: sql`CASE WHEN ${lockOver} THEN 1 ELSE ${users.failedSignInCount} + 1 END`,
      lockedUntil: sql`CASE WHEN ${lockOver} THEN NULL ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ attempt: users.failedSignInCount, lockedUntil: users.lockedUntil });
  return { attempt: row?.attempt ?? Number.MAX_SAFE_INTEGER, locked: row?.lockedUntil != null };
}

/**
 * A right password clears the count, unless the account is locked at this moment (the database
 * decides, not a row read before the password check). Answers whether the account was open.
 */
export async function clearSignInAttempts(ctx: ServiceContext, userId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const cleared = await ctx.db
    .update(users)
    .set({ failedSignInCount: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  return cleared.length === 1;
}

/** Locks the account for an hour and e-mails its owner an unlock link. */
export async function lockAccount(ctx: ServiceContext, user: UserRow, links: { base: string }): Promise<void> {
  const now = ctx.clock.now();
  const lockedUntil = new Date(now.getTime() + ACCOUNT_LIMITS.lockMinutes * MINUTE);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ lockedUntil }).where(eq(users.id, user.id));
    const token = await issueToken(tx, { userId: user.id, kind: 'unlock', now, ttlMs: ACCOUNT_LIMITS.lockMinutes * MINUTE });
    const link = `${links.base}/${user.profileLocale}/unlock?unlock_token=${token}`;
    await ctx.mailer.enqueue(tx, renderMail('unlock', user.profileLocale, user.email, { link, minutes: ACCOUNT_LIMITS.lockMinutes }));
  });
  ctx.mailer.kick();
}
