import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../common/locales.ts';
import { users } from '../accounts/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A browser's push client (spec: content §3 "Push client"): its settings, its subscription (the
 * push service's endpoint and the keys to encrypt for it) and, when someone was signed in as it
 * saved, their user: their followed tags and events and bookings decide what they get.
 */
export const pushClients = pgTable(
  'push_clients',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    notificationLocales: jsonb('notification_locales').$type<Locale[]>().notNull(),
    endpoint: text('endpoint').unique(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('push_clients_user_idx').on(table.userId)],
);

/** Each news item is pushed once (a live event going live twice, a job run twice): its kind and id. */
export const pushesSent = pgTable(
  'pushes_sent',
  {
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.subjectId] })],
);
