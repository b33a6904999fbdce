import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { renderMail } from '../mail/templates.ts';
import { consume, type RateLimit } from '../security/rate-limit.ts';
import { accountErrors } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { userTokens, users } from './schema.ts';
import { deleteUserSessions, type UserRow } from './sessions.ts';
import { findToken, isUsable, issueToken, useToken } from './tokens.ts';
import { findUserByEmail } from './sign-in.ts';

const MINUTE = 60 * 1000;
export const RESET_REQUESTS_PER_ADDRESS: RateLimit = { name: 'password_instructions', limit: 10, windowSeconds: 3600 };
const RESET_REQUESTS_PER_ACCOUNT: RateLimit = { name: 'password_instructions_user', limit: 5, windowSeconds: 3600 };

/**
 * Sends reset instructions (spec: accounts §7 password_instructions). The answer is the same
 * whether or not the address has an account, so it cannot be used to find out who has one.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string, client: { ip: string }, links: { base: string }) {
  const now = ctx.clock.now();
  await consume(ctx.db, RESET_REQUESTS_PER_ADDRESS, client.ip, now);
  const user = await findUserByEmail(ctx, email);
  if (!user?.confirmedAt || user.deactivatedAt) return;
  try {
    await consume(ctx.db, RESET_REQUESTS_PER_ACCOUNT, String(user.id), now);
  } catch {
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, { userId: user.id, kind: 'reset_password', now, ttlMs: ACCOUNT_LIMITS.resetTokenMinutes * MINUTE });
    const link = `${links.base}/${user.profileLocale}/new-password?reset_password_token=${token}`;
    await ctx.mailer.enqueue(tx, renderMail('password_reset', user.profileLocale, user.email, { link }));
  });
  ctx.mailer.kick();
}

async function setPassword(ctx: ServiceContext, tx: ServiceContext['db'], user: UserRow, password: string, now: Date) {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), failedSignInCount: 0, lockedUntil: null, updatedAt: now })
    .where(eq(users.id, user.id));
}

/** A new password from a reset link: valid an hour, once; every session of the user ends. */
export async function resetPassword(ctx: ServiceContext, input: { reset_password_token: string; password: string }) {
  const now = ctx.clock.now();
  const token = await findToken(ctx.db, 'reset_password', input.reset_password_token);
  if (!isUsable(token, now)) throw accountErrors.tokenInvalid();
  await ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, token, now))) throw accountErrors.tokenInvalid();
    const [user] = await tx.select().from(users).where(eq(users.id, token.userId));
    if (!user) throw accountErrors.tokenInvalid();
    await setPassword(ctx, tx, user, input.password, now);
    await deleteUserSessions(tx, user.id);
  });
}

/** Unlocks an account from the e-mailed link. */
export async function unlockAccount(ctx: ServiceContext, raw: string) {
  const now = ctx.clock.now();
  const token = await findToken(ctx.db, 'unlock', raw);
  if (!isUsable(token, now)) throw accountErrors.tokenInvalid();
  await ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, token, now))) throw accountErrors.tokenInvalid();
    await tx.update(users).set({ lockedUntil: null, failedSignInCount: 0 }).where(eq(users.id, token.userId));
  });
}

/** A password change from the profile needs the current password; other sessions end. */
export async function changePassword(
  ctx: ServiceContext,
  user: UserRow,
  input: { current_password: string; password: string },
  keepSessionIdHash: string,
) {
  const now = ctx.clock.now();
  if (!(await verifyPassword(user.passwordHash, input.current_password))) throw accountErrors.currentPasswordInvalid();
  await ctx.db.transaction(async (tx) => {
    await setPassword(ctx, tx, user, input.password, now);
    await deleteUserSessions(tx, user.id, keepSessionIdHash);
    // Outstanding reset links are void once the password is changed.
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'reset_password'), isNull(userTokens.usedAt)));
  });
}
