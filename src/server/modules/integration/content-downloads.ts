import { and, eq } from 'drizzle-orm';
import type { ContentApiDownload } from '../../../common/content-api.ts';
import type { DownloadBody } from '../../../common/downloads.ts';
import type { SiteVariant } from '../../../common/site.ts';
import { NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { downloadName, signedFileUrl } from '../downloads/files.ts';
import { renditions, videoRequests } from '../downloads/schema.ts';
import { requestDownload, type DownloadsContext } from '../downloads/service.ts';

const pollHref = (origin: string, id: number) => `${origin}/api/v1/downloads/${id}`;

/**
 * POST /api/v1/content/{id}/downloads: the browser's download call with the key's owner as the
 * user (downloads/service.ts requestDownload), so the same agreements, balances, daily and member
 * limits apply, under the same lock.
 */
export async function licenseFile(
  ctx: DownloadsContext,
  user: UserRow,
  idOrSlug: string,
  body: DownloadBody,
  request: { origin: string; site: SiteVariant },
): Promise<ContentApiDownload> {
  const result = await requestDownload(ctx, user, idOrSlug, body, request.site);
  return {
    id: result.request_id,
    state: result.exist ? 'ready' : 'transcoding',
    progress: result.exist ? 100 : 0,
    url: result.url,
    href: pollHref(request.origin, result.request_id),
  };
}

/** GET /api/v1/downloads/{id}: one of the caller's requested files, with a fresh signed link once ready. */
export async function downloadState(ctx: DownloadsContext, user: UserRow, id: number, origin: string): Promise<ContentApiDownload> {
  const [found] = await ctx.db
    .select({ request: videoRequests, slug: videoProjects.projectSlug, fileKey: renditions.storageKey })
    .from(videoRequests)
    .innerJoin(videoProjects, eq(videoProjects.id, videoRequests.projectId))
    .leftJoin(renditions, eq(renditions.renditionKey, videoRequests.renditionKey))
    .where(and(eq(videoRequests.id, id), eq(videoRequests.userId, user.id)));
  if (!found) throw new NotFound({ code: 'video_request_not_found', message: 'No such requested file' });
  const { request, slug, fileKey } = found;
  const now = ctx.clock.now();
  return {
    id: request.id,
    state: request.state,
    progress: request.progress,
    url:
      request.state === 'ready' && fileKey
        ? signedFileUrl(ctx.files.secret, {
            key: fileKey,
            name: downloadName(slug, request),
            now,
            request: request.id,
            owner: request.userId,
          })
        : null,
    href: pollHref(origin, request.id),
  };
}
