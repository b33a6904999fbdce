import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LiveAccess, LiveBookingState, LiveEventStatus, TargetKind, TargetState } from '../../../common/live.ts';
import { users } from '../accounts/schema.ts';
import { tags, videoProjects } from '../catalogue/schema.ts';
import { assignmentColumns } from '../business/inbox-columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A live event (spec: content §3 "Live event", "Event detail"): its status, when it starts, whether
 * it is visible and kept off the front page, who may watch, and what the event page says about it.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** The title in the other content languages (the desk writes all four; `title` is the English one). */
    titles: jsonb('titles').$type<Partial<Record<'es' | 'ru' | 'ar', string>>>().notNull().default({}),
    description: text('description').notNull().default(''),
    status: text('status').$type<LiveEventStatus>().notNull(),
    startAt: at('start_at').notNull(),
    frontPageBan: boolean('front_page_ban').notNull().default(false),
    visible: boolean('visible').notNull().default(true),
    access: text('access').$type<LiveAccess>().notNull().default('free'),
    /** The event's own picture; none means the placeholder set (spec: image_type default). */
    imageUrl: text('image_url'),
    /** The hash of the picture uploaded by the console, drawn in every size (live/event-images.ts). */
    imageKey: text('image_key'),
    location: text('location'),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    quality: text('quality').notNull().default('1080p'),
    audiotrack: text('audiotrack').notNull().default(''),
    format: text('format').notNull().default(''),
    streamTo: jsonb('stream_to').$type<string[]>().notNull().default([]),
    /** The key the event's publisher pushes with (rtmp://host:port/live/{key}); only the console sees it. */
    streamKey: text('stream_key').unique(),
    /** The port of the event's SRT listener while it may stream (srt://host:port?passphrase={key}), else null. */
    srtPort: integer('srt_port'),
    /** What booking it costs a customer whose agreements do not cover it, in euro cents (bookings.ts). */
    bookingPriceCents: integer('booking_price_cents').notNull().default(25_000),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('live_events_start_idx').on(table.startAt)],
);

export const liveEventTags = pgTable(
  'live_event_tags',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => liveEvents.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.tagId] }), index('live_event_tags_tag_idx').on(table.tagId, table.eventId)],
);

/** A user follows an event (spec §4 "Following"): my events lists it. */
export const liveEventFollows = pgTable(
  'live_event_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => liveEvents.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventId] }), index('live_event_follows_event_idx').on(table.eventId)],
);

/** A customer's restream target of an event; the stream key is kept encrypted. */
export const liveTargets = pgTable(
  'live_targets',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => liveEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TargetKind>().notNull(),
    url: text('url'),
    streamKeyEncrypted: text('stream_key_encrypted'),
    tvuReceiver: text('tvu_receiver'),
    state: text('state').$type<TargetState>().notNull().default('idle'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('live_targets_user_event_idx').on(table.userId, table.eventId)],
);

/**
 * An event's recording, made when it finishes (a job): a video project of the catalogue with the
 * recording as its master, so it is found, watched and downloaded like any other video.
 */
export const liveRecordings = pgTable('live_recordings', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .unique()
    .references(() => liveEvents.id, { onDelete: 'cascade' }),
  projectId: integer('project_id')
    .notNull()
    .references(() => videoProjects.id, { onDelete: 'cascade' }),
  durationSeconds: integer('duration_seconds').notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * One publisher's session of an event (hls-session.ts), wherever it is packaged: its segments and
 * playlist are copied to the file store under `live/{event}/{id}/` as they are written, so every
 * API process serves the picture and any worker records it. The event's picture is on while its
 * newest published session has not ended and its packager was heard from lately (`seenAt`): a
 * process that died mid-session stops being on by itself.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: text('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => liveEvents.id, { onDelete: 'cascade' }),
    /** The process packaging it (host, pid and a random part). */
    owner: text('owner').notNull(),
    startedAt: at('started_at').notNull(),
    /** When its first playlist was stored; null: it never published (nothing to play or record). */
    publishedAt: at('published_at'),
    seenAt: at('seen_at').notNull(),
    endedAt: at('ended_at'),
    /** Segments stored, `seg00000.ts` up to `seg{segments - 1}.ts`. */
    segments: integer('segments').notNull().default(0),
  },
  (table) => [index('live_sessions_event_idx').on(table.eventId, table.startedAt)],
);

/**
 * A duty one process at a time holds (the live ingest: live/ingest-lease.ts): taken when free or
 * expired, renewed by its holder well before it expires, so another process takes over within one
 * lease time of the holder's end.
 */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * A customer's booking of a live event (issue 28): asked for with a note for the desk, pending
 * until the sales desk confirms it (then a one-off licence for the event, `agreementId`, gives
 * live access) or declines it; the customer may cancel it before the event starts. The price is
 * the one shown when it was asked for: null when the customer's agreements already cover the event.
 */
export const liveBookings = pgTable(
  'live_bookings',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => liveEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The booker's company when they had one: its members see the booking as theirs too. */
    companyId: integer('company_id'),
    state: text('state').$type<LiveBookingState>().notNull(),
    comment: text('comment').notNull().default(''),
    priceCents: integer('price_cents'),
    /** Why the desk declined it, told to the customer. */
    reason: text('reason'),
    agreementId: integer('agreement_id'),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    decidedBy: integer('decided_by'),
    ...assignmentColumns(),
  },
  (table) => [index('live_bookings_event_idx').on(table.eventId), index('live_bookings_user_idx').on(table.userId)],
);
