import { z } from 'zod';

/**
 * Live events (spec: content §1, §3 "Live event", "Event detail", "My events"; §4 "Live event
 * status"; §7 live calls; §9). One contract per payload, shared by the routes and the pages.
 */
/** Live event statuses seen in the spec (§4 "Live event status"). */
export const LIVE_EVENT_STATUSES = ['confirmed', 'delayed', 'ahead', 'live', 'next', 'finished', 'terminated', 'canceled'] as const;
export type LiveEventStatus = (typeof LIVE_EVENT_STATUSES)[number];

/** Spec §7: 12 events a page. */
export const LIVE_PAGE_SIZE = 12;
/** Spec §9: the live feed opens 15 minutes before the start. */
export const LIVE_FEED_OPENS_MINUTES = 15;

/** Who may watch (spec §1): registered users, subscribers (pool), or the agency's clients only. */
export const LIVE_ACCESS = ['free', 'pool', 'client'] as const;
export type LiveAccess = (typeof LIVE_ACCESS)[number];

/** Statuses in which an event is still to come or going on: the dashboard adds only these. */
export const UPCOMING_STATUSES = ['confirmed', 'delayed', 'ahead', 'live', 'next'] as const satisfies readonly LiveEventStatus[];
/** Statuses an events list drops (spec §4 "Events list reading"). */
export const GONE_STATUSES = ['terminated', 'canceled'] as const satisfies readonly LiveEventStatus[];

/**
 * The placeholder set used when an event has no image of its own (spec §3: image_type default),
 * by size; the custom image gives the same sizes.
 */
export const liveImageSchema = z.object({
  url: z.string(),
  thumbnail: z.string(),
  w273: z.string(),
  w575: z.string(),
  w960: z.string(),
  large_brand: z.string(),
});

/** A tag an event is filed under, named in the caller's language (the catalogue's tag reference). */
export const liveTagSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

/** A live event as lists show it (spec §3 "Live event"). */
export const liveEventSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(LIVE_EVENT_STATUSES),
  start_at: z.string(),
  front_page_ban: z.boolean(),
  visible: z.boolean(),
  access: z.enum(LIVE_ACCESS),
  tags: z.array(liveTagSchema),
  image_type: z.enum(['default', 'custom']),
  image: liveImageSchema,
  location: z.string().nullable(),
  /** The caller follows it (false for visitors). */
  subscribed: z.boolean(),
  /** The caller booked it (false for visitors). */
  booked: z.boolean(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** One event by its slug (spec §3 "Event detail"). */
export const liveEventDetailSchema = liveEventSchema.extend({
  description: z.string(),
  languages: z.array(z.string()),
  quality: z.string(),
  audiotrack: z.string(),
  format: z.string(),
  stream_to: z.array(z.string()),
  /** A signed, expiring HLS playlist when the caller may watch and the feed is open; else null. */
  playback_url: z.string().nullable(),
});
export type LiveEventDetail = z.infer<typeof liveEventDetailSchema>;

export const liveEventsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(LIVE_PAGE_SIZE).default(LIVE_PAGE_SIZE),
});
export const liveEventsResponseSchema = z.object({
  live_events: z.array(liveEventSchema),
  count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type LiveEventsResponse = z.infer<typeof liveEventsResponseSchema>;

/** GET /api/content/live/current_user/my_events (spec §3 "My events"). */
export const myEventsSchema = z.object({
  count: z.number().int(),
  booked_events: z.array(liveEventSchema),
  followed_events: z.array(liveEventSchema),
});
export type MyEvents = z.infer<typeof myEventsSchema>;

/**
 * What a status change carries on the live-events channel: the event as lists show it, without
 * the caller's own flags (every reader keeps its own subscribed and booked).
 */
export const liveEventUpdateSchema = liveEventSchema.omit({ subscribed: true, booked: true });
export type LiveEventUpdate = z.infer<typeof liveEventUpdateSchema>;

export const LIVE_LIMITS = { titleMax: 200, descriptionMax: 5000, shortTextMax: 200, listMax: 20, urlMax: 2000 } as const;

const shortText = z.string({ error: 'validation.text' }).trim().max(LIVE_LIMITS.shortTextMax, 'validation.max_length');
const shortList = z.array(shortText.min(1, 'validation.required')).max(LIVE_LIMITS.listMax, 'validation.max_length');

/** The newsroom console's fields of an event, none of them defaulted (a change sends only some). */
const liveEventFields = {
  title: z.string({ error: 'validation.text' }).trim().min(1, 'validation.required').max(LIVE_LIMITS.titleMax, 'validation.max_length'),
  slug: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u, 'validation.url_path')
    .max(LIVE_LIMITS.titleMax, 'validation.max_length'),
  description: z.string({ error: 'validation.text' }).max(LIVE_LIMITS.descriptionMax, 'validation.max_length'),
  status: z.enum(LIVE_EVENT_STATUSES),
  start_at: z.iso.datetime({ offset: true, error: 'validation.date' }),
  front_page_ban: z.boolean(),
  visible: z.boolean(),
  access: z.enum(LIVE_ACCESS),
  location: shortText.nullable(),
  languages: shortList,
  quality: shortText,
  audiotrack: shortText,
  format: shortText,
  stream_to: shortList,
  /** The tags it is filed under, by slug. */
  tag_slugs: shortList,
  image_url: z.string().trim().max(LIVE_LIMITS.urlMax, 'validation.max_length').nullable(),
};

/**
 * A new event (admin calls, `{live_event: {...}}`): a title and a start are needed; the slug comes
 * from the title when not given.
 */
export const liveEventInputSchema = z.object({
  ...liveEventFields,
  slug: liveEventFields.slug.optional(),
  description: liveEventFields.description.default(''),
  status: liveEventFields.status.default('confirmed'),
  front_page_ban: liveEventFields.front_page_ban.default(false),
  visible: liveEventFields.visible.default(true),
  access: liveEventFields.access.default('free'),
  location: liveEventFields.location.default(null),
  languages: liveEventFields.languages.default([]),
  quality: liveEventFields.quality.default('1080p'),
  audiotrack: liveEventFields.audiotrack.default(''),
  format: liveEventFields.format.default(''),
  stream_to: liveEventFields.stream_to.default([]),
  tag_slugs: liveEventFields.tag_slugs.default([]),
  image_url: liveEventFields.image_url.default(null),
});
export type LiveEventInput = z.output<typeof liveEventInputSchema>;
export const liveEventBodySchema = z.object({ live_event: liveEventInputSchema });
/** A change: only the fields sent (a status change is `{live_event: {status}}`). */
export const liveEventChangesSchema = z.object(liveEventFields).partial();
export type LiveEventChanges = z.output<typeof liveEventChangesSchema>;
export const liveEventChangesBodySchema = z.object({ live_event: liveEventChangesSchema });
