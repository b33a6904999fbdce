import { and, count, countDistinct, desc, eq, inArray, max, notInArray } from 'drizzle-orm';
import type { MyContentEntities, MyContentOperation } from '../../../common/downloads.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { agreements } from '../agreements/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { cardColumns, summaries } from '../catalogue/views.ts';
import { videoRequests } from './schema.ts';

/** Downloads that delivered (or will deliver) a file: failed and cancelled ones were given back. */
const downloadedBy = (userId: number) => and(eq(videoRequests.userId, userId), notInArray(videoRequests.state, ['failed', 'cancelled']));

/** GET /api/current_user/my_content/entities: the videos the user downloaded, last downloaded first. */
export async function downloadedItems(
  db: Db,
  userId: number,
  locale: Locale,
  page: { page: number; per_page: number },
): Promise<MyContentEntities> {
  const lastAt = max(videoRequests.createdAt);
  const [groups, [total]] = await Promise.all([
    db
      .select({ projectId: videoRequests.projectId, downloads: count(), lastAt })
      .from(videoRequests)
      .where(downloadedBy(userId))
      .groupBy(videoRequests.projectId)
      .orderBy(desc(lastAt), desc(videoRequests.projectId))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db
      .select({ n: countDistinct(videoRequests.projectId) })
      .from(videoRequests)
      .where(downloadedBy(userId)),
  ]);
  const ids = groups.map((group) => group.projectId);
  const rows = ids.length ? await db.select(cardColumns).from(videoProjects).where(inArray(videoProjects.id, ids)) : [];
  const videos = new Map((await summaries(db, rows, locale)).map((video) => [video.id, video]));
  const states = new Map(
    ids.length
      ? (
          await db
            .select({ id: videoProjects.id, state: videoProjects.editorialState })
            .from(videoProjects)
            .where(inArray(videoProjects.id, ids))
        ).map((row) => [row.id, row.state])
      : [],
  );
  return {
    entities: groups.flatMap((group) => {
      const video = videos.get(group.projectId);
      return video
        ? [
            {
              video,
              downloads_count: group.downloads,
              last_downloaded_at: (group.lastAt ?? new Date(0)).toISOString(),
              content_state: states.get(group.projectId) ?? 'published',
            },
          ]
        : [];
    }),
    count: total?.n ?? 0,
    page: page.page,
    per_page: page.per_page,
  };
}

/** GET …/entities/{id}/operations: each download of that video by the user, newest first. */
export async function downloadsOf(db: Db, userId: number, projectId: number): Promise<MyContentOperation[]> {
  const rows = await db
    .select({ request: videoRequests, agreementType: agreements.agreementType })
    .from(videoRequests)
    .leftJoin(agreements, eq(agreements.id, videoRequests.agreementId))
    .where(and(downloadedBy(userId), eq(videoRequests.projectId, projectId)))
    .orderBy(desc(videoRequests.id));
  if (rows.length === 0) throw new NotFound({ code: 'entity_not_found', message: 'You have not downloaded this video' });
  return rows.map(({ request, agreementType }) => ({
    id: request.id,
    created_at: request.createdAt.toISOString(),
    quality: request.quality,
    file_type: request.container,
    video_format: request.format,
    brand_position: request.brandPosition,
    agreement: request.agreementId !== null && agreementType ? { id: request.agreementId, agreement_type: agreementType } : null,
    charged: request.operationId !== null,
    comment: request.comment,
  }));
}

/** PATCH /api/current_user/my_content/operation_comments/{id}: the user's note on one of their downloads (blank removes it). */
export async function commentOn(db: Db, userId: number, id: number, comment: string): Promise<MyContentOperation> {
  const [row] = await db
    .update(videoRequests)
    .set({ comment: comment === '' ? null : comment })
    .where(and(eq(videoRequests.id, id), downloadedBy(userId)))
    .returning({ projectId: videoRequests.projectId });
  if (!row) throw new NotFound({ code: 'operation_not_found', message: 'No such download' });
  const operations = await downloadsOf(db, userId, row.projectId);
  const updated = operations.find((operation) => operation.id === id);
  if (!updated) throw new Error('the commented download disappeared');
  return updated;
}
