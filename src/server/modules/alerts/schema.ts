import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AlertTarget, AlertType } from '../../../common/alerts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Flash alert bars (spec: content §3 "Alert"); only the link field of the target is kept. */
export const alerts = pgTable('alerts', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  alertType: text('alert_type').$type<AlertType>().notNull(),
  targetLinkTo: text('target_link_to').$type<AlertTarget>().notNull(),
  customUrl: text('custom_url'),
  liveEventExtid: text('live_event_extid'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});
