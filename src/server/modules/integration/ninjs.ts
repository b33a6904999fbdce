import type { NinjsItem, NinjsRendition } from '../../../common/content-api.ts';
import { QUALITY_HEIGHTS, QUALITY_LABELS, type Container, type Quality, type VideoFormat } from '../../../common/catalogue-values.ts';
import type { Locale } from '../../../common/locales.ts';
import { RESTRICTION_NAMES } from '../../../common/restrictions.ts';
import type { StoredRestriction } from '../catalogue/schema.ts';
import type { ContentState } from '../../../common/newsroom.ts';

/**
 * IPTC ninjs 2.2 (https://www.iptc.org/std/ninjs/): a story or a live event as a newsroom system
 * reads it. 2.x writes headline, body and description as arrays (`headlines`, `bodies`,
 * `descriptions`) and has no `guid` apart from `uri`: the script is the body of role "script", the
 * shotlist the description of role "shotlist", tags the `subjects`, and the guid an `altids` entry.
 */

export const videoUri = (projectId: number) => `urn:newsreel:video:${projectId}`;
export const liveUri = (eventId: number) => `urn:newsreel:live:${eventId}`;
/** The id this API's item call takes for a live event. */
export const liveApiId = (eventId: number) => `live-${eventId}`;

/** A story as the catalogue has it, with the newsroom's item when the desk made it. */
export type StoryRow = {
  id: number;
  projectId: string;
  projectSlug: string;
  title: string;
  language: Locale;
  story: string;
  shotlist: { number: number; text: string }[];
  datelinePlace: string;
  source: string;
  restrictions: StoredRestriction[];
  embargoUntil: Date | null;
  publishedAt: Date;
  freeAccess: boolean;
  limitType: string;
  duration: number;
  tags: { slug: string; name: string }[];
  category: { slug: string; name: string } | null;
  country: { code: string; name: string } | null;
  item: { guid: string; revision: number; state: ContentState; firstPublishedAt: Date | null; versionCreatedAt: Date } | null;
};

/**
 * A withdrawn story is still news to a newsroom that took it (issue 24): killed is canceled,
 * withheld is withheld, and either keeps the uri it was sent with.
 */
export function pubstatusOf(state: ContentState | null): NinjsItem['pubstatus'] {
  if (state === 'killed') return 'canceled';
  if (state === 'withheld') return 'withheld';
  return 'usable';
}

function usageTerms(restrictions: StoredRestriction[]): string {
  if (restrictions.length === 0) return 'No restrictions';
  return restrictions
    .map((restriction) => {
      const name = RESTRICTION_NAMES[restriction.code].en;
      if (restriction.countries?.length) return `${name}: ${restriction.countries.join(', ')}`;
      if (restriction.until) return `${name} until ${restriction.until}`;
      return name;
    })
    .join('; ');
}

