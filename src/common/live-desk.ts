import { z } from 'zod';
import { ALERT_TARGETS, ALERT_TYPES, alertSchema, isAlertLink } from './alerts.ts';
import { bannerSchema } from './catalogue.ts';
import {
  LIVE_ACCESS,
  LIVE_EVENT_STATUSES,
  LIVE_LIMITS,
  TARGET_KINDS,
  TARGET_STATES,
  liveEventConsoleSchema,
  type LiveEventStatus,
} from './live.ts';
import { LOCALES } from './locales.ts';
import { zod } from './validators.ts';

/**
 * The live producer's desk (issue "Live desk and alert bars"): live events, their stream keys and
 * picture health, bookings and restream targets, alert bars and dashboard banners. The desk calls
 * the live, alerts and catalogue services; these are its own payloads.
 */

/**
 * Which status an event may go to from which (spec content §4 names the statuses, not the moves;
 * docs/decisions.md "Live desk"): before the picture the event may be re-announced freely, go live
 * or be canceled; a live event finishes or is terminated; finished, terminated and canceled are
 * final (the recording and the customers' bookings hang on them).
 */
const BEFORE = ['confirmed', 'delayed', 'ahead', 'next'] as const;
export const LIVE_STATUS_TRANSITIONS: Record<LiveEventStatus, readonly LiveEventStatus[]> = {
  confirmed: ['delayed', 'ahead', 'next', 'live', 'canceled'],
  delayed: ['confirmed', 'ahead', 'next', 'live', 'canceled'],
  ahead: ['confirmed', 'delayed', 'next', 'live', 'canceled'],
  next: ['confirmed', 'delayed', 'ahead', 'live', 'canceled'],
  live: ['finished', 'terminated'],
  finished: [],
  terminated: [],
  canceled: [],
};
export const STATUSES_BEFORE_LIVE: readonly LiveEventStatus[] = BEFORE;

export function canMoveTo(from: LiveEventStatus, to: LiveEventStatus): boolean {
  return LIVE_STATUS_TRANSITIONS[from].includes(to);
}

/** Titles in the four content languages; English is the one every list falls back to. */
export const liveTitlesSchema = z.object({
  en: zod.requiredText(LIVE_LIMITS.titleMax),
  es: zod.line(LIVE_LIMITS.titleMax).default(''),
  ru: zod.line(LIVE_LIMITS.titleMax).default(''),
  ar: zod.line(LIVE_LIMITS.titleMax).default(''),
});
export type LiveTitles = z.output<typeof liveTitlesSchema>;

const shortText = zod.line(LIVE_LIMITS.shortTextMax);
const bookingPrice = z
  .number({ error: 'validation.number' })
  .int('validation.number')
  .min(0, 'validation.number')
  .max(100_000_000, 'validation.number');
const shortList = z.array(shortText.min(1, 'validation.required')).max(LIVE_LIMITS.listMax, 'validation.max_length');

/** The fields the desk writes, without defaults: a change names only what it changes. */
const deskEventFields = {
  titles: liveTitlesSchema,
  description: z.string({ error: 'validation.text' }).max(LIVE_LIMITS.descriptionMax, 'validation.max_length'),
  start_at: z.iso.datetime({ offset: true, error: 'validation.date' }),
  access: z.enum(LIVE_ACCESS, { error: 'validation.required' }),
  visible: z.boolean(),
  front_page_ban: z.boolean(),
  location: shortText.nullable(),
  languages: shortList,
  quality: z.enum(['1080p', '720p', '360p'], { error: 'validation.required' }),
  tag_slugs: shortList,
  /** What booking costs a customer whose agreements do not cover the event, in euro cents (issue 28). */
  booking_price_cents: bookingPrice,
};

/** An event as the desk writes it: the window is its start (the feed opens 15 minutes before, spec §9). */
export const deskEventInputSchema = z.object({
  ...deskEventFields,
  description: deskEventFields.description.default(''),
  access: deskEventFields.access.default('free'),
  visible: deskEventFields.visible.default(true),
  front_page_ban: deskEventFields.front_page_ban.default(false),
  location: deskEventFields.location.default(null),
  languages: deskEventFields.languages.default([]),
  quality: deskEventFields.quality.default('1080p'),
  tag_slugs: deskEventFields.tag_slugs.default([]),
  booking_price_cents: deskEventFields.booking_price_cents.optional(),
});
export type DeskEventInput = z.output<typeof deskEventInputSchema>;
/**
 * A change: only the fields sent (no defaults, which would reset every field a change leaves out);
 * the status changes through its own call.
 */
