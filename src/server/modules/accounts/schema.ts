import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeskRole } from '../../../common/desk-roles.ts';
import type { Locale } from '../../../common/locales.ts';
import type { LocalizedNames } from '../reference/data/regions.ts';
import { countries } from '../reference/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A customer company; members are the users pointing at it (spec §3 "Company"). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().default(''),
  /** The team's logo for branded files: a PNG in the file store (`logos/<sha256>.png`). */
  logoKey: text('logo_key'),
  countryId: integer('country_id').references(() => countries.id),
  vatId: text('vat_id'),
  hasNoVat: boolean('has_no_vat').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always lower-cased (spec §5). */
    email: text('email').notNull(),
    /** argon2id; null until the confirmation profile sets a password. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id),
    companyId: integer('company_id').references(() => companies.id),
    /** A company's master accepts its agreements and runs its team; members work under them. */
    companyRole: text('company_role').$type<'master' | 'member'>(),
    companyName: text('company_name').notNull().default(''),
    notACompany: boolean('not_a_company').notNull().default(false),
    promoCode: text('promo_code').notNull().default(''),
    tvuEmail: text('tvu_email').notNull().default(''),
    profileLocale: text('profile_locale').$type<Locale>().notNull().default('en'),
    notificationLocale: text('notification_locale').$type<Locale>().notNull().default('en'),
    timeZone: text('time_zone'),
    liveEventNotifications: boolean('live_event_notifications').notNull().default(true),
    videoBrandingNotifications: boolean('video_branding_notifications').notNull().default(true),
    newsletter: boolean('newsletter').notNull().default(false),
    newsletterPopupShownAt: at('newsletter_popup_shown_at'),
    ftpServer: text('ftp_server').notNull().default(''),
    ftpUsername: text('ftp_username').notNull().default(''),
    /** AES-256-GCM with the app secret; never returned. */
    ftpPasswordEncrypted: text('ftp_password_encrypted'),
    /** The logo for branded files of a user without a company (a company's is the company's). */
    logoKey: text('logo_key'),
    userGroup: text('user_group').$type<'client' | 'customer' | 'other'>().notNull().default('other'),
    adminGroup: text('admin_group').$type<'client_supervisor'>(),
    /** Admins confirm sign-in with an e-mailed code (spec §6). */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** An admin's desk roles (src/common/desk.ts): staff are admins holding at least one. */
    deskRoles: text('desk_roles').array().$type<DeskRole[]>().notNull().default([]),
    isLandingUser: boolean('is_landing_user').notNull().default(false),
    externalLandingId: text('external_landing_id'),
    termsAcceptedVersion: integer('terms_accepted_version'),
    confirmedAt: at('confirmed_at'),
    deactivatedAt: at('deactivated_at'),
    failedSignInCount: integer('failed_sign_in_count').notNull().default(0),
    lockedUntil: at('locked_until'),
    lastSignInAt: at('last_sign_in_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_company_id_idx').on(table.companyId)],
);

/** Server-side sessions: only a hash of the cookie's random id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const TOKEN_KINDS = ['confirmation', 'reset_password', 'unlock', 'two_factor', 'account_transfer'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** Single-use e-mailed tokens, stored hashed, each with its own expiry. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Two-factor: the random id of the pending sign-in the code belongs to (hashed). */
    challengeHash: text('challenge_hash'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptIp: text('last_attempt_ip'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('user_tokens_kind_hash_unique').on(table.kind, table.tokenHash),
    index('user_tokens_user_kind_idx').on(table.userId, table.kind),
    index('user_tokens_challenge_idx').on(table.challengeHash),
  ],
);

export const releaseNotes = pgTable('release_notes', {
  id: serial('id').primaryKey(),
  published: boolean('published').notNull().default(false),
  publishedAt: at('published_at'),
  titles: jsonb('titles').$type<LocalizedNames>().notNull(),
  texts: jsonb('texts').$type<LocalizedNames>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const acceptedReleaseNotes = pgTable(
  'accepted_release_notes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releaseNoteId: integer('release_note_id')
      .notNull()
      .references(() => releaseNotes.id, { onDelete: 'cascade' }),
    acceptedAt: at('accepted_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.releaseNoteId] })],
);

/** Versions of the terms of service; a user has accepted the terms when they accepted the latest. */
export const termsVersions = pgTable('terms_versions', {
  version: integer('version').primaryKey(),
  publishedAt: at('published_at').notNull(),
  popupContent: jsonb('popup_content').$type<LocalizedNames>().notNull(),
  content: jsonb('content').$type<LocalizedNames>().notNull(),
});

/** Marketing opt-ins waiting for the marketing sync (spec §7 send_to_pardot). */
export const marketingOutbox = pgTable(
  'marketing_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    payload: jsonb('payload').$type<Record<string, string | boolean | null>>().notNull(),
    createdAt: at('created_at').notNull(),
    syncedAt: at('synced_at'),
  },
  (table) => [
    index('marketing_outbox_pending_idx')
      .on(table.createdAt)
      .where(sql`synced_at IS NULL`),
  ],
);
