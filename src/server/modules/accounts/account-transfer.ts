import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { ACCOUNT_LIMITS, ACCOUNT_TRANSFER_CODE_ALPHABET, ACCOUNT_TRANSFER_CODE_LENGTH } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { renderMail } from '../mail/templates.ts';
import { randomCode, sha256 } from '../security/crypto.ts';
import { consume, refund, type RateLimit } from '../security/rate-limit.ts';
import { accountErrors } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { userTokens, users } from './schema.ts';
import { startSession, type Client, type UserRow } from './sessions.ts';
import { findUserByEmail, type SignInResult } from './sign-in.ts';
import { issueToken, type TokenRow } from './tokens.ts';
import { startTwoFactor } from './two-factor.ts';

const MINUTE = 60 * 1000;
/** Codes asked for one address (e-mail) in an hour, whether or not it has an account. */
export const TRANSFER_REQUESTS_PER_EMAIL: RateLimit = { name: 'account_transfer_email', limit: 5, windowSeconds: 3600 };
/** Codes asked for from one client address in an hour. */
export const TRANSFER_REQUESTS_PER_CLIENT: RateLimit = { name: 'account_transfer_client', limit: 20, windowSeconds: 3600 };
/** Wrong codes one client address may give in an hour, whatever the account (a right one gives its slot back). */
export const TRANSFER_FAILURES_PER_CLIENT: RateLimit = { name: 'account_transfer_failures', limit: 30, windowSeconds: 3600 };

/**
 * An account moved over from the earlier platform without its password (spec accounts §8 "user has
 * not migrated"): confirmed, active, and no password yet.
 */
export function isNotMigrated(user: UserRow | undefined): user is UserRow {
  return user !== undefined && user.confirmedAt !== null && user.deactivatedAt === null && user.passwordHash === null;
}

/**
 * What is hashed and stored of a code: the code salted with its account and the moment it was
 * issued, so that the same six symbols given to two accounts never collide in the tokens' unique
 * hash index.
 */
function saltedCode(userId: number, issuedAt: Date, code: string): string {
  return `account_transfer:${userId}:${issuedAt.getTime()}:${code}`;
}

/**
 * Mails an account-transfer code (spec accounts §2 "account-transfer password"). The answer is the
 * same, and takes the same time, whatever the address: only the address's and the client's budgets
 * are counted before answering; looking the account up and writing the mail happen after. Only a
 * not-migrated account gets a code; a new code voids the one before.
 */
export async function requestAccountTransfer(ctx: ServiceContext, email: string, client: { ip: string }) {
  const now = ctx.clock.now();
  await consume(ctx.db, TRANSFER_REQUESTS_PER_CLIENT, client.ip, now);
  await consume(ctx.db, TRANSFER_REQUESTS_PER_EMAIL, sha256(email.toLowerCase()), now);
  ctx.background.run('account transfer code', () => sendTransferCode(ctx, email, now));
}

async function sendTransferCode(ctx: ServiceContext, email: string, now: Date) {
  const user = await findUserByEmail(ctx, email);
  if (!isNotMigrated(user)) return;
  const code = randomCode(ACCOUNT_TRANSFER_CODE_ALPHABET, ACCOUNT_TRANSFER_CODE_LENGTH);
  await ctx.db.transaction(async (tx) => {
    await issueToken(tx, {
      userId: user.id,
      kind: 'account_transfer',
      now,
      ttlMs: ACCOUNT_LIMITS.transferCodeMinutes * MINUTE,
      raw: saltedCode(user.id, now, code),
    });
    await ctx.mailer.enqueue(
      tx,
      renderMail('account_transfer', user.profileLocale, user.email, { code, minutes: ACCOUNT_LIMITS.transferCodeMinutes }),
    );
  });
  ctx.mailer.kick();
}

/** The account's newest code that is not used (issuing voids the older ones, so there is one at most). */
async function pendingCode(ctx: ServiceContext, userId: number): Promise<TokenRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, 'account_transfer'), isNull(userTokens.usedAt)))
    .orderBy(desc(userTokens.id))
    .limit(1);
  return row;
}

/** Takes one of the code's guesses in one statement; none left answers false (the code is void). */
async function takeGuess(ctx: ServiceContext, tokenId: number, ip: string): Promise<boolean> {
  const taken = await ctx.db
    .update(userTokens)
    .set({ attempts: sql`${userTokens.attempts} + 1`, lastAttemptIp: ip })
    .where(and(eq(userTokens.id, tokenId), lt(userTokens.attempts, ACCOUNT_LIMITS.transferCodeAttempts), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return taken.length === 1;
}

/**
 * Sets the first password of a not-migrated account with the mailed code, and signs it in as
 * sign-in would (an admin goes on to the e-mailed second factor). Each code has five guesses,
 * counted before comparing, so concurrent guesses cannot exceed them; a right code is used once
 * (the first to mark it used wins, and the password is only set while there is none). Whether a
 * code has expired or is void is only told to its right symbols, so no answer tells which
 * addresses have an account waiting.
 */
export async function completeAccountTransfer(
  ctx: ServiceContext,
  input: { email: string; code: string; password: string; previousSessionToken: string | undefined },
  client: Client,
): Promise<SignInResult> {
  const now = ctx.clock.now();
  const failureSlot = await consume(ctx.db, TRANSFER_FAILURES_PER_CLIENT, client.ip, now);
  const user = await findUserByEmail(ctx, input.email);
  const pending = isNotMigrated(user) ? await pendingCode(ctx, user.id) : undefined;
  if (!user || !pending) {
    await verifyPassword(null, input.password); // the same work as any other answer
    throw accountErrors.transferCodeInvalid();
  }
  const guessed = await takeGuess(ctx, pending.id, client.ip);
  if (sha256(saltedCode(user.id, pending.createdAt, input.code)) !== pending.tokenHash) throw accountErrors.transferCodeInvalid();
  if (!guessed) throw accountErrors.transferCodeVoid();
  if (pending.expiresAt.getTime() <= now.getTime()) throw accountErrors.transferCodeExpired();

  const passwordHash = await hashPassword(input.password);
  const migrated = await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.id, pending.id), isNull(userTokens.usedAt)))
      .returning({ id: userTokens.id });
    if (used.length !== 1) return undefined;
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, failedSignInCount: 0, lockedUntil: null, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.passwordHash)))
      .returning();
    return updated;
  });
  if (!migrated) throw accountErrors.transferCodeInvalid();
  await refund(ctx.db, failureSlot);
  if (migrated.isAdmin) return { kind: 'two_factor', challenge: await startTwoFactor(ctx, migrated) };
  return { kind: 'signed_in', user: migrated, session: await startSession(ctx, migrated, input.previousSessionToken, client, now) };
}
