import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Container, LogoPosition, Quality, VideoFormat } from '../../../common/catalogue-values.ts';
import type { DeliveryState, VideoRequestState } from '../../../common/downloads.ts';
import { users } from '../accounts/schema.ts';
import { agreementOperations, agreements } from '../agreements/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';
import type { WorldExclusiveState } from '../../../common/desk-inbox.ts';
import { inboxColumns } from '../business/inbox-columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One download asked for (spec: content §4 "Requested videos"): who, which video, under which
 * agreement and operation (none for free material or a repeat), which rendition, and the requested
 * file's state until it can be fetched. The daily limit counts these; my content lists them.
 */
export const videoRequests = pgTable(
  'video_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => videoProjects.id, { onDelete: 'cascade' }),
    agreementId: integer('agreement_id').references(() => agreements.id, { onDelete: 'set null' }),
    operationId: bigint('operation_id', { mode: 'number' }).references(() => agreementOperations.id, { onDelete: 'set null' }),
    quality: text('quality').$type<Quality>().notNull(),
    container: text('container').$type<Container>().notNull(),
    format: text('format').$type<VideoFormat>().notNull(),
    brandPosition: text('brand_position').$type<LogoPosition>(),
    state: text('state').$type<VideoRequestState>().notNull(),
    progress: integer('progress').notNull().default(0),
    /** The customer's logo a branded file carries (its key names its hash). */
    logoKey: text('logo_key'),
    /** The customer's own note on this download (my content). */
    comment: text('comment'),
    /** The rendition's cache key: the same parameters (and logo) are the same file. */
    renditionKey: text('rendition_key').notNull(),
    error: text('error'),
    /** When its file was first fetched: "download now" until then, "ready" after. */
    fetchedAt: at('fetched_at'),
    /** Sent on to the customer's own FTP/SFTP server once ready: its state and why it failed. */
    delivery: text('delivery').$type<DeliveryState>(),
    deliveryError: text('delivery_error'),
    /** The delivery rule that licensed it, unattended (issue 30): it goes to the rule's destination. */
    deliveryRuleId: integer('delivery_rule_id'),
    /** Cleared from my content's requested files (it still counts towards the day's downloads). */
    clearedAt: at('cleared_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('video_requests_user_day_idx').on(table.userId, table.createdAt),
    index('video_requests_rendition_idx').on(table.renditionKey),
    // The desk's reports count a period's downloads (business/reports.ts).
    index('video_requests_created_idx').on(table.createdAt),
  ],
);

/** A project's master file in the file store (the demo's projects share a few generated ones). */
export const videoMasters = pgTable('video_masters', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => videoProjects.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  durationSeconds: integer('duration_seconds').notNull(),
});

/** A rendered file, by its rendition key: asking again for the same rendition renders nothing. */
export const renditions = pgTable('renditions', {
  renditionKey: text('rendition_key').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => videoProjects.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull(),
});

/** A customer's request for the world-exclusive rights to a video: one per customer and video. */
export const worldExclusiveRequests = pgTable(
  'world_exclusive_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => videoProjects.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    ...inboxColumns<WorldExclusiveState>(),
  },
  (table) => [
    uniqueIndex('world_exclusive_requests_user_project_idx').on(table.userId, table.projectId),
    index('world_exclusive_requests_state_idx').on(table.state, table.createdAt),
  ],
);
