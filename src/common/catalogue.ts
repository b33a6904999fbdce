import { z } from 'zod';
import { AGREEMENT_TYPES, CONTENT_KINDS } from './agreement-values.ts';
import { liveEventSchema } from './live.ts';
import { LOCALES } from './locales.ts';
import { RESTRICTION_CODES } from './restrictions.ts';
import { parseId, zod } from './validators.ts';

// Zod-free rules the browser's first page needs live apart, so that page does not load zod.
export { FILTER_KINDS, FILTER_PRESETS, SUGGEST_MIN_LENGTH, type FilterKind } from './catalogue-filters.ts';
export * from './catalogue-values.ts';
import {
  CONTAINERS,
  LOGO_POSITIONS,
  QUALITIES,
  VIDEO_FORMATS,
  VIDEO_SORTS,
  LANDING_SORTS,
  CATALOGUE_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MIN_DURATION,
  MAX_DURATION,
} from './catalogue-values.ts';

/**
 * Catalogue contracts (spec: content §3 "Video project", "Tag", "Search result"; §7 calls).
 */

const boolParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');
const dateParam = zod.calendarDate();
/** A country by id or ISO code: digits must be an id a row could have. */
const countryParam = z
  .string()
  .max(100)
  .refine((value) => !/^\d+$/.test(value) || parseId(value) !== null, 'validation.number');
const listParam = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean));

/** Query of the list and search calls: filters combine with the text (spec: content §7). */
export const videoSearchQuerySchema = z
  .object({
    search: z.string().max(200, 'validation.max_length').optional(),
    tags: listParam.optional(),
    category: z.string().max(100).optional(),
    country: countryParam.optional(),
    region: z.string().max(100).optional(),
    language: z.enum(LOCALES).optional(),
    /** false: English only; true: English plus other languages (the mixed-content panel). */
    with_international_mix: boolParam.optional(),
    free_access: boolParam.optional(),
    /** Pool material only (the "pool" preset of the filter route). */
    pool: boolParam.optional(),
    min_duration: z.coerce.number().int().min(MIN_DURATION).max(MAX_DURATION).optional(),
    max_duration: z.coerce.number().int().min(MIN_DURATION).max(MAX_DURATION).optional(),
    date_from: dateParam.optional(),
    date_to: dateParam.optional(),
    sort: z.enum(VIDEO_SORTS).optional(),
    /**
     * The text exactly as typed: a search that finds nothing is not retried with the closest known
     * words ("Search instead for …" on the search page).
     */
    exact: boolParam.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
  })
  .refine((q) => q.min_duration === undefined || q.max_duration === undefined || q.min_duration <= q.max_duration, {
    message: 'validation.range',
    path: ['max_duration'],
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: 'validation.range', path: ['date_to'] });
export type VideoSearchQuery = z.infer<typeof videoSearchQuerySchema>;
export const dashboardQuerySchema = z.object({ with_international_mix: boolParam.optional() });

export const namedSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const categoriesResponseSchema = z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() }));
export const countryRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const tagRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const restrictionSchema = z.object({
  code: z.enum(RESTRICTION_CODES),
  name: z.string(),
  /** Country codes, for no_access_countries. */
  countries: z.array(z.string()).optional(),
  /** ISO time, for embargo. */
  until: z.string().optional(),
});

/** A rendition of a project (spec: content §3 "videos"). */
export const videoRenditionSchema = z.object({
  id: z.number().int(),
  quality: z.enum(QUALITIES),
  quality_label: z.string(),
  format: z.enum(VIDEO_FORMATS),
  container: z.enum(CONTAINERS),
});

/** What lists show of a project. */
export const videoProjectSummarySchema = z.object({
  id: z.number().int(),
  project_id: z.string(),
  title: z.string(),
  project_slug: z.string(),
  tags: z.array(tagRefSchema),
  selected_preview_image: z.string(),
  animated_preview_thumbnails: z.array(z.string()),
  format: z.array(z.enum(VIDEO_FORMATS)),
  free_access: z.boolean(),
  pool: z.boolean(),
  /** The balance kind the project draws on: standard, pool or spherical (360). */
  limit_type: z.string(),
  duration: z.number().int(),
  published_at: z.string(),
  language: z.enum(LOCALES),
  category: namedSchema.nullable(),
  country: countryRefSchema.nullable(),
  dateline: z.object({ place: z.string(), date: z.string() }),
  has_preview_video: z.boolean(),
});
export type VideoProjectSummary = z.infer<typeof videoProjectSummarySchema>;

