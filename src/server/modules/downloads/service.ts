import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { includesBrandedFiles } from '../../../common/agreement-values.ts';
import type { DownloadBody, PurchaseResult, Rendition } from '../../../common/downloads.ts';
import { downloadBodySchema, offeredOnSite } from '../../../common/downloads.ts';
import type { SiteVariant } from '../../../common/site.ts';
import type { ServiceContext } from '../../context.ts';
import { Forbidden, Invalid, NotFound, Unavailable } from '../../http/errors.ts';
import type { SessionRead, UserRow } from '../accounts/sessions.ts';
import { accessAgreements, agreementsServing } from '../agreements/service.ts';
import { videoProjects as p } from '../catalogue/schema.ts';
import { projectWhere } from '../catalogue/search.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { columnRecord } from '../../db/rows.ts';
import { parseId } from '../../../common/validators.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { downloadName, signedFileUrl, type DownloadFiles } from './files.ts';
import { DELIVER_QUEUE, deliveryTargetOf } from './ftp-delivery.ts';
import { logoKeyOf } from './logos.ts';
import { raiseDownloadsReady } from '../integration/webhook-events.ts';
import { RENDER_QUEUE } from './jobs.ts';
import {
  downloadFactsById,
  downloadFactsByIdForSession,
  downloadFactsBySlug,
  downloadFactsBySlugForSession,
  type VideoCall,
  type VideoFacts,
} from './facts.ts';
import {
  chargeDownload,
  claimDay,
  claimFreeDownload,
  downloadErrors,
  entitlement,
  lockDailyQuota,
  returnCharges,
  type ClaimedRequest,
} from './quotas.ts';
import { renditions, videoRequests } from './schema.ts';

export type DownloadsContext = Pick<ServiceContext, 'db' | 'clock' | 'broadcast'> & { files: DownloadFiles; jobs: JobSender };

const videoNotFound = () => new NotFound({ code: 'video_not_found', message: 'Video not found' });

/** The same parameters are the same file: the cache key of a rendition, with the logo (its key names its hash) when branded. */
export function renditionKey(projectId: number, rendition: Rendition, logoKey: string | null = null): string {
  const branded = rendition.video_format === 'branded' ? `${rendition.brand_position}|${logoKey ?? '-'}` : '-';
  const parts = [projectId, rendition.quality, rendition.file_type, rendition.video_format, branded];
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 32);
}

/** The stored file of a rendition, if made: a rendition, once stored, stays. */
const renditionFile = preparedPerDatabase((db) =>
  db
    .select({ storageKey: renditions.storageKey })
    .from(renditions)
    .where(eq(renditions.renditionKey, sql.placeholder('key')))
    .prepare('download_rendition_file'),
);

/** The requested file a call records, and its rendition's key and stored file (none yet: it is rendered). */
type Claimed = { row: ClaimedRequest; key: string; fileKey: string | null };

/** What a download call has settled when it claims: the caller, the body, the video's id as named, and the time. */
type ClaimInput = { user: UserRow; input: z.output<typeof downloadBodySchema>; id: number | null; now: Date };

/**
 * Who asks for a download: a user known already (a basket's or an integration's call), or the
 * signed-in caller of a request, whose session `signIn` reads (by `read`, a statement that reads it
 * with the video: one round trip for both) or refuses (401).
 */
export type Downloader = UserRow | ((read?: SessionRead) => Promise<UserRow>);

/** The body's own faults, found before anything is read. */
function refusalOf(input: z.output<typeof downloadBodySchema>, site: SiteVariant): Invalid | null {
  if (!offeredOnSite(site, input.quality))
    return new Invalid({
      code: 'landing_download_quality',
      field: 'quality',
      message: 'On this site videos are downloaded in 1080p, as MP4 or MXF',
    });
  if (!input.restrictions_accepted)
    return new Invalid({
      code: 'restrictions_required',
      field: 'restrictions_accepted',
      message: 'You must agree to restrictions to download',
    });
  return null;
}

/**
 * POST /api/content/video_projects/{project_id}/videos/download (spec: content §3, §4, §8, §9):
 * the restrictions ticked, an active account, an agreement (or free material) that covers the
 * video; then, in one transaction under the user's row lock, the daily limit, the member's limit
 * and the agreement's balance are checked and charged, and the requested file is recorded. 100
 * requests at once against 30 left charge exactly 30.
 */
