import { z } from 'zod';
import { videoSearchQuerySchema } from './catalogue.ts';
import { CONTAINERS, LOGO_POSITIONS, QUALITIES, VIDEO_FORMATS } from './catalogue-values.ts';
import { VIDEO_REQUEST_STATES } from './downloads.ts';

/**
 * The ninjs content API (issue 30, `/api/v1/content`): the catalogue's filters and text search as a
 * newsroom system's feed, each item an IPTC ninjs 2.2 object. The catalogue's own query contract is
 * reused so a filter means the same on the search page and here.
 */

export const CONTENT_API_PAGE_SIZE = 20;
export const CONTENT_API_MAX_PAGE_SIZE = 50;
/** video: the catalogue's stories; live: live events. */
export const CONTENT_API_TYPES = ['video', 'live'] as const;

const isoTime = z
  .string()
  .max(40)
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), 'validation.date');

export const contentApiPagingSchema = z.object({
  /** The opaque `next_cursor` of the page before. */
  cursor: z.string().max(200).optional(),
  /** Incremental sync: items whose versioncreated is after this ISO time, oldest first, killed and withheld ones included. */
  since: isoTime.optional(),
  limit: z.coerce.number().int().min(1).max(CONTENT_API_MAX_PAGE_SIZE).default(CONTENT_API_PAGE_SIZE),
  type: z.enum(CONTENT_API_TYPES).default('video'),
});

/** GET /api/v1/content: the catalogue's query (search, tags, category, country, …) with cursor paging. */
export const contentApiQuerySchema = videoSearchQuerySchema.and(contentApiPagingSchema);
export type ContentApiQuery = z.infer<typeof contentApiQuerySchema>;

/** The parts of a ninjs 2.2 object this API writes (property names as the standard has them). */
const textPart = z.object({ role: z.string().optional(), contenttype: z.string().optional(), value: z.string() });
const concept = z.object({ name: z.string(), rel: z.string().optional(), uri: z.string().optional(), literal: z.string().optional() });

export const ninjsRenditionSchema = z.object({
  /** format-quality-container, e.g. clean-full_hd-mp4. */
  name: z.string(),
  title: z.string(),
  contenttype: z.string(),
  /** clean, branded or credit. */
  format: z.enum(VIDEO_FORMATS),
  /** 1080p, 720p, 360p or 240p. */
  resolution: z.string(),
  fileextension: z.enum(CONTAINERS),
  width: z.number().int(),
  height: z.number().int(),
  duration: z.number(),
  /** Only once the file is made. */
  sizeinbytes: z.number().int().optional(),
  /** POST here (no body needed) licenses this file and answers the request, with the file's URL once ready. */
  href: z.string(),
});
export type NinjsRendition = z.infer<typeof ninjsRenditionSchema>;

export const ninjsItemSchema = z.object({
  uri: z.string(),
  type: z.literal('video'),
  representationtype: z.literal('full'),
  profile: z.enum(['newsreel-video', 'newsreel-live-event']),
  version: z.string(),
  firstcreated: z.string(),
  versioncreated: z.string(),
  pubstatus: z.enum(['usable', 'withheld', 'canceled']),
  embargoed: z.string().optional(),
  language: z.string(),
  /** guid (the story's own, for the newsroom's), id (for this API's calls), slug. */
  altids: z.array(z.object({ role: z.string(), value: z.string() })),
  headlines: z.array(textPart),
  /** role script: the story's script. */
  bodies: z.array(textPart),
  /** role shotlist: the shots, one a line. */
  descriptions: z.array(textPart),
  located: z.string().optional(),
  subjects: z.array(concept),
  places: z.array(concept),
  by: z.string().optional(),
  copyrightholder: z.string().optional(),
  usageterms: z.string(),
  /** A live event's times: start (and end, for one that ended). */
  eventdetails: z.object({ dates: z.object({ startdate: z.string(), enddate: z.string().optional() }) }).optional(),
  renditions: z.array(ninjsRenditionSchema),
});
export type NinjsItem = z.infer<typeof ninjsItemSchema>;

export const contentApiListSchema = z.object({
  items: z.array(ninjsItemSchema),
  /** null on the last page; else pass it as `cursor` for the next. */
  next_cursor: z.string().nullable(),
});
export type ContentApiList = z.infer<typeof contentApiListSchema>;

/** POST /api/v1/content/{id}/downloads: the browser's download body; the rendition may come in the query (a rendition's href). */
export const contentApiDownloadQuerySchema = z.object({
  format: z.enum(VIDEO_FORMATS).optional(),
  quality: z.enum(QUALITIES).optional(),
  container: z.enum(CONTAINERS).optional(),
  brand_position: z.enum(LOGO_POSITIONS).optional(),
});

/** A licensed file: the request's state and, once ready, the file's signed URL (GET /api/v1/downloads/{id} polls it). */
export const contentApiDownloadSchema = z.object({
  id: z.number().int(),
  state: z.enum(VIDEO_REQUEST_STATES),
  progress: z.number().int(),
  url: z.string().nullable(),
  /** Where to poll. */
  href: z.string(),
});
export type ContentApiDownload = z.infer<typeof contentApiDownloadSchema>;
