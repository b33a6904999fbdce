import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ACCOUNT_LIMITS } from '../../../common/accounts.ts';
import { randomToken, sha256 } from '../security/crypto.ts';
import { sessions, users } from './schema.ts';

const DAY = 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;
export type SessionLookup = { state: 'active'; user: UserRow; idHash: string } | { state: 'expired' } | { state: 'none' };

/** A new session: 256 random bits in the cookie, only their hash here; 30 days at most. */
export async function createSession(db: Db, input: { userId: number; now: Date; ip: string; userAgent: string | undefined }) {
  const token = randomToken();
  await db.insert(sessions).values({
    idHash: sha256(token),
    userId: input.userId,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + ACCOUNT_LIMITS.sessionMaxDays * DAY),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { token, maxAgeSeconds: ACCOUNT_LIMITS.sessionMaxDays * 24 * 3600 };
}

/** Finds the session of a cookie; idle for 14 days or older than 30 days is expired (and deleted). */
export async function findSession(db: Db, token: string, now: Date): Promise<SessionLookup> {
  const idHash = sha256(token);
  const [row] = await db.select().from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.idHash, idHash));
  if (!row) return { state: 'none' };
  const idleLimit = row.sessions.lastSeenAt.getTime() + ACCOUNT_LIMITS.sessionIdleDays * DAY;
  if (now.getTime() >= row.sessions.expiresAt.getTime() || now.getTime() >= idleLimit || row.users.deactivatedAt) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { state: 'expired' };
  }
  if (now.getTime() - row.sessions.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return { state: 'active', user: row.users, idHash };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
}

/** Ends every session of the user but the one given (after a password change) or all of them. */
export async function deleteUserSessions(db: Db, userId: number, keepIdHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)) : eq(sessions.userId, userId));
}

export type Client = { ip: string; userAgent: string | undefined };

/** A fresh session id at every sign-in; the one the browser held before is ended. */
export async function startSession(db: Db, user: UserRow, previousSessionToken: string | undefined, client: Client, now: Date) {
  if (previousSessionToken) await deleteSession(db, previousSessionToken);
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
  return createSession(db, { userId: user.id, now, ip: client.ip, userAgent: client.userAgent });
}
