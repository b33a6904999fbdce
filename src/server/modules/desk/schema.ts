import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditSubject } from '../../../common/desk.ts';
import { users } from '../accounts/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every desk action: who did what to which row, when, and the row before and after (ARCHITECTURE
 * "Staff side"). Written in the same transaction as the change, so an action and its entry exist
 * together or not at all; never updated or deleted by the platform.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    /** The staff member; null once their account is gone, or for the platform's own jobs. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** `domain.verb`, e.g. `alert.create`, `live_event.update`, `staff.roles`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').$type<AuditSubject>().notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at.desc(), table.id.desc()),
    index('audit_log_actor_idx').on(table.actorId, table.id.desc()),
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId, table.id.desc()),
  ],
);
