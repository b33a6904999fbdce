import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Container, LogoPosition, Quality, VideoFormat } from '../../../common/catalogue-values.ts';
import type { ApiKeyScope, SavedSearchQuery, WebhookEventType } from '../../../common/integration.ts';
import { companies, users } from '../accounts/schema.ts';
import { contentItems } from '../newsroom/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A key a newsroom's system calls the API with (issue 30). It acts as its owner (a company's master,
 * or a user without a company): the same agreements, balances and limits as their browser. The
 * secret is shown once; only its hash is kept, with a short prefix to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret, shown in the list ("nr_live_Ab3d…"). */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    lastUsedAt: at('last_used_at'),
    /** The key this one replaced when rotated (the old one stops at once). */
    rotatedFromId: integer('rotated_from_id'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [uniqueIndex('api_keys_secret_hash_unique').on(table.secretHash), index('api_keys_user_idx').on(table.userId)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Where a company (or a user without one) wants to be told of events (issue 30): signed per the
 * Standard Webhooks specification with the endpoint's own secret (kept encrypted, as it must be
 * read to sign).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    disabledAt: at('disabled_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.userId), index('webhook_endpoints_company_idx').on(table.companyId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event for one endpoint: sent until the endpoint answers 2xx, with exponential backoff for at
 * least a day. `dedupeKey` makes an event raised twice (a job run again) one message.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every attempt, so receivers can drop repeats. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    deliveredAt: at('delivered_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('webhook_messages_once').on(table.endpointId, table.dedupeKey),
    index('webhook_messages_endpoint_idx').on(table.endpointId, table.id.desc()),
    index('webhook_messages_due_idx').on(table.nextAttemptAt),
  ],
);
export type WebhookMessageRow = typeof webhookMessages.$inferSelect;

/** The log of every attempt: what the endpoint answered and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    status: integer('status'),
    latencyMs: integer('latency_ms').notNull(),
    /** The start of the endpoint's answer, or why there was none. */
    excerpt: text('excerpt').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('webhook_attempts_message_idx').on(table.messageId)],
);

/**
 * A search a user keeps (issue 30): its text and filters, and how they want to hear of new matches.
 * `seenAt` is their last look at it (the in-app count is of matches since).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').$type<SavedSearchQuery>().notNull(),
    notifyInApp: boolean('notify_in_app').notNull().default(true),
    /** off, now (a mail per match) or daily (one digest a day). */
    notifyEmail: text('notify_email').$type<'off' | 'now' | 'daily'>().notNull().default('off'),
    notifyPush: boolean('notify_push').notNull().default(false),
    notifyWebhook: boolean('notify_webhook').notNull().default(false),
    seenAt: at('seen_at').notNull(),
    /** When the daily digest last went out. */
    digestedAt: at('digested_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('saved_searches_user_idx').on(table.userId)],
);
export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** An item found to match a saved search when published or corrected: once per item and search. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    id: serial('id').primaryKey(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    contentItemId: integer('content_item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    mailedAt: at('mailed_at'),
    pushedAt: at('pushed_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('saved_search_matches_once').on(table.savedSearchId, table.contentItemId),
    index('saved_search_matches_created_idx').on(table.savedSearchId, table.createdAt),
  ],
);
export type SavedSearchMatchRow = typeof savedSearchMatches.$inferSelect;

/** Where a delivery rule sends files: an FTP or SFTP server, or an S3 bucket (issue 30). */
export type DeliveryDestination =
  | { protocol: 'ftp' | 'sftp'; host: string; port: number | null; username: string; directory: string }
  | { protocol: 's3'; endpoint: string | null; region: string; bucket: string; prefix: string; accessKeyId: string };

/**
 * A master's rule (issue 30): items matching one of their saved searches are rendered as the rule
 * says and delivered, unattended, with a ninjs sidecar, charged under the company's agreement
 * (one that allows unattended delivery). The destination's password or secret key is sealed.
 */
export const deliveryRules = pgTable(
  'delivery_rules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    videoFormat: text('video_format').$type<VideoFormat>().notNull(),
    quality: text('quality').$type<Quality>().notNull(),
    container: text('container').$type<Container>().notNull(),
    brandPosition: text('brand_position').$type<LogoPosition>(),
    destination: jsonb('destination').$type<DeliveryDestination>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('delivery_rules_search_idx').on(table.savedSearchId), index('delivery_rules_user_idx').on(table.userId)],
);
export type DeliveryRuleRow = typeof deliveryRules.$inferSelect;

/**
 * One thing a rule sent for one item's revision: its file and sidecar (`file`), or the kill's
 * sidecar and the file's removal (`cancel`). Unique, so an item's news handled twice delivers once.
 */
export const ruleDeliveries = pgTable(
  'rule_deliveries',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => deliveryRules.id, { onDelete: 'cascade' }),
    contentItemId: integer('content_item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    kind: text('kind').$type<'file' | 'cancel'>().notNull(),
    /** The requested file the rule licensed (a `file` delivery). */
    videoRequestId: integer('video_request_id'),
    state: text('state').$type<'pending' | 'rendering' | 'uploading' | 'delivered' | 'failed'>().notNull().default('pending'),
    /** Where the file went, to remove it at a kill. */
    remoteName: text('remote_name'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: at('delivered_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('rule_deliveries_once').on(table.ruleId, table.contentItemId, table.revision, table.kind),
    index('rule_deliveries_rule_idx').on(table.ruleId, table.id.desc()),
    index('rule_deliveries_request_idx').on(table.videoRequestId),
  ],
);
export type RuleDeliveryRow = typeof ruleDeliveries.$inferSelect;