export async function requestDownload(
  ctx: DownloadsContext,
  downloader: Downloader,
  idOrSlug: string,
  body: DownloadBody,
  site: SiteVariant = 'standard',
): Promise<PurchaseResult> {
  const input = downloadBodySchema.parse(body);
  const refusal = refusalOf(input, site);
  if (refusal) {
    // A caller not signed in is told that first.
    if (typeof downloader === 'function') await downloader();
    throw refusal;
  }
  const id = parseId(idOrSlug);
  const now = ctx.clock.now();
  // A clean or credited file asked for by id has its rendition's key before the video is read.
  const namedKey = id !== null && input.video_format !== 'branded' ? renditionKey(id, input) : null;
  // Then, unless the call is a repeat or sent on by FTP, free material is claimed in the video's read.
  const claim =
    id !== null && namedKey !== null && !input.repeated && !input.upload_to_ftp
      ? { ...claimDay(now), request: columnRecord(videoRequests, requestedFile({ input, now }, { projectId: id, key: namedKey })) }
      : undefined;
  const call = { id, slug: idOrSlug, format: input.video_format, quality: input.quality, container: input.file_type, key: namedKey, claim };
  const { user, video: project } = await readFacts(ctx, downloader, call);
  if (!project) throw videoNotFound();
  if (!project.offered)
    throw new Invalid({ code: 'format_not_offered', field: 'video_format', message: 'This video is not offered in that format' });
  if (project.embargoUntil && project.embargoUntil > now) throw new Forbidden({ code: 'embargoed', message: 'Unable to download' });

  const claiming: ClaimInput = { user, input, id, now };
  const { row, key, fileKey } =
    project.claimable && namedKey !== null
      ? claimedInRead(claiming, project, namedKey)
      : await claimAfterRead(ctx, claiming, project, namedKey);
  if (fileKey) {
    if (row.delivery === 'waiting') await ctx.jobs.send(DELIVER_QUEUE, { requestId: row.id });
    if (project.heard) await raiseDownloadsReady(ctx, [row]);
    const name = downloadName(project.slug, { quality: row.quality, container: row.container, format: row.format });
    return {
      exist: true,
      url: signedFileUrl(ctx.files.secret, { key: fileKey, name, now, request: row.id, owner: row.userId }),
      request_id: row.id,
    };
  }
  await queueRender(ctx, row, key);
  return { exist: false, url: null, request_id: row.id };
}

/**
 * The caller and the video's facts (claimed in the read when the call may be): a known user's by
 * their id; a request's caller's with their session, in one statement. Either way nothing is
 * claimed for a deactivated user (their sessions are over).
 */
async function readFacts(
  ctx: DownloadsContext,
  downloader: Downloader,
  call: VideoCall,
): Promise<{ user: UserRow; video: VideoFacts | undefined }> {
  const byUser = (user: UserRow) => (call.id !== null ? downloadFactsById : downloadFactsBySlug)(ctx.db)({ ...call, user: user.id });
  if (typeof downloader !== 'function') {
    if (downloader.deactivatedAt) throw new Forbidden({ code: 'deactivated', message: 'Your account has been deactivated' });
    return { user: downloader, video: (await byUser(downloader))?.video };
  }
  let read: { video: VideoFacts | undefined } | undefined;
  const bySession = call.id !== null ? downloadFactsByIdForSession : downloadFactsBySlugForSession;
  const user = await downloader(async (idHash) => (read = await bySession(ctx.db)({ ...call, session: idHash })));
  // The request's caller was known before (its session read already): the video is read for the user.
  return { user, video: read ? read.video : (await byUser(user))?.video };
}

/** The row a call records, but its user's id: the file asked for, waiting for its render until it is stored. */
function requestedFile(
  { input, now }: Pick<ClaimInput, 'input' | 'now'>,
  file: { projectId: number; key: string; logoKey?: string | null; fileKey?: string | null },
) {
  return {
    projectId: file.projectId,
    quality: input.quality,
    container: input.file_type,
    format: input.video_format,
    brandPosition: input.video_format === 'branded' ? input.brand_position : null,
    logoKey: file.logoKey ?? null,
    state: file.fileKey ? 'ready' : 'transcoding',
    progress: file.fileKey ? 100 : 0,
    renditionKey: file.key,
    delivery: input.upload_to_ftp ? 'waiting' : null,
    createdAt: now,
    updatedAt: now,
  } satisfies Omit<typeof videoRequests.$inferInsert, 'userId'>;
}

/** Free material claimed in the video's read (its state set there by whether the file is stored), or the daily-quota error. */
function claimedInRead(
  claiming: ClaimInput,
  project: { id: number; claimed: number | null; storageKey: string | null },
  key: string,
): Claimed {
  if (project.claimed === null) throw downloadErrors.dailyQuota();
  const { projectId, quality, container, format, delivery } = requestedFile(claiming, { projectId: project.id, key });
  const row = { id: project.claimed, userId: claiming.user.id, projectId, quality, container, format, delivery };
  return { row, key, fileKey: project.storageKey };
}

