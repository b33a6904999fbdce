import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

/**
 * The columns every inbox's table has (src/common/desk-inbox.ts): its state, who at the desk has
 * it, when the state last moved, and the desk's own note. A function, so each table gets its own.
 */
export const inboxColumns = <S extends string>() => ({
  state: text('state')
    .$type<S>()
    .notNull()
    .default('new' as S),
  assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  stateChangedAt: timestamp('state_changed_at', { withTimezone: true, mode: 'date' }),
  deskNote: text('desk_note').notNull().default(''),
});

/** For an inbox whose table already has its own state (live bookings): the assignee and the note. */
export const assignmentColumns = () => ({
  assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  deskNote: text('desk_note').notNull().default(''),
});
