import { z } from 'zod';

/**
 * The notice centre (issue 28, "Discovery"): what the app told a user in a pop-up (a file ready,
 * a failure, a live event starting, a kill or correction of a story they downloaded) is kept, so it
 * can be read after the pop-up has gone. The browser translates a notice from its text key and values.
 */

/** What a notice is about; `saved_search_match` is kept for saved searches, which tell nothing yet. */
export const NOTICE_KINDS = ['file_ready', 'failure', 'live_starting', 'content_notice', 'saved_search_match'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What a notice says: `noticeCentre.texts.{key}` in the browser's catalogue, with the notice's values. */
export const NOTICE_TEXT_KEYS = [
  'fileReady',
  'reportReady',
  'renderFailed',
  'deliveryFailed',
  'liveStarting',
  'contentKilled',
  'contentCorrected',
  'savedSearchMatch',
] as const;
export type NoticeTextKey = (typeof NOTICE_TEXT_KEYS)[number];

export const NOTICE_LIMITS = {
  /** Notices kept per user: a new one prunes the oldest past this many. */
  keptPerUser: 200,
  /** A page of the list. */
  pageDefault: 20,
  pageMax: 50,
  /** Characters of one value (a title, a reason) as it is kept. */
  valueMax: 300,
} as const;

/** A notice id in a path or query: a positive whole number (the table's ids are 64-bit). */
const noticeId = () =>
  z.coerce
    .number({ error: 'validation.number' })
    .int('validation.number')
    .min(1, 'validation.number')
    .max(Number.MAX_SAFE_INTEGER, 'validation.number');

export const noticeSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_KINDS),
  text_key: z.enum(NOTICE_TEXT_KEYS),
  values: z.record(z.string(), z.string()),
  /**
   * Where the notice leads: a screen's path without the locale (`/user/my-content`, which the
   * browser puts under the page's language), or a file's signed path (`/files/…`); null for none.
   */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/current_user/notices: newest first; `before` is the last id of the page already shown. */
export const noticesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.number')
    .min(1, 'validation.number')
    .max(NOTICE_LIMITS.pageMax, 'validation.number')
    .default(NOTICE_LIMITS.pageDefault),
  before: noticeId().optional(),
});
export type NoticesQuery = z.infer<typeof noticesQuerySchema>;

export const noticesPageSchema = z.object({
  notices: z.array(noticeSchema),
  unread_count: z.number(),
  /** The `before` of the next page; null on the last. */
  next_before: z.number().nullable(),
});
export type NoticesPage = z.infer<typeof noticesPageSchema>;

export const unreadCountSchema = z.object({ unread_count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const noticeIdParamsSchema = z.object({ id: noticeId() });

/** POST /api/current_user/notices/:id/read */
export const noticeReadSchema = z.object({ notice: noticeSchema, unread_count: z.number() });
export type NoticeRead = z.infer<typeof noticeReadSchema>;

/**
 * POST /api/current_user/notices/read_all: every notice up to `up_to` (the newest the reader has
 * seen), so one that arrives meanwhile stays unread; without it (or without a body), every notice.
 */
export const readAllBodySchema = z.object({ up_to: noticeId().optional() }).nullish();
export type ReadAllBody = z.infer<typeof readAllBodySchema>;
export const readAllSchema = z.object({ marked: z.number(), unread_count: z.number() });
export type ReadAll = z.infer<typeof readAllSchema>;

/**
 * On the user's notifications channel (realtime.ts) beside the pop-ups: a notice was kept, or
 * notices were read (in another tab), with the unread count after it.
 */
export const noticeChannelMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notice'), notice: noticeSchema }),
  z.object({ type: z.literal('notices_read'), unread_count: z.number() }),
]);
export type NoticeChannelMessage = z.infer<typeof noticeChannelMessageSchema>;
