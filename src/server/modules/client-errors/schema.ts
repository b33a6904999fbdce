import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ClientErrorKind } from '../../../common/client-error-limits.ts';
import { users } from '../accounts/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Errors browsers reported (POST /api/client_errors), read at the desk; kept 30 days
 * (CLIENT_ERROR_RETENTION_DAYS), then pruned by a daily job.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: at('received_at').notNull(),
    /** The browser's clock: shown, never trusted for pruning or paging. */
    occurredAt: at('occurred_at').notNull(),
    kind: text('kind').$type<ClientErrorKind>().notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url').notNull(),
    release: text('release'),
    userAgent: text('user_agent'),
    /** The failed API call, for `api` reports. */
    requestMethod: text('request_method'),
    requestPath: text('request_path'),
    requestStatus: integer('request_status'),
    errorCode: text('error_code'),
    /** Signed in when reporting; null for a visitor, or once the account is gone. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
  },
  (table) => [
    index('client_errors_received_idx').on(table.receivedAt),
    index('client_errors_status_idx').on(table.requestStatus, table.id.desc()),
  ],
);
