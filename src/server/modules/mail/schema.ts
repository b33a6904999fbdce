import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The embedded mail transport keeps every message here; /dev/mailbox lists them. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
