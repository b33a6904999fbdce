import { and, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { batchedPerDatabase } from '../../db/batches.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { ACCOUNT_LIMITS } from '../../../common/accounts.ts';
import { randomToken, sha256 } from '../security/crypto.ts';
import { sessions, users } from './schema.ts';

const DAY = 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;
/** What a session's read answers: the session's columns the rules check, and its user. */
export type SessionWithUser = { session: { idHash: string; expiresAt: Date; lastSeenAt: Date }; user: UserRow };
/** A statement that reads the session of an id's hash (none: there is no such session). */
export type SessionRead = (idHash: string) => Promise<SessionWithUser | undefined>;
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

/** Idle for 14 days, older than 30 days, or of a deactivated user: the session is over. */
function isOver(session: { expiresAt: Date; lastSeenAt: Date }, user: { deactivatedAt: Date | null }, now: Date): boolean {
  const idleLimit = session.lastSeenAt.getTime() + ACCOUNT_LIMITS.sessionIdleDays * DAY;
  return now.getTime() >= session.expiresAt.getTime() || now.getTime() >= idleLimit || user.deactivatedAt !== null;
}

/**
 * The same rule in SQL, for a statement that reads the session with other things and acts on them
 * only while it lasts (the download call's claim): the session is not over at `now`.
 */
export const sessionLasts = (now: SQL) =>
  sql<boolean>`(${users.deactivatedAt} is null and ${now} < ${sessions.expiresAt}
    and ${now} < ${sessions.lastSeenAt} + ${ACCOUNT_LIMITS.sessionIdleDays * 24} * interval '1 hour')`;

/** The columns of a session's read (SessionWithUser), for a statement that reads it with other things. */
export const sessionWithUserFields = {
  session: { idHash: sessions.idHash, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt },
  // Its columns, not the table: in a subquery (the download call's) each is named by the subquery.
  user: getTableColumns(users),
};

/**
 * Every signed-in request's first read: the session with its user. Reads that come while one is
 * running go out together as the next one (db/batches.ts), each answered by its session's hash.
 */
const sessionWithUser = batchedPerDatabase(
  async (db, idHashes: readonly string[]) => {
    const rows = await sessionsWithUsers(db).execute({ idHashes: JSON.stringify(idHashes) });
    return idHashes.map((idHash) => rows.find((row) => row.session.idHash === idHash));
  },
  { inFlight: 1, most: 50 },
);

const sessionsWithUsers = preparedPerDatabase((db) =>
  db
    .select(sessionWithUserFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.idHash} = any(array(select jsonb_array_elements_text(${sql.placeholder('idHashes')}::jsonb)))`)
    .prepare('sessions_with_users'),
);

/**
 * Finds the session of a cookie; one that is over is expired (and deleted). `read` reads it: the
 * session read every signed-in request makes, or a route's own statement that reads it with what
 * the route needs (one round trip for both).
 */
export async function findSession(
  db: Db,
  token: string,
  now: Date,
  read: SessionRead = (idHash) => sessionWithUser(db)(idHash),
): Promise<SessionLookup> {
  const idHash = sha256(token);
  const row = await read(idHash);
  if (!row) return { state: 'none' };
  if (isOver(row.session, row.user, now)) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { state: 'expired' };
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return { state: 'active', user: row.user, idHash };
}

/**
 * Of these sessions (id hashes), the ones not over, by the same rule as findSession; read only. The
 * real-time connections of the others are closed (realtime/cable.ts asks every few seconds).
 */
export async function liveSessionIds(db: Db, idHashes: string[], now: Date): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < idHashes.length; start += 500) {
    const rows = await db
      .select({
        idHash: sessions.idHash,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        deactivatedAt: users.deactivatedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.idHash, idHashes.slice(start, start + 500)));
    for (const row of rows) if (!isOver(row, row, now)) live.add(row.idHash);
  }
  return live;
}

/** Sign-out: the session is deleted and its real-time connections are closed (a cookie naming none says nothing). */
export async function endSession(ctx: Pick<ServiceContext, 'db' | 'sessionsEnded'>, token: string): Promise<void> {
  const idHash = sha256(token);
  const deleted = await ctx.db.delete(sessions).where(eq(sessions.idHash, idHash)).returning({ idHash: sessions.idHash });
  if (deleted.length > 0) ctx.sessionsEnded({ idHash });
}

/** Ends every session of the user but the one given (after a password change) or all of them. */
export async function deleteUserSessions(db: Db, userId: number, keepIdHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)) : eq(sessions.userId, userId));
}

export type Client = { ip: string; userAgent: string | undefined };

/** A fresh session id at every sign-in; the one the browser held before is ended. */
export async function startSession(
  ctx: Pick<ServiceContext, 'db' | 'sessionsEnded'>,
  user: UserRow,
  previousSessionToken: string | undefined,
  client: Client,
  now: Date,
) {
  if (previousSessionToken) await endSession(ctx, previousSessionToken);
  await ctx.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
  return createSession(ctx.db, { userId: user.id, now, ip: client.ip, userAgent: client.userAgent });
}
