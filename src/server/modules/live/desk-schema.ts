import { boolean, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { liveEvents } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The incoming picture of an event as the ingest process last read it (live/desk-health.ts): in the
 * database, so the desk's call in any API process sees what the ingest in another one knows. A
 * reading older than a few seconds means the ingest holding it is gone.
 */
export const liveIngestHealth = pgTable('live_ingest_health', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => liveEvents.id, { onDelete: 'cascade' }),
  connected: boolean('connected').notNull(),
  bitrateKbps: integer('bitrate_kbps'),
  frameRate: real('frame_rate'),
  width: integer('width'),
  height: integer('height'),
  lastSegmentAt: at('last_segment_at'),
  sampledAt: at('sampled_at').notNull(),
});

/** Who watched an event's picture lately: one row per viewer, its last playlist fetch (live/desk-health.ts). */
export const liveViewers = pgTable(
  'live_viewers',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => liveEvents.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    seenAt: at('seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.viewer] }), index('live_viewers_seen_idx').on(table.eventId, table.seenAt)],
);

export type LiveIngestHealthRow = typeof liveIngestHealth.$inferSelect;
