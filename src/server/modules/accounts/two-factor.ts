import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ACCOUNT_LIMITS, TWO_FACTOR_TOKEN_LENGTH } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { renderMail } from '../mail/templates.ts';
import { randomDigits, randomToken, sha256 } from '../security/crypto.ts';
import { consume, countEvent, type RateLimit } from '../security/rate-limit.ts';
import { accountErrors } from './errors.ts';
import { lockAccount } from './lockout.ts';
import { userTokens, users } from './schema.ts';
import { startSession, type Client, type UserRow } from './sessions.ts';
import type { SignInResult } from './sign-in.ts';
import { issueToken } from './tokens.ts';

const MINUTE = 60 * 1000;
/** New codes one admin may ask for in an hour (each costs a right password). */
export const TWO_FACTOR_CHALLENGES_PER_ADMIN: RateLimit = { name: 'two_factor_challenges', limit: 10, windowSeconds: 3600 };
/** Challenges that used up their guesses; the third in an hour locks the account and tells its owner. */
export const DEAD_CHALLENGES_PER_ADMIN: RateLimit = { name: 'two_factor_dead_challenges', limit: 3, windowSeconds: 3600 };

/** The admin's first step passed: a new 4-digit code by e-mail, bound to a challenge the browser keeps. */
export async function startTwoFactor(ctx: ServiceContext, user: UserRow): Promise<string> {
  const now = ctx.clock.now();
  await consume(ctx.db, TWO_FACTOR_CHALLENGES_PER_ADMIN, String(user.id), now);
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
  return challenge;
}

/** Takes one of the challenge's guesses, atomically; none left answers null (the challenge is dead). */
async function takeGuess(ctx: ServiceContext, tokenId: number, ip: string): Promise<number | null> {
  const [row] = await ctx.db
    .update(userTokens)
    .set({ attempts: sql`${userTokens.attempts} + 1`, lastAttemptIp: ip })
    .where(and(eq(userTokens.id, tokenId), lt(userTokens.attempts, ACCOUNT_LIMITS.twoFactorAttempts), isNull(userTokens.usedAt)))
    .returning({ attempts: userTokens.attempts });
  return row ? row.attempts : null;
}

/**
 * The admin's second step (spec: accounts §8): a wrong code is 404; each challenge has five
 * guesses, counted before the code is compared, so concurrent guesses cannot exceed them; the fifth
 * wrong code and any attempt after it is 403 with the last attempt's address; a right code is used
 * once. Repeatedly dead challenges lock the account with an e-mail to the admin.
 */
export async function verifyTwoFactor(
  ctx: ServiceContext,
  input: { challenge: string | undefined; code: string; previousSessionToken: string | undefined },
  client: Client,
  links: { base: string },
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
  if (user.lockedUntil && user.lockedUntil > now) throw accountErrors.twoFactorLocked(token.lastAttemptIp ?? client.ip);

  const guess = await takeGuess(ctx, token.id, client.ip);
  if (guess === null) throw accountErrors.twoFactorLocked(await lastAttemptIp(ctx, token.id, client.ip));
  if (sha256(`${input.challenge}:${input.code.trim()}`) !== token.tokenHash) {
    if (guess < ACCOUNT_LIMITS.twoFactorAttempts) throw accountErrors.wrongCode();
    const dead = await countEvent(ctx.db, DEAD_CHALLENGES_PER_ADMIN, String(user.id), now);
    if (dead === DEAD_CHALLENGES_PER_ADMIN.limit) await lockAccount(ctx, user, links);
    throw accountErrors.twoFactorLocked(client.ip);
  }
  const used = await ctx.db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, token.id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  if (used.length !== 1) throw accountErrors.noPendingTwoFactor();
  return { kind: 'signed_in', user, session: await startSession(ctx, user, input.previousSessionToken, client, now) };
}

async function lastAttemptIp(ctx: ServiceContext, tokenId: number, fallback: string): Promise<string> {
  const [row] = await ctx.db.select({ ip: userTokens.lastAttemptIp }).from(userTokens).where(eq(userTokens.id, tokenId));
  return row?.ip ?? fallback;
}
