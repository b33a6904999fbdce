import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  /** On S3 (the drop prefix): the object's ETag, which changes with its content. */
  etag: text('etag'),
  /** On S3: when a process claimed the object (moving it out of the prefix is a copy, not an atomic rename). */
  claimedAt: at('claimed_at'),
  seenAt: at('seen_at').notNull(),
});

/**
 * Who holds each tus upload's lock (tus-locker.ts), shared by every API process: a lease the holder
 * renews while its request runs, so a crashed holder's lock ends on its own. A process that wants the
 * lock sets `releaseRequested`; the holder sees it at its next renewal and ends its request.
 */
export const tusLocks = pgTable('tus_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: at('expires_at').notNull(),
  releaseRequested: boolean('release_requested').notNull().default(false),
});
