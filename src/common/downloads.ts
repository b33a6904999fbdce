import { z } from 'zod';
import { BASKET_MAX, CONTAINERS, LOGO_POSITIONS, QUALITIES, VIDEO_FORMATS, type Quality } from './catalogue-values.ts';
import type { SiteVariant } from './site.ts';
import { videoProjectSummarySchema } from './catalogue.ts';
import { zod } from './validators.ts';
import { COMMENT_MAX_LENGTH, MY_CONTENT_PAGE_SIZE } from './download-values.ts';

/**
 * Downloads (spec: content §3 "Download request", "Purchase search params", "Purchase result"; §8
 * download errors; §9 the daily limit). One contract per payload, shared by the route and the page.
 */

/** Spec §9: at most 30 downloads a day per user. */
export const DAILY_DOWNLOAD_LIMIT = 30;

/**
 * The landing site's download (spec: content §2 "a landing download (1080p MP4 or MXF)"): there a
 * video is offered in 1080p only, as MP4 or MXF, in the formats it has; the server refuses the rest.
 */
export const LANDING_DOWNLOAD_QUALITY: Quality = 'full_hd';
export const offeredOnSite = (variant: SiteVariant, quality: Quality) => variant !== 'landing' || quality === LANDING_DOWNLOAD_QUALITY;

/** The rendition asked for: quality × container × format, and the logo's place when branded. */
export const renditionSchema = z.object({
  quality: z.enum(QUALITIES).default('full_hd'),
  file_type: z.enum(CONTAINERS).default('mp4'),
  video_format: z.enum(VIDEO_FORMATS).default('clean'),
  brand_position: z.enum(LOGO_POSITIONS).default('bottom_right'),
});
export type Rendition = z.infer<typeof renditionSchema>;

/**
 * POST /api/content/video_projects/{project_id}/videos/download: the spec's download request
 * (project_id, agreement_id, branded, repeated) with the purchase search params, and the
 * restrictions box, which must be ticked.
 */
export const downloadBodySchema = renditionSchema.extend({
  project_id: zod.id().optional(),
  agreement_id: zod.id().nullable().optional(),
  branded: z.boolean().optional(),
  repeated: z.boolean().optional(),
  restrictions_accepted: z.boolean().optional(),
  /** Also upload the file to the FTP/SFTP server of the profile. */
  upload_to_ftp: z.boolean().optional(),
});
export type DownloadBody = z.input<typeof downloadBodySchema>;

