import { and, count, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  NOTICE_LIMITS,
  type Notice,
  type NoticeKind,
  type NoticeRead,
  type NoticesPage,
  type NoticesQuery,
  type NoticeTextKey,
  type ReadAll,
} from '../../../common/notice-centre.ts';
import { CHANNELS } from '../../../common/realtime-channels.ts';
import type { Clock, ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { Broadcast } from '../realtime/broadcaster.ts';
import { userStream } from '../realtime/channels.ts';
import { userNotices } from './schema.ts';

/** The database, or a transaction of the caller's: a notice is kept with the change it tells of. */
type Handle = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type NoticeRow = typeof userNotices.$inferSelect;

/** A notice to keep; `subject` names what it is about, so that it is kept once per user (schema.ts). */
export type NewNotice = {
  userId: number;
  kind: NoticeKind;
  textKey: NoticeTextKey;
  values?: Record<string, string>;
  link: string | null;
  subject: string;
};

export type NoticeCentreContext = Pick<ServiceContext, 'db' | 'clock' | 'broadcast'>;

const clip = (value: string) => [...value].slice(0, NOTICE_LIMITS.valueMax).join('');

export function noticeView(row: NoticeRow): Notice {
  return {
    id: row.id,
    kind: row.kind,
    text_key: row.textKey,
    values: row.values,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Keeps notices in the caller's transaction and, in the same transaction, prunes each of their
 * users' notices to the newest NOTICE_LIMITS.keptPerUser. A subject already told to a user is not
 * kept again. Answers the notices kept, for announceNotices once the transaction has committed.
 * Two transactions keeping notices for one user at once may each leave one more than the limit;
 * the next notice trims them.
 */
export async function keepNotices(db: Handle, now: Date, notices: readonly NewNotice[]): Promise<NoticeRow[]> {
  if (notices.length === 0) return [];
  const kept = await db
    .insert(userNotices)
    .values(
      notices.map((notice) => ({
        userId: notice.userId,
        kind: notice.kind,
        textKey: notice.textKey,
        values: Object.fromEntries(Object.entries(notice.values ?? {}).map(([name, value]) => [name, clip(value)])),
        link: notice.link,
        subject: notice.subject,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const userIds = [...new Set(kept.map((row) => row.userId))];
  if (userIds.length > 0) {
    const ranked = db
      .select({
        id: userNotices.id,
        rank: sql<number>`row_number() over (partition by ${userNotices.userId} order by ${userNotices.id} desc)`.as('rank'),
      })
      .from(userNotices)
      .where(inArray(userNotices.userId, userIds))
      .as('ranked');
    await db
      .delete(userNotices)
      .where(inArray(userNotices.id, db.select({ id: ranked.id }).from(ranked).where(gt(ranked.rank, NOTICE_LIMITS.keptPerUser))));
  }
  return kept;
}

/** Tells each kept notice to its user's open pages (the notifications channel), after the commit. */
export function announceNotices(broadcast: Broadcast | undefined, rows: readonly NoticeRow[]): void {
  for (const row of rows) broadcast?.(CHANNELS.notifications, userStream(row.userId), { type: 'notice', notice: noticeView(row) });
}

/** Keeps notices in a transaction of their own and tells them; answers how many were kept. */
export async function tellNotices(deps: { db: Db; clock: Clock; broadcast?: Broadcast }, notices: readonly NewNotice[]): Promise<number> {
  if (notices.length === 0) return 0;
  const kept = await deps.db.transaction((tx) => keepNotices(tx, deps.clock.now(), notices));
  announceNotices(deps.broadcast, kept);
  return kept.length;
}

async function unreadOf(db: Handle, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userNotices)
    .where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt)));
  return row?.n ?? 0;
}

/** The user's notices, newest first, a page at a time, with their unread count. */
export async function listNotices(ctx: Pick<NoticeCentreContext, 'db'>, userId: number, query: NoticesQuery): Promise<NoticesPage> {
  const { limit, before } = query;
  const rows = await ctx.db
    .select()
    .from(userNotices)
    .where(and(eq(userNotices.userId, userId), before === undefined ? undefined : lt(userNotices.id, before)))
    .orderBy(desc(userNotices.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    notices: page.map(noticeView),
    unread_count: await unreadOf(ctx.db, userId),
    next_before: rows.length > limit && last ? last.id : null,
  };
}

export async function unreadCount(ctx: Pick<NoticeCentreContext, 'db'>, userId: number): Promise<number> {
  return unreadOf(ctx.db, userId);
}

const noticeNotFound = () => new NotFound({ code: 'notice_not_found', message: 'Notice not found' });

/** Tells the user's other pages the new unread count (a notice read in one tab is read in all). */
function tellRead(ctx: NoticeCentreContext, userId: number, unread: number) {
  ctx.broadcast(CHANNELS.notifications, userStream(userId), { type: 'notices_read', unread_count: unread });
}

/** Marks one of the user's notices read (again: nothing changes); another user's is not found. */
export async function markNoticeRead(ctx: NoticeCentreContext, userId: number, id: number): Promise<NoticeRead> {
  const { row, unread } = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .update(userNotices)
      .set({ readAt: sql`coalesce(${userNotices.readAt}, ${ctx.clock.now().toISOString()}::timestamptz)` })
      .where(and(eq(userNotices.id, id), eq(userNotices.userId, userId)))
      .returning();
    if (!found) throw noticeNotFound();
    return { row: found, unread: await unreadOf(tx, userId) };
  });
  tellRead(ctx, userId, unread);
  return { notice: noticeView(row), unread_count: unread };
}

/** Marks the user's unread notices read, up to `upTo` (the newest the reader saw) when given. */
export async function markAllNoticesRead(ctx: NoticeCentreContext, userId: number, upTo?: number): Promise<ReadAll> {
  const { marked, unread } = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(userNotices)
      .set({ readAt: ctx.clock.now() })
      .where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt), upTo === undefined ? undefined : lte(userNotices.id, upTo)))
      .returning({ id: userNotices.id });
    return { marked: rows.length, unread: await unreadOf(tx, userId) };
  });
  if (marked > 0) tellRead(ctx, userId, unread);
  return { marked, unread_count: unread };
}
