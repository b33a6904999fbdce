import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AgreementStatus, AgreementType, ContentKind, Currency, OperationType } from '../../../common/agreements.ts';
import type { CompanySize, PlanRequestName, PlanRequestStatus } from '../../../common/plan-requests.ts';
import type { LocalizedNames } from '../reference/data/regions.ts';
import { companies, users } from '../accounts/schema.ts';
import { companyTypes, countries, jobTitles } from '../reference/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An agreement belongs to a user or to a company (exactly one); a company's agreements serve its
 * members and are accepted by its master. `claim_email` holds an approved request's agreement for
 * an address that has no account yet; the account with that address takes it when it signs in.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    claimEmail: text('claim_email'),
    agreementType: text('agreement_type').$type<AgreementType>().notNull(),
    status: text('status').$type<AgreementStatus>().notNull(),
    liveAccess: boolean('live_access').notNull().default(false),
    vodAccess: boolean('vod_access').notNull().default(true),
    access: text('access').$type<'all_content' | 'live' | 'video'>().notNull().default('all_content'),
    billingPeriod: text('billing_period').$type<'month' | 'year'>(),
    archivalDays: integer('archival_days'),
    durationValue: integer('duration_value'),
    durationUnit: text('duration_unit').$type<'months' | 'weeks' | 'days'>(),
    startDate: date('start_date', { mode: 'string' }),
    validTill: at('valid_till'),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    /** Files may be licensed under it by a delivery rule, with no one clicking (issue 30): the desk decides. */
    unattendedDelivery: boolean('unattended_delivery').notNull().default(false),
    renewalMonths: integer('renewal_months'),
    nextInvoiceDate: date('next_invoice_date', { mode: 'string' }),
    nextInvoiceCents: integer('next_invoice_cents'),
    topUpPriceCents: integer('top_up_price_cents'),
    currency: text('currency').$type<Currency>().notNull().default('EUR'),
    platformUrls: jsonb('platform_urls').$type<string[]>().notNull().default([]),
    /** A one-off licence's subject. */
    videoProjectId: integer('video_project_id'),
    liveEventId: integer('live_event_id'),
    /** The plan request it came from. */
    requestId: integer('request_id'),
    acceptedAt: at('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** A pass application's decision (docs/decisions.md "Applying for a pass"): when, by whom, and why it failed to qualify. */
    verifiedAt: at('verified_at'),
    verifiedBy: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('agreements_user_idx').on(table.userId),
    index('agreements_processing_idx')
      .on(table.status)
      .where(sql`${table.status} = 'processing'`),
    index('agreements_company_idx').on(table.companyId),
    index('agreements_claim_email_idx').on(table.claimEmail),
    check('agreements_one_owner', sql`num_nonnulls(${table.userId}, ${table.companyId}, ${table.claimEmail}) = 1`),
    check('agreements_pass_platforms', sql`jsonb_array_length(${table.platformUrls}) <= 2 or ${table.agreementType} <> 'pass'`),
  ],
);

/**
 * A balance per agreement and content kind. `amount` is always the sum of the operations of that
 * agreement and kind, written in the same transaction (service: `record`); charges decide on the
 * row under a lock. `refill_amount`: what a monthly refill brings it back to (null: no refill).
 */
export const agreementBalances = pgTable(
  'agreement_balances',
  {
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ContentKind>().notNull(),
    amount: integer('amount').notNull().default(0),
    /** What the current period started with, top-ups included (the progress bar's whole). */
    periodTotal: integer('period_total').notNull().default(0),
    refillAmount: integer('refill_amount'),
    /** The month (YYYY-MM) of the last refill. */
    refilledFor: text('refilled_for'),
    validTill: at('valid_till'),
  },
  (table) => [
    uniqueIndex('agreement_balances_pk').on(table.agreementId, table.kind),
    check('agreement_balances_not_negative', sql`${table.amount} >= 0`),
  ],
);

/**
 * Every use of an agreement: a download, a purchase, a top-up, a refund, a refill, an expiry. A
 * job's operations carry a key, so a job run twice records them once.
 */
export const agreementOperations = pgTable(
  'agreement_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    operationType: text('operation_type').$type<OperationType>().notNull(),
    kind: text('kind').$type<ContentKind>().notNull(),
    /** Signed: credits positive, uses negative. */
    amount: integer('amount').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    videoProjectId: integer('video_project_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('agreement_operations_agreement_idx').on(table.agreementId, table.kind),
    // The desk's balances report reads a period's operations.
    index('agreement_operations_created_idx').on(table.createdAt),
    uniqueIndex('agreement_operations_key_unique').on(table.idempotencyKey),
  ],
);

/** Demo requests for enterprise and regional plans (spec §3 "Enterprise request form", §4). */
export const agreementRequests = pgTable(
  'agreement_requests',
  {
    id: serial('id').primaryKey(),
    plan: text('plan').$type<PlanRequestName>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    jobTitleId: integer('job_title_id').references(() => jobTitles.id),
    companyName: text('company_name').notNull(),
    companyTypeId: integer('company_type_id').references(() => companyTypes.id),
    companyTypeOther: text('company_type_other'),
    companySize: text('company_size').$type<CompanySize>().notNull(),
    countryId: integer('country_id').references(() => countries.id),
    locale: text('locale').notNull().default('en'),
    status: text('status').$type<PlanRequestStatus>().notNull().default('processing'),
    agreementId: integer('agreement_id'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('agreement_requests_user_idx').on(table.userId), index('agreement_requests_email_idx').on(table.email)],
);

/** Planning sections (the newsroom's forward planning); who may read them is by agreement type. */
export const planningSections = pgTable('planning_sections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  titles: jsonb('titles').$type<LocalizedNames>().notNull(),
  bodies: jsonb('bodies').$type<LocalizedNames>().notNull(),
  agreementTypes: jsonb('agreement_types').$type<AgreementType[]>().notNull(),
  position: integer('position').notNull().default(0),
});
