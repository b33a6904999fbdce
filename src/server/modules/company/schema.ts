import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContentKind } from '../../../common/agreement-values.ts';
import { companies, users } from '../accounts/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's limit of one content kind (spec §5): how many items of it they may download a month
 * under the company's agreements; `limit` null is no limit. Set by the company's master or an admin.
 */
export const userLimits = pgTable(
  'user_limits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ContentKind>().notNull(),
    limit: integer('limit'),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [uniqueIndex('user_limits_member_kind_unique').on(table.userId, table.kind)],
);
