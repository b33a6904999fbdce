import { z } from 'zod';
import { CONTAINERS, LOGO_POSITIONS, QUALITIES, VIDEO_FORMATS } from './catalogue-values.ts';
import { zod } from './validators.ts';

/**
 * Downloads (spec: content §3 "Download request", "Purchase search params", "Purchase result"; §8
 * download errors; §9 the daily limit). One contract per payload, shared by the route and the page.
 */

/** Spec §9: at most 30 downloads a day per user. */
export const DAILY_DOWNLOAD_LIMIT = 30;

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
});
export type DownloadBody = z.input<typeof downloadBodySchema>;

/** The purchase result: the file's signed URL when it exists; else a requested file completes later. */
export const purchaseResultSchema = z.object({
  exist: z.boolean(),
  url: z.string().nullable(),
  request_id: z.number().int(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

export const VIDEO_REQUEST_STATES = ['transcoding', 'ready', 'failed', 'cancelled'] as const;
export type VideoRequestState = (typeof VIDEO_REQUEST_STATES)[number];
