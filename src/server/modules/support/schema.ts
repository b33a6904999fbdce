import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../common/locales.ts';
import type { SiteVariant } from '../../../common/site.ts';
import type { SupportKind, SupportStatus } from '../../../common/support.ts';
import { users } from '../accounts/schema.ts';
import { assignmentColumns } from '../business/inbox-columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The support inbox (spec accounts §2): a signed-in customer's chat (one per customer, reopened when
 * they write again) or one piece of feedback from the Russian variant's bubble (answered by e-mail).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<SupportKind>().notNull(),
    status: text('status').$type<SupportStatus>().notNull().default('open'),
    /** The customer; null for a visitor's feedback (or once the account is gone: the e-mail stays). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where replies to feedback go; for a chat, the customer's address when they wrote last. */
    email: text('email').notNull(),
    /** The language and variant the customer wrote in last: their reply e-mails speak it. */
    locale: text('locale').$type<Locale>().notNull(),
    siteVariant: text('site_variant').$type<SiteVariant>().notNull(),
    createdAt: at('created_at').notNull(),
    lastMessageAt: at('last_message_at').notNull(),
    /** The last message is the customer's: the desk shows these first. */
    unanswered: boolean('unanswered').notNull().default(true),
    /** The last staff reply the customer has read (the widget's unread count is of later ones). */
    customerReadMessageId: bigint('customer_read_message_id', { mode: 'number' }).notNull().default(0),
    /** The latest staff reply, and when it came: the reply e-mail waits a minute for the customer to read it. */
    lastStaffMessageId: bigint('last_staff_message_id', { mode: 'number' }).notNull().default(0),
    lastStaffMessageAt: at('last_staff_message_at'),
    /** An e-mail told the customer of their unread replies; false again once they read. */
    customerMailed: boolean('customer_mailed').notNull().default(false),
    /** Who at the desk has the conversation, and the desk's note (issue 29's inboxes). */
    ...assignmentColumns(),
  },
  (table) => [
    // One chat per customer: their next message after a close reopens it.
    uniqueIndex('support_conversations_chat_user_idx')
      .on(table.userId)
      .where(sql`${table.kind} = 'chat'`),
    index('support_conversations_inbox_idx').on(table.status, table.unanswered, table.lastMessageAt),
    index('support_conversations_reply_mail_idx')
      .on(table.lastStaffMessageAt)
      .where(sql`${table.customerMailed} = false`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<'customer' | 'staff'>().notNull(),
    /** The staff member who replied; null for the customer's messages (or once the staff account is gone). */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('support_messages_conversation_idx').on(table.conversationId, table.id)],
);
