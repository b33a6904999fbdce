import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every e-mail is written here, in the same transaction as the change that causes it (a
 * transactional outbox). The embedded transport stops there (/dev/mailbox lists the messages); the
 * SMTP transport's delivery loop sends pending rows and marks them sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    lockedAt: at('locked_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.id)
      .where(sql`sent_at IS NULL`),
  ],
);
