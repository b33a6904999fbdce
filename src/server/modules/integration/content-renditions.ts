import { createHash } from 'node:crypto';
import { and, count, eq, gte, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { accessTo, contentKindOf } from '../../../common/access.ts';
import type { ContentKind } from '../../../common/agreements.ts';
import { includesBrandedFiles } from '../../../common/agreement-values.ts';
import type { NinjsItem, NinjsRendition } from '../../../common/content-api.ts';
import { DAILY_DOWNLOAD_LIMIT, offeredOnSite } from '../../../common/downloads.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { accessAgreements, agreementsHeld } from '../agreements/service.ts';
import { videos } from '../catalogue/schema.ts';
import { logoKeyOf } from '../downloads/logos.ts';
import { availableFormats } from '../downloads/offer.ts';
import { userLimits } from '../company/schema.ts';
import { usedThisMonth } from '../company/service.ts';
import { videoRequests } from '../downloads/schema.ts';
import type { ContentApiCaller, ContentApiContext } from './content-api.ts';
import { fileKey, sizesOf, type SharedStory, type WrittenItem } from './content-stories.ts';
import { renditionOf, storyItem, type StoryRow } from './ninjs.ts';

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

/** The kinds of material whose monthly limit the caller, a member, has reached (company issue). */
async function limitsReached(ctx: ContentApiContext, user: ContentApiCaller['user'], now: Date): Promise<Set<ContentKind>> {
  if (!user.companyId) return new Set();
  const companyId = user.companyId;
  const limits = await ctx.db
    .select({ kind: userLimits.kind, limit: userLimits.limit })
    .from(userLimits)
    .where(and(eq(userLimits.userId, user.id), eq(userLimits.companyId, companyId), isNotNull(userLimits.limit)));
  const reached = await Promise.all(
    limits.map(async ({ kind, limit }) => ((await usedThisMonth(ctx.db, companyId, user.id, kind, now)) >= (limit ?? 0) ? [kind] : [])),
  );
  return new Set(reached.flat());
}

/** The caller's downloads since the day began, as the day's 30 counts them (failed and cancelled ones do not). */
const downloadsSince = preparedPerDatabase((db) =>
  db
    .select({ n: count() })
    .from(videoRequests)
    .where(
      and(
        eq(videoRequests.userId, sql.placeholder('userId')),
        gte(videoRequests.createdAt, sql.placeholder('since')),
        notInArray(videoRequests.state, ['failed', 'cancelled']),
      ),
    )
    .prepare('downloads_since'),
);

/** What a page's files depend on of the caller, read once a page and beside the page's stories. */
export async function callerOffer(ctx: ContentApiContext, caller: ContentApiCaller) {
  const now = ctx.clock.now();
  const [served, logoKey, [today], reached] = await Promise.all([
    agreementsHeld(ctx, caller.user),
    logoKeyOf(ctx.db, caller.user),
    downloadsSince(ctx.db).execute({ userId: caller.user.id, since: dayStart(now) }),
    limitsReached(ctx, caller.user, now),
  ]);
  return { held: accessAgreements(served, now), logoKey, dayUsedUp: (today?.n ?? 0) >= DAILY_DOWNLOAD_LIMIT, limitsReached: reached };
}
export type CallerOffer = Awaited<ReturnType<typeof callerOffer>>;

export type OfferedVideo = typeof videos.$inferSelect;

/** The renditions the page's stories are offered in. */
export function offeredVideos(ctx: ContentApiContext, ids: number[]): Promise<OfferedVideo[]> {
  return ids.length ? ctx.db.select().from(videos).where(inArray(videos.projectId, ids)).orderBy(videos.id) : Promise.resolve([]);
}

/** The page's stories the agreements already paid for: downloading them again takes nothing, so no member limit stops it. */
async function paidFor(ctx: ContentApiContext, agreementIds: number[], projectIds: number[]): Promise<Set<string>> {
  if (agreementIds.length === 0 || projectIds.length === 0) return new Set();
  const rows = await ctx.db
    .selectDistinct({ agreementId: videoRequests.agreementId, projectId: videoRequests.projectId })
    .from(videoRequests)
    .where(
      and(
        inArray(videoRequests.agreementId, agreementIds),
        inArray(videoRequests.projectId, projectIds),
        isNotNull(videoRequests.operationId),
      ),
    );
  return new Set(rows.map((row) => `${row.agreementId}:${row.projectId}`));
}

/** A file a caller may license, with its size when it is already made. */
export type OfferedFile = { video: OfferedVideo; sizeBytes: number | null };

/**
 * A page's files, over its stories as everyone sees them (content-stories.ts): each story decided
 * by the same access rule the offer uses (common/access.ts), branded files by the same two
 * conditions, the embargo, the day's 30 and a member's monthly limit (a story the agreement
 * already paid for stays offered: its download takes nothing). Sizes of branded files, which
 * depend on the caller's logo, are read here in one query. The download decides under its lock either way.
 */
export async function licensableFiles(
  ctx: ContentApiContext,
  caller: ContentApiCaller,
  offer: CallerOffer,
  stories: SharedStory[],
): Promise<Map<number, OfferedFile[]>> {
  const answer = new Map<number, OfferedFile[]>();
  const now = ctx.clock.now();
  const open = stories.filter(({ row }) => usable(row) && !(row.embargoUntil && row.embargoUntil.getTime() > now.getTime()));
  if (open.length === 0 || offer.dayUsedUp) return answer;
  const { held, logoKey } = offer;
  const decided = open.flatMap((story) => {
    const { row } = story;
    const material = { kind: 'vod' as const, id: row.id, free_access: row.freeAccess, limit_type: row.limitType };
    const decision = accessTo({ signedIn: true, agreements: row.freeAccess ? [] : held }, material);
    if (!decision.allowed) return [];
    const agreement = decision.agreementId === null ? null : (held.find((candidate) => candidate.id === decision.agreementId) ?? null);
    const limited = agreement !== null && agreement.agreement_type !== 'one_off' && offer.limitsReached.has(contentKindOf(material));
    return [{ story, agreement, limited }];
  });
  const limited = decided.filter((file) => file.limited);
  const paid = limited.length
    ? await paidFor(
        ctx,
        [...new Set(limited.flatMap((file) => (file.agreement ? [file.agreement.id] : [])))],
        limited.map((file) => file.story.row.id),
      )
    : new Set<string>();
  const chosen = decided
    .filter((file) => !file.limited || paid.has(`${file.agreement?.id}:${file.story.row.id}`))
    .flatMap(({ story, agreement }) =>
      story.offered.flatMap((video) => {
        if (!offeredOnSite(caller.site, video.quality)) return [];
        if (video.format === 'branded' && ((agreement && !includesBrandedFiles(agreement.agreement_type)) || !logoKey)) return [];
        return [{ video, story, key: video.format === 'branded' ? fileKey(story.row.id, video, logoKey) : null }];
      }),
    );
  const branded = await sizesOf(
    ctx.db,
    chosen.flatMap((file) => (file.key ? [file.key] : [])),
  );
  for (const { video, story, key } of chosen) {
    const list = answer.get(story.row.id) ?? [];
    list.push({ video, sizeBytes: (key ? branded.get(key) : story.sizes.get(video.id)) ?? null });
    answer.set(story.row.id, list);
  }
  return answer;
}

/**
 * A story's item as JSON with the caller's files: written once per address and set of files and
 * kept with the story, so callers offered the same files send the same text (the feed's page is
 * these joined). Each file's ninjs object is likewise built once per address, file and size.
 */
export function writtenItem(story: SharedStory, files: OfferedFile[], origin: string, now: Date): WrittenItem {
  const key = `${origin}|${files.map((file) => `${file.video.id}:${file.sizeBytes ?? ''}`).join(',')}`;
  const kept = story.written.get(key);
  if (kept !== undefined) return kept;
  const renditions = files.map(({ video, sizeBytes }) => {
    const made = `${origin}|${video.id}|${sizeBytes}`;
    let rendition = story.renditions.get(made);
    if (!rendition) {
      rendition = renditionOf(
        { format: video.format, quality: video.quality, container: video.container, sizeBytes },
        story.row.duration,
        downloadsHref(origin, story.row.id),
      );
      story.renditions.set(made, rendition);
    }
    return rendition;
  });
  const written = itemWritten(storyItem(story.row, renditions, now));
  story.written.set(key, written);
  return written;
}

/** An item written as UTF-8 JSON, with its hash. */
export function itemWritten(item: NinjsItem): WrittenItem {
  const json = Buffer.from(JSON.stringify(item));
  return { json, hash: createHash('sha1').update(json).digest('base64url') };
}
