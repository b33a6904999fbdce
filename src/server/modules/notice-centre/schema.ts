import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NoticeKind, NoticeTextKey } from '../../../common/notice-centre.ts';
import { users } from '../accounts/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What the app told a user, kept for the header's notice centre (issue 28): the newest
 * NOTICE_LIMITS.keptPerUser of each user; a new notice prunes the oldest in its transaction.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    textKey: text('text_key').$type<NoticeTextKey>().notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    /** A screen's path without the locale, or a file's signed path (common/notice-centre.ts). */
    link: text('link'),
    /**
     * What the notice is about (`request:12:ready`, `live:3`, `content:9:killed:2`): one notice per
     * user and subject, so a job run twice tells no one twice.
     */
    subject: text('subject').notNull(),
    createdAt: at('created_at').notNull(),
    readAt: at('read_at'),
  },
  (table) => [
    uniqueIndex('user_notices_subject_unique').on(table.userId, table.subject),
    index('user_notices_user_idx').on(table.userId, table.id.desc()),
  ],
);
