import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ListItemType } from '../../../common/lists.ts';
import { users } from '../accounts/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's list (spec: content §3 "List"): a title, public or private. The API and share links name
 * it by `public_id`, a random text, so a private list's existence cannot be learnt by counting ids.
 */
export const lists = pgTable(
  'lists',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('lists_user_idx').on(table.userId, table.id)],
);

/**
 * An item of a list (spec §3 "List item": item_type, item_id, list_id). No foreign key on item_id:
 * the type says which table it names; an item whose video is gone is not shown.
 */
export const listItems = pgTable(
  'list_items',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    itemType: text('item_type').$type<ListItemType>().notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  // Spec §5 'Video is already in this list': an item is in a list once, whatever arrives at once.
  (table) => [uniqueIndex('list_items_item_idx').on(table.listId, table.itemType, table.itemId)],
);
