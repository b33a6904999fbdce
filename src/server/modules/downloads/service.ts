import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DownloadBody, PurchaseResult, Rendition } from '../../../common/downloads.ts';
import { downloadBodySchema } from '../../../common/downloads.ts';
import type { ServiceContext } from '../../context.ts';
import { Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { accessAgreements, agreementsServing } from '../agreements/service.ts';
import { videoProjects as p } from '../catalogue/schema.ts';
import { projectWhere } from '../catalogue/search.ts';
import { assertDailyQuota, chargeDownload, entitlement } from './quotas.ts';
import { videoRequests } from './schema.ts';

export type DownloadsContext = Pick<ServiceContext, 'db' | 'clock'>;

const videoNotFound = () => new NotFound({ code: 'video_not_found', message: 'Video not found' });

/** The same parameters are the same file: the cache key of a rendition (the logo's hash joins it once logos exist). */
export function renditionKey(projectId: number, rendition: Rendition): string {
  const branded = rendition.video_format === 'branded' ? rendition.brand_position : '-';
  const parts = [projectId, rendition.quality, rendition.file_type, rendition.video_format, branded];
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 32);
}

/**
 * POST /api/content/video_projects/{project_id}/videos/download (spec: content §3, §4, §8, §9):
 * the restrictions ticked, an active account, an agreement (or free material) that covers the
 * video; then, in one transaction under the user's row lock, the daily limit, the member's limit
 * and the agreement's balance are checked and charged, and the requested file is recorded. 100
 * requests at once against 30 left charge exactly 30.
 */
export async function requestDownload(ctx: DownloadsContext, user: UserRow, idOrSlug: string, body: DownloadBody): Promise<PurchaseResult> {
  const input = downloadBodySchema.parse(body);
  if (!input.restrictions_accepted)
    throw new Invalid({
      code: 'restrictions_required',
      field: 'restrictions_accepted',
      message: 'You must agree to restrictions to download',
    });
  if (user.deactivatedAt) throw new Forbidden({ code: 'deactivated', message: 'Your account has been deactivated' });
  const [project] = await ctx.db
    .select({ id: p.id, freeAccess: p.freeAccess, limitType: p.limitType, embargoUntil: p.embargoUntil })
    .from(p)
    .where(projectWhere(idOrSlug));
  if (!project) throw videoNotFound();
  const now = ctx.clock.now();
  if (project.embargoUntil && project.embargoUntil > now) throw new Forbidden({ code: 'embargoed', message: 'Unable to download' });

  const held = accessAgreements(await agreementsServing(ctx, user), now);
  const decision = entitlement(held, project, input.agreement_id);
  if (!decision.allowed) throw new Error('entitlement answers only what is allowed');
  const agreement = decision.agreementId === null ? null : (held.find((candidate) => candidate.id === decision.agreementId) ?? null);
  const key = renditionKey(project.id, input);

  const request = await ctx.db.transaction(async (tx) => {
    // Every download of this user queues here: the count and the charge decide on what is committed.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    await assertDailyQuota(tx, user.id, now);
    const operationId =
      agreement && decision.kind ? await chargeDownload(tx, { user, agreement, kind: decision.kind, projectId: project.id, now }) : null;
    const [row] = await tx
      .insert(videoRequests)
      .values({
        userId: user.id,
        projectId: project.id,
        agreementId: agreement?.id ?? null,
        operationId,
        quality: input.quality,
        container: input.file_type,
        format: input.video_format,
        brandPosition: input.video_format === 'branded' ? input.brand_position : null,
        state: 'transcoding',
        renditionKey: key,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: videoRequests.id });
    if (!row) throw new Error('the requested file was not recorded');
    return row;
  });
  return { exist: false, url: null, request_id: request.id };
}

/** The user's requests of a video's rendition, for tests and my content. */
export async function requestsOf(ctx: DownloadsContext, userId: number, projectId: number) {
  return ctx.db
    .select()
    .from(videoRequests)
    .where(and(eq(videoRequests.userId, userId), eq(videoRequests.projectId, projectId)));
}
