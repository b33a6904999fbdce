import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
