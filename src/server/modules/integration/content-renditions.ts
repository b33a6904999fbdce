import { and, count, eq, gte, inArray, notInArray } from 'drizzle-orm';
import { accessTo } from '../../../common/access.ts';
import { includesBrandedFiles } from '../../../common/agreement-values.ts';
import type { NinjsRendition } from '../../../common/content-api.ts';
import { DAILY_DOWNLOAD_LIMIT, offeredOnSite } from '../../../common/downloads.ts';
import { accessAgreements, agreementsServing } from '../agreements/service.ts';
import { videos } from '../catalogue/schema.ts';
import { logoKeyOf } from '../downloads/logos.ts';
import { availableFormats } from '../downloads/offer.ts';
import { renditions, videoRequests } from '../downloads/schema.ts';
import { renditionKey } from '../downloads/service.ts';
import type { ContentApiCaller, ContentApiContext } from './content-api.ts';
import { renditionOf, type StoryRow } from './ninjs.ts';

export const downloadsHref = (origin: string, projectId: number) => `${origin}/api/v1/content/${projectId}/downloads`;

const usable = (row: StoryRow) => !row.item || row.item.state === 'published' || row.item.state === 'corrected';

/**
 * The item call's files: the video page's own offer (downloads/offer.ts), those the caller may
 * license now, with the size of a file already made.
 */
export async function offerOfOne(ctx: ContentApiContext, caller: ContentApiCaller, row: StoryRow): Promise<NinjsRendition[]> {
  const offer = await availableFormats({ db: ctx.db, now: () => ctx.clock.now() }, String(row.id), caller.user, {}, caller.site);
  return offer.formats
    .filter((file) => file.available)
    .map((file) =>
      renditionOf(
        { format: file.format, quality: file.quality, container: file.container, sizeBytes: file.size_estimated ? null : file.size_bytes },
        row.duration,
        downloadsHref(caller.origin, row.id),
      ),
    );
}

const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** What a page's files depend on of the caller, read once a page and beside the page's stories. */
export async function callerOffer(ctx: ContentApiContext, caller: ContentApiCaller) {
  const now = ctx.clock.now();
  const [served, logoKey, [today]] = await Promise.all([
    agreementsServing(ctx, caller.user),
    logoKeyOf(ctx.db, caller.user),
    ctx.db
      .select({ n: count() })
      .from(videoRequests)
      .where(
        and(
          eq(videoRequests.userId, caller.user.id),
          gte(videoRequests.createdAt, dayStart(now)),
          notInArray(videoRequests.state, ['failed', 'cancelled']),
        ),
      ),
  ]);
  return { held: accessAgreements(served, now), logoKey, dayUsedUp: (today?.n ?? 0) >= DAILY_DOWNLOAD_LIMIT };
}
export type CallerOffer = Awaited<ReturnType<typeof callerOffer>>;

export type OfferedVideo = typeof videos.$inferSelect;

/** The renditions the page's stories are offered in. */
export function offeredVideos(ctx: ContentApiContext, ids: number[]): Promise<OfferedVideo[]> {
  return ids.length ? ctx.db.select().from(videos).where(inArray(videos.projectId, ids)).orderBy(videos.id) : Promise.resolve([]);
}

/**
 * A page's files, from the renditions of its stories (offeredVideos, read beside the stories) and
 * one query for the sizes of files already made: each story decided by the same access rule
 * the offer uses (common/access.ts), branded files by the same two conditions, the embargo and
 * the day's 30. A member's monthly limit is left to the item call and the download (it depends on
 * each story's charge); the download decides under its lock either way.
 */
export async function licensableFiles(
  ctx: ContentApiContext,
  caller: ContentApiCaller,
  offer: CallerOffer,
  offered: OfferedVideo[],
  rows: StoryRow[],
): Promise<Map<number, NinjsRendition[]>> {
  const answer = new Map<number, NinjsRendition[]>();
  const now = ctx.clock.now();
  const open = rows.filter((row) => usable(row) && !(row.embargoUntil && row.embargoUntil.getTime() > now.getTime()));
  if (open.length === 0 || offer.dayUsedUp) return answer;
  const { held, logoKey } = offer;
  const byId = new Map(open.map((row) => [row.id, row]));
  const chosen = offered.flatMap((video) => {
    const row = byId.get(video.projectId);
    if (!row || !offeredOnSite(caller.site, video.quality)) return [];
    const material = { kind: 'vod' as const, id: row.id, free_access: row.freeAccess, limit_type: row.limitType };
    const decision = accessTo({ signedIn: true, agreements: row.freeAccess ? [] : held }, material);
    if (!decision.allowed) return [];
    const agreement = decision.agreementId === null ? null : held.find((candidate) => candidate.id === decision.agreementId);
    if (video.format === 'branded' && ((agreement && !includesBrandedFiles(agreement.agreement_type)) || !logoKey)) return [];
    const key = renditionKey(
      row.id,
      { quality: video.quality, file_type: video.container, video_format: video.format, brand_position: 'bottom_right' },
      video.format === 'branded' ? logoKey : null,
    );
    return [{ video, row, key }];
  });
  const made = chosen.length
    ? await ctx.db
        .select({ key: renditions.renditionKey, size: renditions.sizeBytes })
        .from(renditions)
        .where(
          inArray(
            renditions.renditionKey,
            chosen.map((file) => file.key),
          ),
        )
    : [];
  const sizes = new Map(made.map((file) => [file.key, file.size]));
  for (const { video, row, key } of chosen) {
    const list = answer.get(row.id) ?? [];
    list.push(
      renditionOf(
        { format: video.format, quality: video.quality, container: video.container, sizeBytes: sizes.get(key) ?? null },
        row.duration,
        downloadsHref(caller.origin, row.id),
      ),
    );
    answer.set(row.id, list);
  }
  return answer;
}
