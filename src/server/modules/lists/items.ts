import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALREADY_IN_LIST_MESSAGE,
  ITEMS_PER_LIST,
  LIST_ITEMS_PAGE_SIZE,
  type listItemsQuerySchema,
  type listItemsChangeBodySchema,
  type listItemsResponseSchema,
  type ListItemType,
  type VideoList,
} from '../../../common/lists.ts';
import type { Locale } from '../../../common/locales.ts';
import { Conflict, Invalid } from '../../http/errors.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { listItems, lists } from './schema.ts';
import { ownList, visibleList, type ListsContext } from './service.ts';
import { listVideos, listView, listViews } from './views.ts';

type Change = z.output<typeof listItemsChangeBodySchema>;
const itemIds = (change: Change) => ('ids' in change ? [...new Set(change.ids)] : [change.item_id]);

/** The ids among `ids` that name an existing item of the type (videos, for video_project). */
async function existingItems(ctx: ListsContext, type: ListItemType, ids: number[]): Promise<Set<number>> {
  if (type !== 'video_project') return new Set();
  const rows = await ctx.db.select({ id: videoProjects.id }).from(videoProjects).where(inArray(videoProjects.id, ids));
  return new Set(rows.map((row) => row.id));
}

/**
 * Adds one item, or several of a list (POST /api/content/list_items). Under the list's row lock the
 * items are counted, so adds at once never pass the cap; one item already in the list is refused
 * with spec §5's message, while several skip those they find there. The unique index backs both.
 */
export async function addItems(ctx: ListsContext, userId: number, change: Change) {
  const ids = itemIds(change);
  const found = await existingItems(ctx, change.item_type, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new Invalid({ code: 'item_not_found', message: 'No such video', field: 'ids' in change ? 'ids' : 'item_id' });
  const now = ctx.clock.now();
  const { row, added } = await ctx.db.transaction(async (tx) => {
    const own = await ownList(tx, change.list_id, userId);
    const present = await tx
      .select({ itemId: listItems.itemId })
      .from(listItems)
      .where(and(eq(listItems.listId, own.id), eq(listItems.itemType, change.item_type), inArray(listItems.itemId, ids)));
    if (!('ids' in change) && present.length)
      throw new Conflict({ code: 'already_in_list', message: ALREADY_IN_LIST_MESSAGE, field: 'item_id' });
    const presentIds = new Set(present.map((item) => item.itemId));
    const fresh = ids.filter((id) => !presentIds.has(id));
    const [held] = await tx.select({ n: count() }).from(listItems).where(eq(listItems.listId, own.id));
    if ((held?.n ?? 0) + fresh.length > ITEMS_PER_LIST)
      throw new Conflict({
        code: 'list_items_limit',
        message: `A list holds up to ${ITEMS_PER_LIST} videos`,
        meta: { limit: String(ITEMS_PER_LIST) },
      });
    const inserted = fresh.length
      ? await tx
          .insert(listItems)
          .values(fresh.map((itemId) => ({ listId: own.id, itemType: change.item_type, itemId, createdAt: now })))
          .onConflictDoNothing()
          .returning({ id: listItems.id })
      : [];
    if (inserted.length) await tx.update(lists).set({ updatedAt: now }).where(eq(lists.id, own.id));
    return { row: { ...own, updatedAt: inserted.length ? now : own.updatedAt }, added: inserted.length };
  });
  return { changed: added, list: await listView(ctx.db, row, userId) };
}

/** Removes one item or several of a list (DELETE /api/content/list_items); items not in it are no error. */
export async function removeItems(ctx: ListsContext, userId: number, change: Change) {
  const ids = itemIds(change);
  const now = ctx.clock.now();
  const { row, removed } = await ctx.db.transaction(async (tx) => {
    const own = await ownList(tx, change.list_id, userId);
    const gone = await tx
      .delete(listItems)
      .where(and(eq(listItems.listId, own.id), eq(listItems.itemType, change.item_type), inArray(listItems.itemId, ids)))
      .returning({ id: listItems.id });
    if (gone.length) await tx.update(lists).set({ updatedAt: now }).where(eq(lists.id, own.id));
    return { row: { ...own, updatedAt: gone.length ? now : own.updatedAt }, removed: gone.length };
  });
  return { changed: removed, list: await listView(ctx.db, row, userId) };
}

/** GET /api/content/list_items: a list's items, a page at a time, to whoever may see the list. */
export async function pagedItems(
  ctx: ListsContext,
  query: z.output<typeof listItemsQuerySchema>,
  callerId: number | null,
  locale: Locale,
): Promise<z.output<typeof listItemsResponseSchema>> {
  const row = await visibleList(ctx.db, query.list_id, callerId);
  const perPage = query.per_page || LIST_ITEMS_PAGE_SIZE;
  const [videos, view] = await Promise.all([
    listVideos(ctx.db, row.id, locale, { limit: perPage, offset: (query.page - 1) * perPage }),
    listView(ctx.db, row, callerId),
  ]);
  return {
    list_items: videos.map((video) => ({ item_type: 'video_project' as const, item_id: video.id, list_id: row.publicId, video })),
    count: view.items_count,
    page: query.page,
    per_page: perPage,
  };
}

/** GET /api/content/video_lists: the caller's lists, each saying whether it holds the item asked about. */
export async function videoLists(
  ctx: ListsContext,
  userId: number,
  item: { item_type: ListItemType; item_id?: number | undefined },
): Promise<VideoList[]> {
  const rows = await ctx.db.select().from(lists).where(eq(lists.userId, userId)).orderBy(desc(lists.id));
  const views = await listViews(ctx.db, rows, userId);
  const holding = item.item_id
    ? await ctx.db
        .select({ listId: listItems.listId })
        .from(listItems)
        .innerJoin(lists, eq(lists.id, listItems.listId))
        .where(and(eq(lists.userId, userId), eq(listItems.itemType, item.item_type), eq(listItems.itemId, item.item_id)))
    : [];
  const holds = new Set(holding.map((entry) => entry.listId));
  return rows.map((row, index) => ({
    id: row.publicId,
    name: row.title,
    is_public: row.isPublic,
    items_count: views[index]?.items_count ?? 0,
    has_item: holds.has(row.id),
  }));
}
