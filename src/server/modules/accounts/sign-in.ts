import { eq } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { sha256 } from '../security/crypto.ts';
import { consume, countEvent, refund, type RateLimit } from '../security/rate-limit.ts';
import { accountErrors } from './errors.ts';
import { clearSignInAttempts, countSignInAttempt, lockAccount } from './lockout.ts';
import { verifyPassword } from './passwords.ts';
import { users } from './schema.ts';
import { startSession, type Client, type UserRow } from './sessions.ts';
import { startTwoFactor } from './two-factor.ts';

/** More than 100 failed sign-ins an hour from one address get 429 (spec accounts §8). */
export const SIGN_IN_FAILURES_PER_ADDRESS: RateLimit = {
  name: 'sign_in_failures',
  limit: ACCOUNT_LIMITS.failedSignInsPerAddressPerHour,
  windowSeconds: 3600,
};
/**
 * While an account is locked, a further few attempts are still checked so that its owner, with the
 * right password, learns of the lock (user_locked); past them nothing is checked, so a lock never
 * becomes an oracle for guessing.
 */
const CHECKED_ATTEMPTS = 2 * ACCOUNT_LIMITS.failedSignInsBeforeLock;

export type SignInResult =
  { kind: 'signed_in'; user: UserRow; session: { token: string; maxAgeSeconds: number } } | { kind: 'two_factor'; challenge: string };

export async function findUserByEmail(ctx: ServiceContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

/**
 * Attempts on addresses without an account are counted too: the same write and the same hashing as
 * for a real account, so the time an answer takes does not tell which addresses have one.
 */
const ATTEMPTS_ON_UNKNOWN_ADDRESSES: RateLimit = { name: 'sign_in_unknown', limit: Number.MAX_SAFE_INTEGER, windowSeconds: 3600 };

/** Does the password match, counting the attempt first; a tenth failure locks the account. */
async function checkAttempt(
  ctx: ServiceContext,
  email: string,
  user: UserRow | undefined,
  password: string,
  links: { base: string },
): Promise<'right' | 'wrong' | 'locked' | 'not_migrated'> {
  if (!user) {
    await countEvent(ctx.db, ATTEMPTS_ON_UNKNOWN_ADDRESSES, sha256(email.toLowerCase()), ctx.clock.now());
    await verifyPassword(null, password);
    return 'wrong';
  }
  // An account moved over from the earlier platform without its password: no password can be
  // right, so it is told to choose one (spec §8 "user has not migrated"; docs/decisions.md).
  if (user.confirmedAt && !user.deactivatedAt && user.passwordHash === null) {
    await verifyPassword(null, password); // the same work as any other answer
    return 'not_migrated';
  }
  const { attempt, locked } = await countSignInAttempt(ctx, user.id);
  if (attempt > CHECKED_ATTEMPTS) {
    await verifyPassword(null, password); // the same work as any other answer
    return 'wrong';
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (attempt === ACCOUNT_LIMITS.failedSignInsBeforeLock) await lockAccount(ctx, user, links);
    return 'wrong';
  }
  if (locked || attempt > ACCOUNT_LIMITS.failedSignInsBeforeLock || !(await clearSignInAttempts(ctx, user.id))) return 'locked';
  return 'right';
}

/**
 * Sign-in (spec: accounts §4, §8). Every attempt takes a slot of the address's failure budget
 * before anything is checked (a success gives it back), and one of the account's attempts; only
 * the right password learns whether the account is locked, unconfirmed or deactivated, so none of
 * the answers tells whether an address has an account. Admins get a code by e-mail instead.
 */
export async function signIn(
  ctx: ServiceContext,
  input: { email: string; password: string; previousSessionToken: string | undefined },
  client: Client,
  links: { base: string },
): Promise<SignInResult> {
  const failureSlot = await consume(ctx.db, SIGN_IN_FAILURES_PER_ADDRESS, client.ip, ctx.clock.now());
  const user = await findUserByEmail(ctx, input.email);
  const outcome = await checkAttempt(ctx, input.email, user, input.password, links);
  if (outcome === 'wrong' || !user) throw accountErrors.invalidCredentials();
  if (outcome === 'not_migrated') throw accountErrors.notMigrated();
  await refund(ctx.db, failureSlot);
  if (outcome === 'locked') throw accountErrors.locked();
  if (!user.confirmedAt) throw accountErrors.unconfirmed();
  if (user.deactivatedAt) throw accountErrors.deactivated();
  if (user.isAdmin) return { kind: 'two_factor', challenge: await startTwoFactor(ctx, user) };
  return { kind: 'signed_in', user, session: await startSession(ctx, user, input.previousSessionToken, client, ctx.clock.now()) };
}
