import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Media work a user has started and that has not finished: a render of their requested file, their
 * logo being redrawn. A user has at most MEDIA_WORK_PER_USER at once, counted under their row lock,
 * so the cap holds however many processes render. Work whose process died frees its place when its
 * lease runs out (a render renews it while it runs).
 */
export const mediaWork = pgTable(
  'media_work',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'render' | 'logo'>().notNull(),
    startedAt: at('started_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('media_work_user_idx').on(table.userId)],
);

/**
 * A master's storyboard (issue 28, "Previews you can scrub"): its sprite of thumbnails and the VTT
 * that maps times to them, in the file store under `storyboards/{token}/`. Keyed by the master's
 * storage key, not the project: the demo's projects share a few masters, and each master needs
 * one storyboard. The token changes when a storyboard is made again, so its addresses may be cached.
 */
export const storyboards = pgTable(
  'storyboards',
  {
    id: serial('id').primaryKey(),
    masterKey: text('master_key').notNull(),
    token: text('token').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    tiles: integer('tiles').notNull(),
    /** The master's length as ffmpeg read it, in milliseconds (the listing's may differ). */
    durationMs: integer('duration_ms').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [uniqueIndex('storyboards_master_key_idx').on(table.masterKey)],
);
