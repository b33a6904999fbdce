import { z } from 'zod';
import { LIVE_ACCESS, LIVE_EVENT_STATUSES, LIVE_PAGE_SIZE } from './live-values.ts';
import { zod } from './validators.ts';

export * from './live-values.ts';

/**
 * Live events (spec: content §1, §3 "Live event", "Event detail", "My events"; §4 "Live event
 * status"; §7 live calls; §9). One contract per payload, shared by the routes and the pages.
 */
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

/**
 * A booking's life (issue 28): asked for (pending), then confirmed by the sales desk (a one-off
 * licence: live access) or declined, or canceled by the customer before the start.
 */
export const LIVE_BOOKING_STATES = ['pending', 'confirmed', 'declined', 'canceled'] as const;
export type LiveBookingState = (typeof LIVE_BOOKING_STATES)[number];

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
  /** The caller's booking waiting for the desk, or confirmed (issue 28); null: none (and for visitors). */
  booking_state: z.enum(['pending', 'confirmed']).nullable().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The caller's booking of an event, as the event page shows it (issue 28). */
export const liveBookingSchema = z.object({
  id: z.number().int(),
  state: z.enum(LIVE_BOOKING_STATES),
  comment: z.string(),
  /** What it costs, in euro cents; null: the caller's agreements cover the event. */
  price_cents: z.number().int().nullable(),
  created_at: z.string(),
  /** Why the desk declined it. */
  reason: z.string().nullable(),
  /** The caller may still cancel it: pending or confirmed, and the event has not started. */
  can_cancel: z.boolean(),
});
export type LiveBooking = z.infer<typeof liveBookingSchema>;

/** What booking would cost the caller, shown before they book: euro cents, or null when their agreements cover it. */
export const liveBookingQuoteSchema = z.object({ price_cents: z.number().int().nullable(), currency: z.literal('EUR') });
export type LiveBookingQuote = z.infer<typeof liveBookingQuoteSchema>;

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
  /** Why the caller may not watch, by the live table (common/access.ts liveAccessTo); null when they may. */
  watch_refusal: z.enum(['login_required', 'live_access_required', 'clients_only']).nullable(),
  /** The signed-in caller's latest booking of it (issue 28); null: none, or a visitor. */
  booking: liveBookingSchema.nullable().optional(),
  /** What booking it would cost the signed-in caller; null for visitors and once it cannot be booked. */
  booking_quote: liveBookingQuoteSchema.nullable().optional(),
});
export type LiveEventDetail = z.infer<typeof liveEventDetailSchema>;

export const liveEventsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(LIVE_PAGE_SIZE).default(LIVE_PAGE_SIZE),
  /** The archive (`/events/archived-events`): finished events, the latest first. */
  archived: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
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
export const liveEventUpdateSchema = liveEventSchema.omit({ subscribed: true, booked: true, booking_state: true });
export type LiveEventUpdate = z.infer<typeof liveEventUpdateSchema>;

export const LIVE_LIMITS = { titleMax: 200, descriptionMax: 5000, shortTextMax: 200, listMax: 20, urlMax: 2000 } as const;

const shortText = zod.line(LIVE_LIMITS.shortTextMax);
const shortList = z.array(shortText.min(1, 'validation.required')).max(LIVE_LIMITS.listMax, 'validation.max_length');