/** The purchase result: the file's signed URL when it exists; else a requested file completes later. */
export const purchaseResultSchema = z.object({
  exist: z.boolean(),
  url: z.string().nullable(),
  request_id: z.number().int(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/**
 * POST /api/current_user/basket_downloads (issue 28, "act on several videos at once"): one
 * rendition of each of several videos, each download charged and limited as if asked on its own.
 */
export const basketDownloadBodySchema = renditionSchema.extend({
  video_project_ids: z
    .array(zod.id())
    .min(1, 'validation.required')
    .max(BASKET_MAX, 'validation.max_length')
    // A video picked twice is one download.
    .transform((ids) => [...new Set(ids)]),
  restrictions_accepted: z.boolean().optional(),
  upload_to_ftp: z.boolean().optional(),
});
export type BasketDownloadBody = z.input<typeof basketDownloadBodySchema>;

/** Each video's purchase result, or why its download was refused (the single download's error). */
export const basketItemResultSchema = z.object({
  video_project_id: z.number().int(),
  result: purchaseResultSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export const basketDownloadResultSchema = z.object({ items: z.array(basketItemResultSchema) });
export type BasketDownloadResult = z.infer<typeof basketDownloadResultSchema>;

export const VIDEO_REQUEST_STATES = ['transcoding', 'ready', 'failed', 'cancelled'] as const;
export type VideoRequestState = (typeof VIDEO_REQUEST_STATES)[number];

/** A requested file sent on to the customer's FTP/SFTP server: waiting for the file, uploading, delivered or failed. */
export const DELIVERY_STATES = ['waiting', 'uploading', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * A requested file's stage in my content (spec: accounts §4 "Video request"): transcoding (with a
 * percentage), downloading (rendered, being stored), download now (ready, not fetched yet), ready
 * (fetched); or failed (its charge given back) or cancelled.
 */
export const REQUEST_STAGES = ['transcoding', 'downloading', 'download_now', 'ready', 'failed', 'cancelled'] as const;
export type RequestStage = (typeof REQUEST_STAGES)[number];

/** GET /api/current_user/my_content/video_requests: the user's requested files, newest first. */
export const videoRequestSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_slug: z.string(),
  title: z.string(),
  quality: z.enum(QUALITIES),
  file_type: z.enum(CONTAINERS),
  video_format: z.enum(VIDEO_FORMATS),
  brand_position: z.enum(LOGO_POSITIONS).nullable(),
  stage: z.enum(REQUEST_STAGES),
  progress: z.number().int().min(0).max(100),
  /** A fresh signed link while the file can be fetched: none once the newsroom withheld or killed the story. */
  url: z.string().nullable(),
  /** The newsroom withheld or killed the story: the file is not to be used (its links answer 410). */
  withdrawn: z.boolean(),
  error: z.string().nullable(),
  /** The upload to the customer's FTP/SFTP server, when asked for; its error is a message to show. */
  delivery: z.enum(DELIVERY_STATES).nullable(),
  delivery_error: z.string().nullable(),
  created_at: z.string(),
});
export type VideoRequest = z.infer<typeof videoRequestSchema>;
export const videoRequestListSchema = z.object({ video_requests: z.array(videoRequestSchema) });
export type VideoRequestList = z.infer<typeof videoRequestListSchema>;

export const myContentQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(48).default(MY_CONTENT_PAGE_SIZE),
});

/** A downloaded item: the video as lists show it, how often and when it was last downloaded. */
export const myContentEntitySchema = z.object({
  video: videoProjectSummarySchema,
  downloads_count: z.number().int(),
  last_downloaded_at: z.string(),
  /** The story's state since (issue 24): my content marks a corrected or killed one (killed: do not use). */
  content_state: z.enum(['published', 'corrected', 'withheld', 'killed']),
});
export const myContentEntitiesSchema = z.object({
  entities: z.array(myContentEntitySchema),
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type MyContentEntities = z.infer<typeof myContentEntitiesSchema>;

/** One download of an item (an operation of its agreement, or free), with the customer's own comment. */
export const myContentOperationSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  quality: z.enum(QUALITIES),
  file_type: z.enum(CONTAINERS),
  video_format: z.enum(VIDEO_FORMATS),
  brand_position: z.enum(LOGO_POSITIONS).nullable(),
  agreement: z.object({ id: z.number().int(), agreement_type: z.string() }).nullable(),
  /** Whether it took an item of the agreement's balance (a repeat or a one-off licence does not). */
  charged: z.boolean(),
  comment: z.string().nullable(),
});
export type MyContentOperation = z.infer<typeof myContentOperationSchema>;
export const myContentOperationsSchema = z.object({ operations: z.array(myContentOperationSchema) });

export const operationCommentBodySchema = z.object({
  comment: z.string().trim().max(COMMENT_MAX_LENGTH, 'validation.max_length'),
});

/**
 * POST /api/content/video_projects/{id}/videos/request_world_exclusive (spec: content §1, §7): the
 * customer asks the agency for the world-exclusive rights to a video; one open request per customer
 * and video, which the agency's sales desk takes up (admin list).
 */
export const worldExclusiveRequestSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  created_at: z.string(),
});
export type WorldExclusiveRequest = z.infer<typeof worldExclusiveRequestSchema>;

/** The sales desk's list: each request with who asked, newest first. */
export const worldExclusiveRequestsSchema = z.object({
  world_exclusive_requests: z.array(
    worldExclusiveRequestSchema.extend({
      title: z.string(),
      user: z.object({ id: z.number().int(), email: z.string(), company_name: z.string().nullable() }),
    }),
  ),
});
