import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { VideoProjectSummary } from '../../../common/catalogue.ts';
import type { List } from '../../../common/lists.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { cardColumns, previewImageUrl, summaries } from '../catalogue/views.ts';
import { listItems, type lists } from './schema.ts';

export type ListRow = typeof lists.$inferSelect;

/** Items whose video still exists: a removed video leaves its item unseen and uncounted. */
const shownItems = (listIds: number[]) =>
  and(
    inArray(listItems.listId, listIds),
    eq(listItems.itemType, 'video_project'),
    sql`exists (select 1 from ${videoProjects} where ${videoProjects.id} = ${listItems.itemId})`,
  );

/** Lists as the user's lists show them: counted, with the latest item's poster. */
export async function listViews(db: Db, rows: ListRow[], callerId: number | null): Promise<List[]> {
  const ids = rows.map((row) => row.id);
  const [counts, latest] = ids.length
    ? await Promise.all([
        db.select({ listId: listItems.listId, n: count() }).from(listItems).where(shownItems(ids)).groupBy(listItems.listId),
        db
          .selectDistinctOn([listItems.listId], {
            listId: listItems.listId,
            id: videoProjects.id,
            previewImage: videoProjects.previewImage,
          })
          .from(listItems)
          .innerJoin(videoProjects, eq(videoProjects.id, listItems.itemId))
          .where(and(inArray(listItems.listId, ids), eq(listItems.itemType, 'video_project')))
          .orderBy(listItems.listId, desc(listItems.id)),
      ])
    : [[], []];
  const countOf = new Map(counts.map((row) => [row.listId, row.n]));
  const posterOf = new Map(latest.map((row) => [row.listId, previewImageUrl(row)]));
  return rows.map((row) => ({
    id: row.publicId,
    title: row.title,
    is_public: row.isPublic,
    items_count: countOf.get(row.id) ?? 0,
    preview_image: posterOf.get(row.id) ?? null,
    mine: row.userId === callerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listView(db: Db, row: ListRow, callerId: number | null): Promise<List> {
  const [view] = await listViews(db, [row], callerId);
  if (!view) throw new Error('a list without its view');
  return view;
}

/** A list's videos, most recently added first, as the catalogue's cards show them. */
export async function listVideos(
  db: Db,
  listId: number,
  locale: Locale,
  page: { limit: number; offset: number } | null = null,
): Promise<VideoProjectSummary[]> {
  const query = db
    .select(cardColumns)
    .from(listItems)
    .innerJoin(videoProjects, eq(videoProjects.id, listItems.itemId))
    .where(and(eq(listItems.listId, listId), eq(listItems.itemType, 'video_project')))
    .orderBy(desc(listItems.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return summaries(db, rows, locale);
}