export const deskEventChangesSchema = z
  .object({
    ...deskEventFields,
    titles: z
      .object({
        en: liveTitlesSchema.shape.en,
        es: zod.line(LIVE_LIMITS.titleMax),
        ru: zod.line(LIVE_LIMITS.titleMax),
        ar: zod.line(LIVE_LIMITS.titleMax),
      })
      .partial(),
  })
  .partial()
  .transform(
    (value) =>
      Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<Omit<DeskEventInput, 'titles'>> & {
        titles?: Partial<LiveTitles>;
      },
  );
export type DeskEventChanges = z.output<typeof deskEventChangesSchema>;

export const deskStatusBodySchema = z.object({ status: z.enum(LIVE_EVENT_STATUSES, { error: 'validation.required' }) });

/** The desk's view of an event: the console's, its four titles, where to push, and the moves open to it. */
export const deskEventSchema = liveEventConsoleSchema.extend({
  titles: z.object({ en: z.string(), es: z.string(), ru: z.string(), ar: z.string() }),
  rtmp_url: z.string().nullable(),
  srt_url: z.string().nullable(),
  next_statuses: z.array(z.enum(LIVE_EVENT_STATUSES)),
  updated_at: z.string(),
});
export type DeskEvent = z.infer<typeof deskEventSchema>;