/** Everything an editor needs to decide (spec: content §3 plus the agency metadata of issue #4). */
export const videoProjectSchema = videoProjectSummarySchema.extend({
  rights_type: z.string(),
  external_name: z.string(),
  inner_id: z.string(),
  additional_info: z.string(),
  last_changed_at: z.string(),
  videos: z.array(videoRenditionSchema),
  languages: z.array(z.enum(LOCALES)),
  region: namedSchema.nullable(),
  source: z.string(),
  story: z.string(),
  shotlist: z.array(z.object({ number: z.number().int(), text: z.string() })),
  /**
   * Whether story and shotlist are whole: a visitor gets an excerpt of each and false when anything
   * was left out (spec: content §2 "Full script access needs login"); a signed-in user gets them whole.
   */
  script_complete: z.boolean(),
  restrictions: z.array(restrictionSchema),
  embargo_until: z.string().nullable(),
  preview_video_url: z.string().nullable(),
  /**
   * The storyboard of the video's master, a WebVTT thumbnails track whose cues point at tiles of a
   * sprite (`sprite.jpg#xywh=…`, relative to the VTT; src/common/storyboard.ts); null while there is
   * none (issue 28, "Previews you can scrub").
   */
  storyboard_url: z.string().nullable(),
  /**
   * The live event this video is the recording of, when it is one: its page offers to book the
   * recording (spec: content §2 "book"; §7 recordings/{id}/embed with `book_recording`).
   */
  live_recording: z.object({ id: z.number().int(), event_slug: z.string(), event_title: z.string() }).nullable(),
});
export type VideoProject = z.infer<typeof videoProjectSchema>;

export const videoListResponseSchema = z.object({
  videos: z.array(videoProjectSummarySchema),
  count: z.number().int(),
  /** True when count stopped at the cap (a common search term matches more). */
  count_capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
});
export type VideoListResponse = z.infer<typeof videoListResponseSchema>;

