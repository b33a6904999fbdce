import { randomBytes } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import {
  LIST_PUBLIC_ID_LENGTH,
  LISTS_PER_USER,
  type List,
  type ListChanges,
  type ListDetail,
  type NewListInput,
} from '../../../common/lists.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { listItems, lists } from './schema.ts';
import { listVideos, listView, listViews, type ListRow } from './views.ts';

export type ListsContext = { db: Db; clock: Clock };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 16 characters of base64url: 96 random bits, for share links no one guesses (docs/decisions.md "Lists"). */
export function newPublicId(): string {
  return randomBytes((LIST_PUBLIC_ID_LENGTH * 3) / 4).toString('base64url');
}

const notFound = () => new NotFound({ code: 'list_not_found', message: 'List not found' });

/**
 * A list the caller may see: the owner's any, another's only when public. Someone else's private
 * list is not found, so a share link says nothing about a list that is not shared.
 */
export async function visibleList(db: Db | Tx, publicId: string, callerId: number | null): Promise<ListRow> {
  const [row] = await db.select().from(lists).where(eq(lists.publicId, publicId));
  if (!row || (row.userId !== callerId && !row.isPublic)) throw notFound();
  return row;
}

/** A list the caller may change (only its owner), locked for the rest of the transaction. */
export async function ownList(tx: Tx, publicId: string, userId: number): Promise<ListRow> {
  const [row] = await tx.select().from(lists).where(eq(lists.publicId, publicId)).for('update');
  if (!row || (row.userId !== userId && !row.isPublic)) throw notFound();
  if (row.userId !== userId) throw new Forbidden({ code: 'not_list_owner', message: 'Only the owner changes a list' });
  return row;
}

/** GET /api/content/lists: the caller's lists, the newest first. */
export async function myLists(ctx: ListsContext, userId: number): Promise<List[]> {
  const rows = await ctx.db.select().from(lists).where(eq(lists.userId, userId)).orderBy(desc(lists.id));
  return listViews(ctx.db, rows, userId);
}

/** GET /api/content/lists/{id}: one list with its videos. */
export async function listDetail(ctx: ListsContext, publicId: string, callerId: number | null, locale: Locale): Promise<ListDetail> {
  const row = await visibleList(ctx.db, publicId, callerId);
  const [view, videos] = await Promise.all([listView(ctx.db, row, callerId), listVideos(ctx.db, row.id, locale)]);
  return { ...view, list_connection_ids: videos.map((video) => video.id), content_objects: videos };
}

/**
 * New list and duplicate (POST /api/content/lists). The caller's lists are counted under their user
 * row's lock, so lists made at once never pass the cap. A duplicate is private, with the source's
 * items (the source is the caller's own or a public one).
 */
export async function createList(ctx: ListsContext, userId: number, input: NewListInput): Promise<List> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const source = input.duplicate_of ? await visibleList(tx, input.duplicate_of, userId) : null;
    const [owned] = await tx.select({ n: count() }).from(lists).where(eq(lists.userId, userId));
    if ((owned?.n ?? 0) >= LISTS_PER_USER)
      throw new Conflict({
        code: 'lists_limit',
        message: `You can keep up to ${LISTS_PER_USER} lists`,
        meta: { limit: String(LISTS_PER_USER) },
      });
    const [made] = await tx
      .insert(lists)
      .values({
        publicId: newPublicId(),
        userId,
        title: input.title,
        isPublic: source ? false : (input.is_public ?? false),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!made) throw new Error('no list inserted');
    if (source) {
      const items = await tx
        .select({ itemType: listItems.itemType, itemId: listItems.itemId })
        .from(listItems)
        .where(eq(listItems.listId, source.id))
        .orderBy(listItems.id);
      if (items.length) await tx.insert(listItems).values(items.map((item) => ({ ...item, listId: made.id, createdAt: now })));
    }
    return made;
  });
  return listView(ctx.db, row, userId);
}

/** Rename, make public or private (PATCH /api/content/lists/{id}): the owner only. */
export async function changeList(ctx: ListsContext, userId: number, publicId: string, changes: ListChanges): Promise<List> {
  const row = await ctx.db.transaction(async (tx) => {
    const own = await ownList(tx, publicId, userId);
    const [changed] = await tx
      .update(lists)
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.is_public !== undefined ? { isPublic: changes.is_public } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(lists.id, own.id))
      .returning();
    return changed ?? own;
  });
  return listView(ctx.db, row, userId);
}

/** Remove (DELETE /api/content/lists/{id}): the owner only; its items go with it. */
export async function removeList(ctx: ListsContext, userId: number, publicId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const own = await ownList(tx, publicId, userId);
    await tx.delete(lists).where(eq(lists.id, own.id));
  });
}
