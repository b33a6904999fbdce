import { and, desc, eq, isNull } from 'drizzle-orm';
import type { RequestStage, VideoRequest } from '../../../common/downloads.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { downloadName, signedFileUrl } from './files.ts';
import { returnCharges } from './quotas.ts';
import { renditions, videoRequests } from './schema.ts';

export type RequestsContext = { db: Db; clock: Clock; secret: string };

const MAX_LISTED = 100;
const notFound = () => new NotFound({ code: 'video_request_not_found', message: 'No such requested file' });

function stageOf(row: { state: string; progress: number; fetchedAt: Date | null }): RequestStage {
  if (row.state === 'transcoding') return row.progress >= 100 ? 'downloading' : 'transcoding';
  if (row.state === 'ready') return row.fetchedAt ? 'ready' : 'download_now';
  return row.state === 'failed' ? 'failed' : 'cancelled';
}

/** The user's requested files not cleared (of one video, when given), newest first, each ready one with a fresh link. */
export async function listRequests(ctx: RequestsContext, userId: number, projectId?: number): Promise<VideoRequest[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      request: videoRequests,
      slug: videoProjects.projectSlug,
      title: videoProjects.title,
      state: videoProjects.editorialState,
      fileKey: renditions.storageKey,
    })
    .from(videoRequests)
    .innerJoin(videoProjects, eq(videoProjects.id, videoRequests.projectId))
    .leftJoin(renditions, eq(renditions.renditionKey, videoRequests.renditionKey))
    .where(
      and(
        eq(videoRequests.userId, userId),
        isNull(videoRequests.clearedAt),
        projectId === undefined ? undefined : eq(videoRequests.projectId, projectId),
      ),
    )
    .orderBy(desc(videoRequests.id))
    .limit(MAX_LISTED);
  return rows.map(({ request, slug, title, state, fileKey }) => {
    const withdrawn = state === 'withheld' || state === 'killed';
    return {
      id: request.id,
      project_id: request.projectId,
      project_slug: slug,
      title,
      quality: request.quality,
      file_type: request.container,
      video_format: request.format,
      brand_position: request.brandPosition,
      stage: stageOf(request),
      progress: request.progress,
      url:
        request.state === 'ready' && fileKey && !withdrawn
          ? signedFileUrl(ctx.secret, { key: fileKey, name: downloadName(slug, request), now, request: request.id, owner: request.userId })
          : null,
      withdrawn,
      error: request.error,
      delivery: request.delivery,
      delivery_error: request.deliveryError,
      created_at: request.createdAt.toISOString(),
    };
  });
}

/**
 * DELETE …/my_content/video_requests/{id}: a waiting request is cancelled and its charge given back
 * (the render goes on for anyone else waiting for the same file); a finished one is cleared from
 * the list. Someone else's request, or one cleared already, is not found.
 */
export async function removeRequest(ctx: RequestsContext, userId: number, id: number): Promise<void> {
  const now = ctx.clock.now();
  const own = and(eq(videoRequests.id, id), eq(videoRequests.userId, userId), isNull(videoRequests.clearedAt));
  const done = await ctx.db.transaction(async (tx) => {
    const cancelled = await tx
      .update(videoRequests)
      .set({ state: 'cancelled', clearedAt: now, updatedAt: now })
      .where(and(own, eq(videoRequests.state, 'transcoding')))
      .returning();
    if (cancelled.length > 0) {
      await returnCharges(tx, cancelled, now);
      return true;
    }
    const cleared = await tx.update(videoRequests).set({ clearedAt: now, updatedAt: now }).where(own).returning({ id: videoRequests.id });
    return cleared.length > 0;
  });
  if (!done) throw notFound();
}

/** A requested file's link was followed from its start: my content shows it as fetched. */
export async function markFetched(ctx: Pick<RequestsContext, 'db' | 'clock'>, requestId: number): Promise<void> {
  await ctx.db
    .update(videoRequests)
    .set({ fetchedAt: ctx.clock.now() })
    .where(and(eq(videoRequests.id, requestId), isNull(videoRequests.fetchedAt)));
}
