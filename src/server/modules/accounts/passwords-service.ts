import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { renderMail } from '../mail/templates.ts';
import { consume, countEvent, refund, type RateLimit } from '../security/rate-limit.ts';
import { accountErrors } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { userTokens, users } from './schema.ts';
import { deleteUserSessions, type UserRow } from './sessions.ts';
import { findToken, isUsable, issueToken, useToken } from './tokens.ts';
import { findUserByEmail, SIGN_IN_FAILURES_PER_ADDRESS } from './sign-in.ts';

const MINUTE = 60 * 1000;
export const RESET_REQUESTS_PER_ADDRESS: RateLimit = { name: 'password_instructions', limit: 10, windowSeconds: 3600 };
const RESET_REQUESTS_PER_ACCOUNT: RateLimit = { name: 'password_instructions_user', limit: 5, windowSeconds: 3600 };

/**
 * Sends reset instructions (spec: accounts §7 password_instructions). The answer is the same, and
 * takes the same time, whether or not the address has an account: only the address's budget is
 * counted before answering; looking the account up and writing the mail happen after.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string, client: { ip: string }, links: { base: string }) {
  const now = ctx.clock.now();
  await consume(ctx.db, RESET_REQUESTS_PER_ADDRESS, client.ip, now);
  ctx.background.run('password reset instructions', () => sendResetInstructions(ctx, email, links, now));
}

async function sendResetInstructions(ctx: ServiceContext, email: string, links: { base: string }, now: Date) {
  const user = await findUserByEmail(ctx, email);
  if (!user?.confirmedAt || user.deactivatedAt) return;
  const sent = await countEvent(ctx.db, RESET_REQUESTS_PER_ACCOUNT, String(user.id), now);
  if (sent > RESET_REQUESTS_PER_ACCOUNT.limit) return;
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
  ctx.sessionsEnded({ userId: token.userId });
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

/** Wrong current passwords one user may give in an hour before 429, like sign-in's budget. */
export const PASSWORD_CHANGE_FAILURES_PER_USER: RateLimit = {
  name: 'password_change_failures',
  limit: ACCOUNT_LIMITS.failedSignInsBeforeLock,
  windowSeconds: 3600,
};

/**
 * A password change from the profile needs the current password, and guessing it is limited like
 * sign-in: each check takes a slot of the user's and the address's failure budgets first (a right
 * password gives them back), so concurrent guesses cannot exceed them. Other sessions end.
 */
export async function changePassword(
  ctx: ServiceContext,
  user: UserRow,
  input: { current_password: string; password: string },
  session: { keepIdHash: string; ip: string },
) {
  const now = ctx.clock.now();
  const addressSlot = await consume(ctx.db, SIGN_IN_FAILURES_PER_ADDRESS, session.ip, now);
  const userSlot = await consume(ctx.db, PASSWORD_CHANGE_FAILURES_PER_USER, String(user.id), now).catch(async (error: unknown) => {
    await refund(ctx.db, addressSlot);
    throw error;
  });
  if (!(await verifyPassword(user.passwordHash, input.current_password))) throw accountErrors.currentPasswordInvalid();
  await refund(ctx.db, addressSlot);
  await refund(ctx.db, userSlot);
  await ctx.db.transaction(async (tx) => {
    await setPassword(ctx, tx, user, input.password, now);
    await deleteUserSessions(tx, user.id, session.keepIdHash);
    // Outstanding reset links are void once the password is changed.
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'reset_password'), isNull(userTokens.usedAt)));
  });
  ctx.sessionsEnded({ userId: user.id, exceptIdHash: session.keepIdHash });
}
