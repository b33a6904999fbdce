import { char, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BroadcastTownIcon } from '../../../common/broadcast.ts';
import type { Locale } from '../../../common/locales.ts';
import { jobTitles } from '../reference/schema.ts';
import type { StudioBookingState } from '../../../common/desk-inbox.ts';
import { inboxColumns } from '../business/inbox-columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
type PerLocale<T> = Record<Locale, T>;

/** The generated pictures a town may show, drawn by broadcast/photos.ts. */
export const BROADCAST_PHOTO_SCENES = ['studio', 'control_room', 'skyline'] as const;
export type BroadcastPhotoScene = (typeof BROADCAST_PHOTO_SCENES)[number];

/**
 * A studio city (spec: content §3 "Broadcast town"): its name, features and optional text per
 * interface language, its pictures and the catalogue videos it shows, in the page's order.
 */
export const broadcastTowns = pgTable('broadcast_towns', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').$type<BroadcastTownIcon>().notNull().default('studio'),
  names: jsonb('names').$type<PerLocale<string>>().notNull(),
  features: jsonb('features').$type<PerLocale<string[]>>().notNull(),
  texts: jsonb('texts').$type<Partial<PerLocale<string>>>().notNull().default({}),
  photos: jsonb('photos').$type<BroadcastPhotoScene[]>().notNull().default([]),
  /** Catalogue video projects by slug; their preview clips play on the town's page. */
  videos: jsonb('videos').$type<string[]>().notNull().default([]),
  position: integer('position').notNull().default(0),
});

/** An event the studios will cover (spec §3 "Broadcast event"): when, where, what. */
export const broadcastEvents = pgTable(
  'broadcast_events',
  {
    id: serial('id').primaryKey(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** ISO 3166 code; its name is said in the reader's language. */
    country: char('country', { length: 2 }).notNull(),
    city: jsonb('city').$type<PerLocale<string>>().notNull(),
    titles: jsonb('titles').$type<PerLocale<string>>().notNull(),
  },
  (table) => [index('broadcast_events_starts_idx').on(table.startsAt)],
);

/** A studio or equipment booking as the form sent it (spec §2 "Broadcast services"). */
export const broadcastBookings = pgTable(
  'broadcast_bookings',
  {
    id: serial('id').primaryKey(),
    townId: integer('town_id')
      .notNull()
      .references(() => broadcastTowns.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    jobTitleId: integer('job_title_id')
      .notNull()
      .references(() => jobTitles.id),
    company: text('company').notNull(),
    /** The day asked for, YYYY-MM-DD. */
    date: text('date').notNull(),
    details: text('details').notNull().default(''),
    locale: text('locale').$type<Locale>().notNull(),
    createdAt: at('created_at').notNull(),
    ...inboxColumns<StudioBookingState>(),
  },
  (table) => [
    index('broadcast_bookings_town_idx').on(table.townId, table.createdAt),
    index('broadcast_bookings_state_idx').on(table.state, table.createdAt),
  ],
);
