import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contentItems } from '../schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What ingest made of an item's master for the catalogue (keys in the file store): the preview clip,
 * the poster, thumbnails in the spec's sizes and the frames of the animated preview. Publishing
 * gives them to the video project. `errorCode` says why the master was refused, for the desk.
 */
export const contentItemMedia = pgTable('content_item_media', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => contentItems.id, { onDelete: 'cascade' }),
  previewKey: text('preview_key'),
  posterKey: text('poster_key'),
  thumbnailKeys: jsonb('thumbnail_keys').$type<Record<string, string>>().notNull().default({}),
  animatedKeys: text('animated_keys').array().$type<string[]>().notNull().default([]),
  errorCode: text('error_code'),
  updatedAt: at('updated_at').notNull(),
});
export type ContentItemMediaRow = typeof contentItemMedia.$inferSelect;

/**
 * Files seen in the drop folder and their size and modification time at the last scan: a file is
 * taken only when a scan finds it as the one before did (no longer being written).
 */
export const ingestDropFiles = pgTable('ingest_drop_files', {
  name: text('name').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  modifiedMs: bigint('modified_ms', { mode: 'number' }).notNull(),
  seenAt: at('seen_at').notNull(),
});