export function storyItem(row: StoryRow, renditions: NinjsRendition[], now: Date): NinjsItem {
  const status = pubstatusOf(row.item?.state ?? null);
  const embargoed = row.embargoUntil && row.embargoUntil.getTime() > now.getTime() ? row.embargoUntil.toISOString() : undefined;
  return {
    uri: row.item?.guid ?? videoUri(row.id),
    type: 'video',
    representationtype: 'full',
    profile: 'newsreel-video',
    version: String(row.item?.revision ?? 1),
    firstcreated: (row.item?.firstPublishedAt ?? row.publishedAt).toISOString(),
    versioncreated: (row.item?.versionCreatedAt ?? row.publishedAt).toISOString(),
    pubstatus: status,
    ...(embargoed ? { embargoed } : {}),
    language: row.language,
    altids: [
      { role: 'guid', value: row.item?.guid ?? videoUri(row.id) },
      { role: 'id', value: String(row.id) },
      { role: 'project_id', value: row.projectId },
      { role: 'slug', value: row.projectSlug },
    ],
    headlines: [{ value: row.title }],
    bodies: row.story ? [{ role: 'script', contenttype: 'text/plain', value: row.story }] : [],
    descriptions: row.shotlist.length
      ? [{ role: 'shotlist', contenttype: 'text/plain', value: row.shotlist.map((shot) => `${shot.number}. ${shot.text}`).join('\n') }]
      : [],
    ...(row.datelinePlace ? { located: row.datelinePlace } : {}),
    subjects: [
      ...row.tags.map((tag) => ({ name: tag.name, rel: 'tag', uri: `urn:newsreel:tag:${tag.slug}`, literal: tag.slug })),
      ...(row.category ? [{ name: row.category.name, rel: 'category', uri: `urn:newsreel:category:${row.category.slug}` }] : []),
    ],
    places: row.country ? [{ name: row.country.name, rel: 'country', literal: row.country.code }] : [],
    ...(row.source ? { by: row.source, copyrightholder: row.source } : {}),
    usageterms: usageTerms(row.restrictions),
    // A withdrawn story is not to be used: no file of it is offered.
    renditions: status === 'usable' ? renditions : [],
  };
}

export type LiveRow = {
  id: number;
  slug: string;
  title: string;
  description: string;
  status: string;
  startAt: Date;
  endedAt: Date | null;
  location: string | null;
  languages: string[];
  createdAt: Date;
  updatedAt: Date;
};

/** A live event: a video item whose times are its event details and whose status is an altid (ninjs has no field for it). */
export function liveItem(row: LiveRow): NinjsItem {
  return {
    uri: liveUri(row.id),
    type: 'video',
    representationtype: 'full',
    profile: 'newsreel-live-event',
    version: '1',
    firstcreated: row.createdAt.toISOString(),
    versioncreated: row.updatedAt.toISOString(),
    pubstatus: 'usable',
    language: row.languages[0] ?? 'en',
    altids: [
      { role: 'id', value: liveApiId(row.id) },
      { role: 'slug', value: row.slug },
      { role: 'live_status', value: row.status },
    ],
    headlines: [{ value: row.title }],
    bodies: [],
    descriptions: row.description ? [{ role: 'summary', contenttype: 'text/plain', value: row.description }] : [],
    ...(row.location ? { located: row.location } : {}),
    subjects: [],
    places: [],
    usageterms: 'Booked or covered by an agreement before it is watched',
    eventdetails: {
      dates: { startdate: row.startAt.toISOString(), ...(row.endedAt ? { enddate: row.endedAt.toISOString() } : {}) },
    },
    renditions: [],
  };
}

const MEDIA_TYPES: Record<Container, string> = { mp4: 'video/mp4', mxf: 'application/mxf' };
const FORMAT_NAMES: Record<VideoFormat, string> = { clean: 'Clean', branded: 'Branded', credit: 'Credit' };

/** One file a caller may license: its shape, and the call that licenses and downloads it. */
export function renditionOf(
  file: { format: VideoFormat; quality: Quality; container: Container; sizeBytes: number | null },
  duration: number,
  downloadsHref: string,
): NinjsRendition {
  const height = QUALITY_HEIGHTS[file.quality];
  const query = new URLSearchParams({ format: file.format, quality: file.quality, container: file.container });
  return {
    name: `${file.format}-${file.quality}-${file.container}`,
    title: `${FORMAT_NAMES[file.format]} ${QUALITY_LABELS[file.quality]} ${file.container.toUpperCase()}`,
    contenttype: MEDIA_TYPES[file.container],
    format: file.format,
    resolution: QUALITY_LABELS[file.quality],
    fileextension: file.container,
    // 16:9, the width even as the renderer scales it (scale=-2:height).
    width: Math.round((height * 16) / 9 / 2) * 2,
    height,
    duration,
    ...(file.sizeBytes !== null ? { sizeinbytes: file.sizeBytes } : {}),
    href: `${downloadsHref}?${query.toString()}`,
  };
}
