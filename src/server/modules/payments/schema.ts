import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  date,
} from 'drizzle-orm/pg-core';
import type { ContentKind, Currency } from '../../../common/agreement-values.ts';
import type { PaymentProviderName, PurchaseKind, TransactionStatus } from '../../../common/payment-values.ts';
import type { VatReason } from '../../../common/vat.ts';
import { users } from '../accounts/schema.ts';
import { countries } from '../reference/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Spec §3 "Billing": who is invoiced, per user; a purchase needs its country (spec §8). */
export const billingSettings = pgTable('billing_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'individual' | 'company'>().notNull().default('individual'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  email: text('email').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  vatId: text('vat_id'),
  hasNoVat: boolean('has_no_vat').notNull().default(false),
  address1: text('address_1').notNull().default(''),
  address2: text('address_2').notNull().default(''),
  zip: text('zip').notNull().default(''),
  city: text('city').notNull().default(''),
  countryId: integer('country_id').references(() => countries.id),
  region: text('region').notNull().default(''),
  updatedAt: at('updated_at').notNull(),
});

/** The buyer as invoiced when the transaction was made (a receipt never changes afterwards). */
export type BillingSnapshot = {
  kind: 'individual' | 'company';
  name: string;
  company_name: string;
  email: string;
  vat_id: string | null;
  address: string[];
  country_code: string;
};

/** What a pass purchase licenses (spec §3 "Subscription"). */
export type OrderDetails = {
  plan_id?: string;
  project_name?: string;
  platform_urls?: string[];
  video_title?: string;
  content_kind?: ContentKind;
  /** Top-up items bought. */
  quantity?: number;
  description?: string;
  /** Paid with the online wallet: the payer's wallet account, and the capture a refund names. */
  payer_email?: string;
  capture_id?: string;
  /** A first pass: the agreement waits in verification once paid (docs/decisions.md "Applying for a pass"). */
  application?: boolean;
};

/**
 * Every payment attempt (spec §3 "Transaction"). A purchase writes it pending before the provider
 * is asked, so a replay with the same idempotency key, or a second pass purchase, finds it; it is
 * completed by one conditional UPDATE (pending to succeeded), whoever confirms first.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<PurchaseKind>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** What the browser needs to finish an extra confirmation step (spec §3 "Payment fields"). */
    clientSecret: text('client_secret'),
    /** For a wallet: where the buyer approves the payment. */
    approveUrl: text('approve_url'),
    idempotencyKey: text('idempotency_key').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    vatRate: doublePrecision('vat_rate').notNull(),
    vatReason: text('vat_reason').$type<VatReason>().notNull(),
    order: jsonb('order').$type<OrderDetails>().notNull().default({}),
    billing: jsonb('billing').$type<BillingSnapshot>().notNull(),
    planId: text('plan_id'),
    videoProjectId: integer('video_project_id'),
    /** The agreement it paid for: created by a pass or one-off, renewed or topped up otherwise. */
    agreementId: integer('agreement_id'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Sequential per year, given when it succeeds: NR-2026-000042. */
    receiptNumber: text('receipt_number'),
    paidAt: at('paid_at'),
    refundedAt: at('refunded_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('transactions_idempotency_unique').on(table.userId, table.idempotencyKey),
    uniqueIndex('transactions_provider_payment_unique').on(table.provider, table.providerPaymentId),
    uniqueIndex('transactions_receipt_unique').on(table.receiptNumber),
    index('transactions_user_idx').on(table.userId, table.createdAt),
    index('transactions_pending_idx')
      .on(table.status)
      .where(sql`${table.status} = 'pending'`),
    // The desk's revenue report: a period's payments and refunds.
    index('transactions_paid_idx')
      .on(table.paidAt)
      .where(sql`${table.paidAt} is not null`),
    index('transactions_refunded_idx')
      .on(table.refundedAt)
      .where(sql`${table.refundedAt} is not null`),
  ],
);

/** Saved cards (spec §7 payment_methods): only the provider's id and what a person recognises. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('payment_methods_provider_unique').on(table.provider, table.providerMethodId),
    index('payment_methods_user_idx').on(table.userId),
  ],
);

/** The customer record a provider keeps for a user (saved cards, renewals). */
export const providerCustomers = pgTable(
  'provider_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    customerId: text('customer_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
);

/** Webhook events already applied: an event delivered again is answered and changes nothing. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * Card rejections per subject (`user:42`, `ip:203.0.113.9`), counted and decided in one statement
 * (spec §4 "Card rejections", §9: 5, then a 20-minute ban).
 */
export const cardRejections = pgTable('card_rejections', {
  subject: text('subject').primaryKey(),
  count: integer('count').notNull().default(0),
  lastAt: at('last_at').notNull(),
  bannedUntil: at('banned_until'),
});

/**
 * The built-in test card provider's own ledger (what Stripe keeps on its side): its payments,
 * so an extra confirmation step can be finished from any process.
 */
export const testCardPayments = pgTable('test_card_payments', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<'succeeded' | 'requires_action' | 'failed' | 'canceled'>().notNull(),
  paymentMethod: text('payment_method').notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: at('created_at').notNull(),
});

/**
 * The built-in test wallet's own ledger (what PayPal keeps on its side): its orders, so the buyer's
 * checkout page answers, and the site captures, on any process.
 */
export const testWalletOrders = pgTable('test_wallet_orders', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status').$type<'created' | 'approved' | 'completed' | 'failed' | 'voided'>().notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  description: text('description').notNull(),
  reference: text('reference').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  payerEmail: text('payer_email'),
  /** The buyer chose "Simulate a declined payment": approved, then refused at capture. */
  declineAtCapture: boolean('decline_at_capture').notNull().default(false),
  captureId: text('capture_id').unique(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: at('created_at').notNull(),
});

/** The test wallet's refunds, by the caller's idempotency key: a refund asked again is answered as it was. */
export const testWalletRefunds = pgTable('test_wallet_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull(),
  captureId: text('capture_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: at('created_at').notNull(),
});
