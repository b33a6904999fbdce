import { and, eq, gt, isNull } from 'drizzle-orm';
import { ACCOUNT_LIMITS, TWO_FACTOR_TOKEN_LENGTH } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { renderMail } from '../mail/templates.ts';
import { randomDigits, randomToken, sha256 } from '../security/crypto.ts';
import { assertUnder, record, type RateLimit } from '../security/rate-limit.ts';
import { accountErrors } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { userTokens, users } from './schema.ts';
import { createSession, deleteSession, type UserRow } from './sessions.ts';
import { issueToken } from './tokens.ts';

const MINUTE = 60 * 1000;
/** More than 100 failed sign-ins an hour from one address get 429 (issue #3, security). */
export const SIGN_IN_FAILURES_PER_ADDRESS: RateLimit = {
  name: 'sign_in_failures',
  limit: ACCOUNT_LIMITS.failedSignInsPerAddressPerHour,
  windowSeconds: 3600,
};

type Client = { ip: string; userAgent: string | undefined };
export type SignInResult =
  { kind: 'signed_in'; user: UserRow; session: { token: string; maxAgeSeconds: number } } | { kind: 'two_factor'; challenge: string };

export async function findUserByEmail(ctx: ServiceContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

async function failedAttempt(ctx: ServiceContext, user: UserRow | undefined, client: Client, links: { base: string }): Promise<never> {
  const now = ctx.clock.now();
  await record(ctx.db, SIGN_IN_FAILURES_PER_ADDRESS, client.ip, now);
  if (!user) throw accountErrors.invalidCredentials();
  const failures = user.failedSignInCount + 1;
  if (failures < ACCOUNT_LIMITS.failedSignInsBeforeLock) {
    await ctx.db.update(users).set({ failedSignInCount: failures }).where(eq(users.id, user.id));
    throw accountErrors.invalidCredentials();
  }
  // Tenth failure in a row: lock for an hour and send an unlock link (issue #3, security).
  const lockedUntil = new Date(now.getTime() + ACCOUNT_LIMITS.lockMinutes * MINUTE);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ failedSignInCount: 0, lockedUntil }).where(eq(users.id, user.id));
    const token = await issueToken(tx, { userId: user.id, kind: 'unlock', now, ttlMs: ACCOUNT_LIMITS.lockMinutes * MINUTE });
    const link = `${links.base}/${user.profileLocale}/unlock?unlock_token=${token}`;
    await ctx.mailer.enqueue(tx, renderMail('unlock', user.profileLocale, user.email, { link, minutes: ACCOUNT_LIMITS.lockMinutes }));
  });
  ctx.mailer.kick();
  throw accountErrors.locked();
}

/**
 * Sign-in (spec: accounts §4, §8): checks the address's failure budget, the lock, the password,
 * confirmation and deactivation; admins get a two-factor code by e-mail instead of a session.
 */
export async function signIn(
  ctx: ServiceContext,
  input: { email: string; password: string; previousSessionToken: string | undefined },
  client: Client,
  links: { base: string },
): Promise<SignInResult> {
  const now = ctx.clock.now();
  await assertUnder(ctx.db, SIGN_IN_FAILURES_PER_ADDRESS, client.ip, now);
  const user = await findUserByEmail(ctx, input.email);
  if (user?.lockedUntil && user.lockedUntil.getTime() > now.getTime()) throw accountErrors.locked();
  if (user && user.passwordHash === null) throw accountErrors.unconfirmed();
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!ok || !user) return failedAttempt(ctx, user, client, links);
  if (!user.confirmedAt) throw accountErrors.unconfirmed();
  if (user.deactivatedAt) throw accountErrors.deactivated();
  if (user.failedSignInCount > 0 || user.lockedUntil) {
    await ctx.db.update(users).set({ failedSignInCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }

  if (user.isAdmin) {
    const challenge = randomToken();
    const code = randomDigits(TWO_FACTOR_TOKEN_LENGTH);
    await ctx.db.transaction(async (tx) => {
      await issueToken(tx, {
        userId: user.id,
        kind: 'two_factor',
        now,
        ttlMs: ACCOUNT_LIMITS.twoFactorMinutes * MINUTE,
        raw: `${challenge}:${code}`,
        challengeHash: sha256(challenge),
      });
      await ctx.mailer.enqueue(tx, renderMail('admin_two_factor', user.profileLocale, user.email, { code }));
    });
    ctx.mailer.kick();
    return { kind: 'two_factor', challenge };
  }
  return { kind: 'signed_in', user, session: await startSession(ctx, user, input.previousSessionToken, client) };
}

/** A fresh session id at every sign-in; the one the browser held before is ended. */
async function startSession(ctx: ServiceContext, user: UserRow, previousSessionToken: string | undefined, client: Client) {
  const now = ctx.clock.now();
  if (previousSessionToken) await deleteSession(ctx.db, previousSessionToken);
  await ctx.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
  return createSession(ctx.db, { userId: user.id, now, ip: client.ip, userAgent: client.userAgent });
}

/**
 * The admin's second step (spec: accounts §8): a wrong code is 404; the fifth wrong code, and any
 * attempt after it, is 403 with the last attempt's address; a right code is used once.
 */
export async function verifyTwoFactor(
  ctx: ServiceContext,
  input: { challenge: string | undefined; code: string; previousSessionToken: string | undefined },
  client: Client,
): Promise<Extract<SignInResult, { kind: 'signed_in' }>> {
  const now = ctx.clock.now();
  if (!input.challenge) throw accountErrors.noPendingTwoFactor();
  const [pending] = await ctx.db
    .select()
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.kind, 'two_factor'),
        eq(userTokens.challengeHash, sha256(input.challenge)),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    );
  if (!pending) throw accountErrors.noPendingTwoFactor();
  const { user_tokens: token, users: user } = pending;
  if (!user.isAdmin) throw accountErrors.notAdmin();
  if (token.attempts >= ACCOUNT_LIMITS.twoFactorAttempts) throw accountErrors.twoFactorLocked(token.lastAttemptIp ?? client.ip);

  if (sha256(`${input.challenge}:${input.code.trim()}`) !== token.tokenHash) {
    const attempts = token.attempts + 1;
    await ctx.db.update(userTokens).set({ attempts, lastAttemptIp: client.ip }).where(eq(userTokens.id, token.id));
    if (attempts >= ACCOUNT_LIMITS.twoFactorAttempts) throw accountErrors.twoFactorLocked(client.ip);
    throw accountErrors.wrongCode();
  }
  const used = await ctx.db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, token.id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  if (used.length !== 1) throw accountErrors.noPendingTwoFactor();
  return { kind: 'signed_in', user, session: await startSession(ctx, user, input.previousSessionToken, client) };
}