/**
 * Every other download, once its video is read: a repeat is of a video downloaded before; the
 * agreement that covers it (none for free material); a branded file's plan and logo; the FTP
 * settings; then the claim: free material's in one round trip, an agreement's charged in one
 * transaction under the user's row lock.
 */
async function claimAfterRead(
  ctx: DownloadsContext,
  claiming: ClaimInput,
  project: { id: number; freeAccess: boolean; limitType: string; storageKey: string | null },
  namedKey: string | null,
): Promise<Claimed> {
  const { user, input, id, now } = claiming;
  if (input.repeated && !(await downloadedBefore(ctx, user.id, project.id)))
    throw new Forbidden({ code: 'not_downloaded_before', message: 'This video has not been downloaded before' });
  // Free material needs no agreement: nothing to look up or claim (kept to few round trips).
  const held = project.freeAccess ? [] : accessAgreements(await agreementsServing(ctx, user), now);
  const decision = entitlement(held, project, input.agreement_id);
  if (!decision.allowed) throw new Error('entitlement answers only what is allowed');
  const agreement = decision.agreementId === null ? null : (held.find((candidate) => candidate.id === decision.agreementId) ?? null);
  // Branded files come with branded agreements, passes and one-off licences (as the available formats say).
  if (input.video_format === 'branded' && agreement && !includesBrandedFiles(agreement.agreement_type))
    throw new Forbidden({ code: 'licence_required', message: 'Branded files are not part of your plan' });
  const logoKey = input.video_format === 'branded' ? await logoKeyOf(ctx.db, user) : null;
  if (input.video_format === 'branded' && !logoKey)
    throw new Invalid({
      code: 'logo_required',
      field: 'video_format',
      message: 'Upload your logo in your profile to download branded files',
    });
  // The video named by its id is that id's (a slug that is a number may name another): its key is the one named before.
  const key = namedKey !== null && project.id === id ? namedKey : renditionKey(project.id, input, logoKey);
  // Incomplete FTP/SFTP settings are refused before anything is charged.
  if (input.upload_to_ftp) deliveryTargetOf(user, ctx.files.secret);
  // A rendition, once stored, stays: whether the file exists is read before the charge's transaction.
  const fileKey = key === namedKey ? project.storageKey : ((await renditionFile(ctx.db).execute({ key }))[0]?.storageKey ?? null);

  const values = { userId: user.id, ...requestedFile(claiming, { projectId: project.id, key, logoKey, fileKey }) };
  // Nothing to charge: the lock, the day's count and the record in one round trip.
  const row =
    agreement === null
      ? await claimFreeDownload(ctx.db, values, now)
      : await ctx.db.transaction(async (tx) => {
          // Every download of this user queues here: the count and the charge decide on what is committed.
          await lockDailyQuota(tx, user.id, now);
          const operationId = decision.kind
            ? await chargeDownload(tx, { user, agreement, kind: decision.kind, projectId: project.id, now })
            : null;
          const [recorded] = await tx
            .insert(videoRequests)
            .values({ ...values, agreementId: agreement.id, operationId })
            .returning();
          if (!recorded) throw new Error('the requested file was not recorded');
          return recorded;
        });
  return { row, key, fileKey };
}

/** A repeat (spec: "repeated downloads") is of a video the user has downloaded, or is waiting for, already. */
async function downloadedBefore(ctx: DownloadsContext, userId: number, projectId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: videoRequests.id })
    .from(videoRequests)
    .where(
      and(
        eq(videoRequests.userId, userId),
        eq(videoRequests.projectId, projectId),
        notInArray(videoRequests.state, ['failed', 'cancelled']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The project a call names by id or slug, or the video-not-found error. */
export async function projectIdOf(ctx: Pick<DownloadsContext, 'db'>, idOrSlug: string): Promise<number> {
  const [project] = await ctx.db.select({ id: p.id }).from(p).where(projectWhere(idOrSlug));
  if (!project) throw videoNotFound();
  return project.id;
}

/**
 * Queues the render; a run already waiting for the same file takes this request too. When the
 * queue cannot be reached the request fails at once, its charge given back.
 */
async function queueRender(ctx: DownloadsContext, row: Pick<typeof videoRequests.$inferSelect, 'id'>, key: string) {
  try {
    await ctx.jobs.send(RENDER_QUEUE, { renditionKey: key });
  } catch (error) {
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const failed = await tx
        .update(videoRequests)
        .set({ state: 'failed', error: 'queue_unavailable', updatedAt: now })
        .where(and(eq(videoRequests.id, row.id), eq(videoRequests.state, 'transcoding')))
        .returning();
      await returnCharges(tx, failed, now);
    });
    throw new Unavailable(
      { code: 'render_unavailable', message: 'Files cannot be prepared right now; nothing was charged' },
      { cause: error },
    );
  }
}