export const DESK_EVENTS_PAGE_SIZE = 25;
export const deskEventsQuerySchema = z.object({
  status: z
    .union([z.enum(LIVE_EVENT_STATUSES), z.array(z.enum(LIVE_EVENT_STATUSES))])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  from: zod.calendarDate().optional(),
  to: zod.calendarDate().optional(),
  q: zod.line(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type DeskEventsQuery = z.input<typeof deskEventsQuerySchema>;
export const deskEventRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(LIVE_EVENT_STATUSES),
  start_at: z.string(),
  access: z.enum(LIVE_ACCESS),
  visible: z.boolean(),
});
export type DeskEventRow = z.infer<typeof deskEventRowSchema>;
export const deskEventsPageSchema = z.object({
  events: z.array(deskEventRowSchema),
  count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type DeskEventsPage = z.infer<typeof deskEventsPageSchema>;

/** Seconds without a fresh reading after which the publisher counts as gone (the ingest reads every 2 s). */
export const HEALTH_STALE_SECONDS = 10;
/** A picture whose newest segment is older than this is stalled, even with the publisher connected. */
export const SEGMENT_STALE_SECONDS = 6;
/** A viewer counts while they fetched the playlist within this many seconds. */
export const VIEWER_WINDOW_SECONDS = 30;

/** GET …/events/{id}/health: the incoming picture as the ingest last read it. */
export const pictureHealthSchema = z.object({
  connected: z.boolean(),
  healthy: z.boolean(),
  bitrate_kbps: z.number().nullable(),
  frame_rate: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  last_segment_age_seconds: z.number().nullable(),
  viewers: z.number().int(),
  sampled_at: z.string().nullable(),
  /** A signed link to the picture for the desk's preview player while it streams, else null. */
  preview_url: z.string().nullable(),
});
export type PictureHealth = z.infer<typeof pictureHealthSchema>;

/** Whether a reading is healthy: connected, fresh segments, and a picture with a size and a rate. */
export function isHealthy(reading: Pick<PictureHealth, 'connected' | 'last_segment_age_seconds' | 'width' | 'frame_rate'>): boolean {
  return (
    reading.connected &&
    reading.last_segment_age_seconds !== null &&
    reading.last_segment_age_seconds <= SEGMENT_STALE_SECONDS &&
    (reading.width ?? 0) > 0 &&
    (reading.frame_rate ?? 0) > 0
  );
}

export const deskBookingSchema = z.object({
  id: z.number().int(),
  customer: z.object({ id: z.number().int().nullable(), email: z.string().nullable(), name: z.string() }),
  company: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export const deskTargetSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TARGET_KINDS),
  url: z.string().nullable(),
  state: z.enum(TARGET_STATES),
  customer: z.object({ id: z.number().int(), email: z.string() }),
  created_at: z.string(),
});
export const deskEventPeopleSchema = z.object({ bookings: z.array(deskBookingSchema), targets: z.array(deskTargetSchema) });
export type DeskEventPeople = z.infer<typeof deskEventPeopleSchema>;

/** Alert bars at the desk: the customer's contract, written with the alerts' own schemas. */
export const deskAlertsSchema = z.object({ alerts: z.array(alertSchema) });
export { ALERT_TARGETS, ALERT_TYPES };

/** The dashboard's four banner places, first to fourth (spec content §3 "4 placeholders"; the seed counts from 0). */
export const BANNER_POSITIONS = [0, 1, 2, 3] as const;
export const BANNER_TARGETS = ['custom', 'live_event', 'video_project', 'tag'] as const;
const EXTID = /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;

const bannerFields = {
  title: zod.requiredText(200),
  locale: z.enum(LOCALES, { error: 'validation.required' }),
  position: z.coerce
    .number({ error: 'validation.required' })
    .int('validation.required')
    .refine((value) => (BANNER_POSITIONS as readonly number[]).includes(value), 'validation.required'),
  breaking: z.boolean(),
  target_link_to: z.enum(BANNER_TARGETS, { error: 'validation.required' }),
  custom_url: zod.line(LIVE_LIMITS.urlMax).nullish(),
  live_event_extid: zod.line(64).nullish(),
  video_project_extid: zod.line(64).nullish(),
  tag_id: zod.id().nullish(),
  image_url: zod.line(LIVE_LIMITS.urlMax).nullish(),
};

type BannerLinks = {
  target_link_to: (typeof BANNER_TARGETS)[number];
  custom_url?: string | null;
  live_event_extid?: string | null;
  video_project_extid?: string | null;
  tag_id?: number | null;
  image_url?: string | null;
};

/** The target decides which link is needed; only that one is kept. */
function checkBannerTarget(value: BannerLinks, ctx: z.RefinementCtx) {
  const need = (path: string, message = 'validation.required') => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (value.target_link_to === 'custom') {
    if (!value.custom_url) need('custom_url');
    else if (!isAlertLink(value.custom_url)) need('custom_url', 'validation.url');
  }
  if (value.target_link_to === 'live_event') {
    if (!value.live_event_extid) need('live_event_extid');
    else if (!EXTID.test(value.live_event_extid)) need('live_event_extid', 'validation.extid');
  }
  if (value.target_link_to === 'video_project') {
    if (!value.video_project_extid) need('video_project_extid');
    else if (!EXTID.test(value.video_project_extid)) need('video_project_extid', 'validation.extid');
  }
  if (value.target_link_to === 'tag' && !value.tag_id) need('tag_id');
  if (value.image_url && !isAlertLink(value.image_url)) need('image_url', 'validation.url');
}

export const bannerInputSchema = z
  .object({ ...bannerFields, breaking: bannerFields.breaking.default(false), locale: bannerFields.locale.default('en') })
  .superRefine(checkBannerTarget)
  .transform((value) => ({
    title: value.title,
    locale: value.locale,
    position: value.position,
    breaking: value.breaking,
    target_link_to: value.target_link_to,
    custom_url: value.target_link_to === 'custom' ? (value.custom_url ?? null) : null,
    live_event_extid: value.target_link_to === 'live_event' ? (value.live_event_extid ?? null) : null,
    video_project_extid: value.target_link_to === 'video_project' ? (value.video_project_extid ?? null) : null,
    tag_id: value.target_link_to === 'tag' ? (value.tag_id ?? null) : null,
    image_url: value.image_url || null,
  }));
export type BannerInput = z.output<typeof bannerInputSchema>;
export const bannerChangesSchema = z.object(bannerFields).partial();
export type BannerChanges = z.output<typeof bannerChangesSchema>;
export const deskBannersSchema = z.object({ banners: z.array(bannerSchema) });
