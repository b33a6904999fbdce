import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContentFields, ContentState, MediaState, Probe } from '../../../common/newsroom.ts';
import { users } from '../accounts/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A story of the newsroom: its master on its way in, its description (`fields`, the describe
 * form's contract in src/common/newsroom.ts) and its place in the life cycle. `version` counts
 * saves, so two editors saving the same version find out (409); `revision` counts publications
 * (ninjs `version`: 1 when first published, one more at each correction).
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    /** ninjs `guid`/`uri`: stable for the item's whole life, whatever its catalogue slug. */
    guid: text('guid').notNull(),
    state: text('state').$type<ContentState>().notNull().default('draft'),
    version: integer('version').notNull().default(1),
    revision: integer('revision').notNull().default(0),
    fields: jsonb('fields').$type<ContentFields>().notNull(),
    mediaState: text('media_state').$type<MediaState>().notNull().default('none'),
    /** The stage the media pipeline is in, and how far (0–100), for the desk's progress. */
    mediaStage: text('media_stage'),
    mediaProgress: integer('media_progress').notNull().default(0),
    mediaError: text('media_error'),
    /** The upload's or dropped file's own name, as the desk shows it. */
    sourceName: text('source_name'),
    probe: jsonb('probe').$type<Probe>(),
    /** The master in the file store, once received and found usable. */
    masterKey: text('master_key'),
    /** The catalogue's video project made from the item when it was first published. */
    videoProjectId: integer('video_project_id').references(() => videoProjects.id, { onDelete: 'set null' }),
    scheduledAt: at('scheduled_at'),
    firstPublishedAt: at('first_published_at'),
    /** ninjs `versioncreated`: when the published version was made (moves at each correction). */
    versionCreatedAt: at('version_created_at'),
    correctionNote: text('correction_note'),
    killedReason: text('killed_reason'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('content_items_guid_unique').on(table.guid),
    index('content_items_state_updated_idx').on(table.state, table.updatedAt.desc()),
    index('content_items_scheduled_idx').on(table.scheduledAt),
    uniqueIndex('content_items_video_project_unique').on(table.videoProjectId),
    // The content API's stream of the desk's stories in versioncreated order (integration/content-api.ts
    // newsroomKey, the same expression): a page is read off it rather than by sorting every item.
    index('content_items_versioncreated_idx')
      .on(
        sql`(case when ${table.state} in ('withheld', 'killed') then ${table.updatedAt} else ${table.versionCreatedAt} end) desc`,
        table.videoProjectId.desc().nullsFirst(),
      )
      .where(sql`${table.versionCreatedAt} is not null`),
  ],
);
export type ContentItemRow = typeof contentItems.$inferSelect;

/**
 * A notice to a customer who downloaded a story that was then corrected or killed (issue 24): one
 * per customer, story, kind and revision, so a job run twice tells no one twice. The in-app notice
 * is the row; `mailedAt` and `pushedAt` say the e-mail and the push went out.
 */
export const contentNotices = pgTable(
  'content_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentItemId: integer('content_item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    videoProjectId: integer('video_project_id').references(() => videoProjects.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'corrected' | 'killed'>().notNull(),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    /** The correction's note, or the kill's reason. */
    note: text('note').notNull(),
    mailedAt: at('mailed_at'),
    pushedAt: at('pushed_at'),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('content_notices_once').on(table.userId, table.contentItemId, table.kind, table.revision),
    index('content_notices_user_idx').on(table.userId, table.id.desc()),
  ],
);
export type ContentNoticeRow = typeof contentNotices.$inferSelect;