/** The newsroom console's fields of an event, none of them defaulted (a change sends only some). */
const liveEventFields = {
  title: zod.line(LIVE_LIMITS.titleMax).refine((value) => value !== '', 'validation.required'),
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
  image_url: zod.line(LIVE_LIMITS.urlMax).nullable(),
  /** What booking costs a customer whose agreements do not cover the event, in euro cents (issue 28). */
  booking_price_cents: z
    .number({ error: 'validation.number' })
    .int('validation.number')
    .min(0, 'validation.number')
    .max(100_000_000, 'validation.number')
    .optional(),
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

/**
 * Where a customer restreams an event (spec §1 "Live-event stream targets"): a platform's RTMP
 * ingest, their own RTMP server (HD or full HD), an SRT listener, an HLS pull of our own, or a TVU
 * receiver.
 */
export const TARGET_KINDS = [
  'facebook',
  'facebook_api',
  'youtube',
  'periscope',
  'vkontakte',
  'odnoklassniki',
  'custom_rtmp_hd',
  'custom_rtmp_full_hd',
  'srt',
  'hls_full_hd',
  'tvu',
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
/**
 * Kinds the customer gives an ingest address and a stream key for (the rest: an SRT address, an HLS
 * link of ours, a TVU receiver, or Facebook's Live API stream URL, which carries its key).
 * `facebook` is Facebook's base kind: the server URL and stream key its Live Producer shows;
 * `facebook_api` is the spec's api kind (content §1 "facebook (base and api)", docs/decisions.md).
 */
export const RTMP_TARGET_KINDS = TARGET_KINDS.filter((kind) => !['srt', 'hls_full_hd', 'tvu', 'facebook_api'].includes(kind));
/** Kinds restreamed by pushing to an address the customer gave (RTMP or SRT). */
export const PUSHED_TARGET_KINDS = TARGET_KINDS.filter((kind) => !['hls_full_hd', 'tvu'].includes(kind));
/** Spec §3 "Up to a number of streams is allowed": five targets per customer and event. */
export const MAX_TARGETS_PER_EVENT = 5;
export const TARGET_STATES = ['idle', 'connecting', 'streaming', 'failed'] as const;
export type TargetState = (typeof TARGET_STATES)[number];

const RTMP_URL = /^rtmps?:\/\/[^\s/]+(\/\S*)?$/i;
const SRT_URL = /^srt:\/\/[^\s/:]+:\d{2,5}(\?\S*)?$/i;
/** Facebook's Live API stream URL (`secure_stream_url`): RTMPS, an application, then the stream key. */
const FACEBOOK_API_URL = /^rtmps:\/\/[^\s/]+\/[^\s/?#]+\/[^\s/?#]+(\?\S*)?$/i;

/** An address of the right shape that is still no URI (a port past 65535, a bracket in the host): "Invalid URI". */
export function isUri(text: string): boolean {
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Facebook's Live API stream URL split as the platform keeps it: the address up to the application,
 * and the stream key (the last segment with its query), which is stored encrypted like any key.
 */
export function splitStreamUrl(text: string): { url: string; stream_key: string } {
  const url = new URL(text);
  const cut = url.pathname.lastIndexOf('/') + 1;
  return { url: `${url.protocol}//${url.host}${url.pathname.slice(0, cut)}`, stream_key: `${url.pathname.slice(cut)}${url.search}` };
}

/** POST …/events/{slug}/targets `{target: {...}}`: the address and key a kind needs, checked by kind. */
export const liveTargetInputSchema = z
  .object({
    kind: z.enum(TARGET_KINDS),
    url: zod.line(LIVE_LIMITS.urlMax).optional(),
    stream_key: zod.line(LIVE_LIMITS.shortTextMax).optional(),
    tvu_receiver: zod.line(LIVE_LIMITS.shortTextMax).optional(),
  })
  .superRefine((target, ctx) => {
    const need = (field: 'url' | 'stream_key' | 'tvu_receiver', message = 'validation.required') =>
      ctx.addIssue({ code: 'custom', message, path: [field] });
    if ((RTMP_TARGET_KINDS as readonly string[]).includes(target.kind)) {
      if (!target.url) need('url');
      else if (!RTMP_URL.test(target.url)) need('url', 'validation.rtmp');
      else if (!isUri(target.url)) need('url', 'validation.uri');
      if (!target.stream_key) need('stream_key');
    } else if (target.kind === 'facebook_api') {
      if (!target.url) need('url');
      else if (!RTMP_URL.test(target.url)) need('url', 'validation.rtmp');
      else if (!isUri(target.url)) need('url', 'validation.uri');
      else if (!FACEBOOK_API_URL.test(target.url)) need('url', 'validation.stream_url');
    } else if (target.kind === 'srt') {
      if (!target.url) need('url');
      else if (!SRT_URL.test(target.url)) need('url', 'validation.srt');
      else if (!isUri(target.url)) need('url', 'validation.uri');
    } else if (target.kind === 'tvu' && !target.tvu_receiver) need('tvu_receiver');
  });
export type LiveTargetInput = z.infer<typeof liveTargetInputSchema>;
export const liveTargetBodySchema = z.object({ target: liveTargetInputSchema });

/**
 * A target as its owner sees it: the key is never sent back, only whether one is set. An HLS pull
 * target's `url` is the event's signed playlist (a path on this site) to pull from.
 */
export const liveTargetSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  kind: z.enum(TARGET_KINDS),
  url: z.string().nullable(),
  stream_key_set: z.boolean(),
  tvu_receiver: z.string().nullable(),
  state: z.enum(TARGET_STATES),
  created_at: z.string(),
});
export type LiveTarget = z.infer<typeof liveTargetSchema>;
export const liveTargetsSchema = z.object({ targets: z.array(liveTargetSchema) });

/** POST …/events/{slug}/tokens `{language_id}`: a signed, expiring token to pull the event in one language. */
export const liveTokenBodySchema = z.object({
  language_id: z.string().trim().min(1, 'validation.required').max(16, 'validation.max_length'),
});
export const liveTokenSchema = z.object({ token: z.string(), language_id: z.string(), expires_at: z.string() });

/** GET /api/content/live/transcoder_providers: each target kind and what the customer gives for it. */
type TargetField = 'url' | 'stream_key' | 'tvu_receiver';
function targetNeeds(kind: TargetKind): TargetField[] {
  if (kind === 'srt' || kind === 'facebook_api') return ['url'];
  if (kind === 'tvu') return ['tvu_receiver'];
  if (kind === 'hls_full_hd') return [];
  return ['url', 'stream_key'];
}
export const TRANSCODER_PROVIDERS = TARGET_KINDS.map((kind) => ({ kind, needs: targetNeeds(kind) }));
export const transcoderProvidersSchema = z.object({
  providers: z.array(z.object({ kind: z.enum(TARGET_KINDS), needs: z.array(z.enum(['url', 'stream_key', 'tvu_receiver'])) })),
});

/** GET /api/content/live/tvu/receivers?username: the receivers of the caller's TVU account (their profile's TVU e-mail). */
export const tvuReceiversQuerySchema = z.object({
  username: zod.line(LIVE_LIMITS.shortTextMax).optional(),
});
export const tvuReceiverSchema = z.object({ id: z.string(), name: z.string(), online: z.boolean() });
export type TvuReceiver = z.infer<typeof tvuReceiverSchema>;
export const tvuReceiversSchema = z.object({ receivers: z.array(tvuReceiverSchema) });

/** POST …/events/{id}/bookings `{booking}`: the privacy policy accepted (spec §5), and a note for the desk. */
export const liveBookingBodySchema = z.object({
  booking: z.object({
    privacy_accepted: z.boolean().optional(),
    comment: z.string().trim().max(LIVE_LIMITS.descriptionMax, 'validation.max_length').optional(),
  }),
});

/**
 * The newsroom console's view of an event: the page's data, the publisher's stream key
 * (rtmp://host:port/live/{key}) and, while the event may stream, the port of its SRT listener
 * (srt://host:port?passphrase={key}).
 */
export const liveEventConsoleSchema = liveEventDetailSchema.extend({
  /** What booking costs a customer whose agreements do not cover it, in euro cents. */
  booking_price_cents: z.number().int(),
  stream_key: z.string().nullable(),
  srt_port: z.number().int().nullable(),
});
export type LiveEventConsole = z.infer<typeof liveEventConsoleSchema>;

/** GET /api/content/live/recordings: finished events' recordings, newest first, 12 a page (spec §7). */
export const liveRecordingSchema = z.object({
  id: z.number().int(),
  event: liveEventSchema,
  /** The recording's video in the catalogue: its page, player and downloads. */
  project_id: z.number().int(),
  project_slug: z.string(),
  duration: z.number().int(),
  recorded_at: z.string(),
  /**
   * The storyboard of the recording's master (issue 28, "Previews you can scrub"), as a video's
   * `storyboard_url`: a thumbnails VTT the card is scrubbed through; null until it is made.
   */
  storyboard_url: z.string().nullable(),
});
export type LiveRecording = z.infer<typeof liveRecordingSchema>;
export const liveRecordingsResponseSchema = z.object({
  recordings: z.array(liveRecordingSchema),
  count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type LiveRecordingsResponse = z.infer<typeof liveRecordingsResponseSchema>;

/** POST …/recordings/{id}/embed `{book_recording}`: the privacy policy accepted; answers a player to embed. */
export const recordingEmbedBodySchema = z.object({ book_recording: z.object({ privacy_accepted: z.boolean().optional() }) });
export const recordingEmbedSchema = z.object({ url: z.string(), embed_html: z.string(), expires_at: z.string() });