/** Search result (spec: content §2, §3): entities, lives_count, videos_count, pages; search_key for statistics. */
export const searchResponseSchema = videoListResponseSchema.extend({
  entities: z.array(videoProjectSummarySchema.extend({ entity_type: z.literal('video') })),
  videos_count: z.number().int(),
  /** The first matching live events, live ones first, each with its page (spec: content §2). */
  lives: z.array(liveEventSchema),
  lives_count: z.number().int(),
  search_key: z.string().nullable(),
  /**
   * The text the answer is for when the typed one found nothing and the closest known words did
   * ("Showing results for …"); null when the typed text was searched. Optional for older clients.
   */
  corrected_query: z.string().nullable().optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const suggestQuerySchema = z.object({ search: z.string().max(200).default('') });
export const suggestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  project_slug: z.string(),
  /** What the box shows beside the title (issue 28 "Discovery"): optional, so older answers still parse. */
  language: z.enum(LOCALES).optional(),
  published_at: z.string().optional(),
  /** Seconds. */
  duration: z.number().int().optional(),
  /** The poster the cards show. */
  selected_preview_image: z.string().optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsResponseSchema = z.array(suggestionSchema);

export const SEARCH_EVENT_TYPES = ['view', 'click', 'preview', 'download'] as const;
/** A hit without search_id is a failure (spec: content §7). */
export const searchStatisticBodySchema = z.object({
  search_id: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(2000, 'validation.max_length'),
  video: zod.id(),
  event_type: z.enum(SEARCH_EVENT_TYPES),
});

export const minMaxDurationSchema = z.object({ min_duration: z.number().int(), max_duration: z.number().int() });

/** Tag (spec: content §3 "Tag"): slug, view_type, image, id, projects. */
export const tagSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  view_type: z.enum(['default', 'landing', 'hot']),
  image: z.object({ url: z.string(), original: z.object({ url: z.string() }) }),
  projects_count: z.number().int(),
  followed: z.boolean(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagsResponseSchema = z.array(tagSchema);
export const tagDetailSchema = tagSchema.extend({ projects: z.array(videoProjectSummarySchema) });
export const tagLandingResponseSchema = z.object({
  tag: tagSchema,
  videos: z.array(videoProjectSummarySchema),
  videos_count: z.number().int(),
  lives: z.array(liveEventSchema),
  lives_count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
});
/** GET /api/content/tags/landings/{slug}: a page of the tag's videos, newest first unless sorted otherwise. */
export const tagLandingQuerySchema = pageQuerySchema.extend({ sort: z.enum(LANDING_SORTS).optional() });

/** Dashboard banner (spec: content §3 "Dashboard data"). */
export const bannerSchema = z.object({
  id: z.number().int(),
  breaking: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  custom_url: z.string().nullable(),
  image: z.object({ url: z.string(), small: z.object({ url: z.string() }), tiny: z.object({ url: z.string() }) }),
  image_type: z.enum(['default', 'custom']),
  live_event_extid: z.string().nullable(),
  video_project_extid: z.string().nullable(),
  locale: z.enum(LOCALES),
  position: z.number().int(),
  tag_id: z.number().int().nullable(),
  target_link_to: z.enum(['custom', 'live_event', 'video_project', 'tag']),
  title: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const DASHBOARD_PLACEHOLDER_BANNERS = 4;

export const dashboardResponseSchema = z.object({
  payload: z.object({
    banners: z.array(bannerSchema),
    feed: z.array(videoProjectSummarySchema),
    trending: z.array(videoProjectSummarySchema.extend({ downloads_24h: z.number().int() })),
    live_events: z.array(liveEventSchema),
    tags: z.array(tagSchema),
    hotbox: z.array(videoProjectSummarySchema),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** Front page (spec: content §7 "front_pages/{id}", fields not shown): the editors' hotbox. */
export const frontPageSchema = z.object({ id: z.string(), title: z.string(), hotbox: z.array(videoProjectSummarySchema) });

/**
 * Why a file cannot be had now: the access rules' reasons (login, licence, subscribers, balance),
 * an embargo, and what the download itself checks (issue 28: the panel says it before the click):
 * the day's 30 downloads, the member's monthly limit, a branded file's logo.
 */
export const DOWNLOAD_BLOCKS = [
  'login_required',
  'licence_required',
  'subscribers_only',
  'balance_used_up',
  'embargoed',
  'daily_quota',
  'personal_quota',
  'logo_required',
] as const;
export type DownloadBlock = (typeof DOWNLOAD_BLOCKS)[number];
/** What the caller can do about a block: sign in, buy the video, see the plans, top up, ask their master, upload a logo, or wait. */
export const DOWNLOAD_REMEDIES = ['sign_in', 'buy_licence', 'see_plans', 'top_up', 'ask_master', 'upload_logo', 'wait'] as const;
export type DownloadRemedy = (typeof DOWNLOAD_REMEDIES)[number];

/** Formats the caller may download, from the project's renditions and their access. */
export const availableFormatSchema = z.object({
  format: z.enum(VIDEO_FORMATS),
  quality: z.enum(QUALITIES),
  quality_label: z.string(),
  container: z.enum(CONTAINERS),
  available: z.boolean(),
  reason: z.enum(DOWNLOAD_BLOCKS).nullable(),
  /** What to do about the reason; null when available. */
  remedy: z.enum(DOWNLOAD_REMEDIES).nullable(),
  /** The file's size: known once made, else estimated from the length and the rendition's bitrate. */
  size_bytes: z.number().int().nullable(),
  size_estimated: z.boolean(),
  /** The file exists: it downloads at once; otherwise it is prepared first, in about `render_seconds`. */
  ready: z.boolean(),
  render_seconds: z.number().int().nullable(),
});
export type AvailableFormat = z.infer<typeof availableFormatSchema>;

/**
 * What a download of the video takes from the caller (issue 28), the same for every file of it:
 * nothing (free material, the video's own licence, a repeat the agreement paid already) or one
 * item of an agreement's balance; the day's downloads; a member's monthly limit; whom a member asks.
 */
export const downloadUsageSchema = z.object({
  daily: z.object({ used: z.number().int(), limit: z.number().int(), resets_at: z.string() }),
  charge: z.enum(['free', 'licensed', 'repeat', 'balance', 'none']),
  agreement: z
    .object({
      id: z.number().int(),
      agreement_type: z.enum(AGREEMENT_TYPES),
      kind: z.enum(CONTENT_KINDS),
      /** Left of the balance before this download; null: no limit. */
      remaining: z.number().int().nullable(),
      owner: z.enum(['user', 'company']),
    })
    .nullable(),
  member_limit: z.object({ kind: z.enum(CONTENT_KINDS), limit: z.number().int(), used: z.number().int() }).nullable(),
  /** The company's master, whom a member asks for more. */
  master: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** When waiting ends: the embargo's end, or the day's reset when the day's downloads are used. */
  available_at: z.string().nullable(),
});
export type DownloadUsage = z.infer<typeof downloadUsageSchema>;

export const availableFormatsResponseSchema = z.object({
  project_id: z.number().int(),
  formats: z.array(availableFormatSchema),
  logo_positions: z.array(z.enum(LOGO_POSITIONS)),
  /** Signed in: what a download takes (null for a visitor). */
  usage: downloadUsageSchema.nullable(),
});
export const availableFormatsQuerySchema = z.object({
  agreement_id: zod.idParam().optional(),
  branded: boolParam.optional(),
  /** A branded file's logo position: whether that file exists already. */
  brand_position: z.enum(LOGO_POSITIONS, { error: 'validation.invalid' }).optional(),
});

/** Content pages (spec: content §3 "Content section": caption, body). */
export const CONTENT_PAGES = ['about', 'terms-of-service', 'privacy-policy', 'cookie-policy', 'impressum'] as const;
export const contentSectionSchema = z.object({ caption: z.string(), body: z.string() });
export const contentPageSchema = z.object({ slug: z.enum(CONTENT_PAGES), title: z.string(), sections: z.array(contentSectionSchema) });
