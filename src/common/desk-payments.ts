import { z } from 'zod';
import { PAYMENT_PROVIDERS, PURCHASE_KINDS, TRANSACTION_STATUSES } from './payment-values.ts';
import { zod } from './validators.ts';

/**
 * The business desk's payments (issue 29): every transaction with filters, one transaction's
 * detail, and refunds (spec §9: within 14 days and nothing downloaded, or with an override the
 * audit log records). One contract per payload, shared by the desk's routes and its screens.
 */

export const DESK_TRANSACTIONS_PAGE_SIZE = 50;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
export const deskTransactionsQuerySchema = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  /** Paid (or made, when not paid) on or after this day, UTC. */
  from: day.optional(),
  /** … and on or before this day. */
  to: day.optional(),
  /** The customer: a word of the name or the e-mail. */
  customer: z.string().trim().max(200, 'validation.max_length').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type DeskTransactionsQuery = z.input<typeof deskTransactionsQuerySchema>;

/** Why a payment cannot be refunded under the rule; an override may refund it anyway (not one that was not paid). */
export const REFUND_BLOCKS = ['not_paid', 'already_refunded', 'refund_window_passed', 'already_downloaded'] as const;
export type RefundBlock = (typeof REFUND_BLOCKS)[number];

export const deskTransactionSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  kind: z.enum(PURCHASE_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount_cents: z.number().int(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  receipt_number: z.string().nullable(),
  agreement_id: z.number().int().nullable(),
  video_project_id: z.number().int().nullable(),
});
export type DeskTransaction = z.infer<typeof deskTransactionSchema>;

export const deskTransactionsPageSchema = z.object({
  transactions: z.array(deskTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type DeskTransactionsPage = z.infer<typeof deskTransactionsPageSchema>;

export const deskTransactionDetailSchema = deskTransactionSchema.extend({
  provider_payment_id: z.string().nullable(),
  card: z.string().nullable(),
  error: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
  vat_reason: z.string(),
  /** What the rule says of a refund now: null when it may be refunded. */
  refund_block: z.enum(REFUND_BLOCKS).nullable(),
  /** A pending payment: when the platform asks its provider again (every minute past the grace period). */
  reconciliation: z.object({ last_looked_at: z.string(), next_look_at: z.string() }).nullable(),
});
export type DeskTransactionDetail = z.infer<typeof deskTransactionDetailSchema>;

/** POST …/{id}/refunds: under the rule, or overriding it with a reason the audit log keeps. */
export const deskRefundBodySchema = z
  .object({
    override: z.boolean().default(false),
    reason: z.string().trim().max(1000, 'validation.max_length').default(''),
  })
  .refine((body) => !body.override || body.reason !== '', { message: 'validation.required', path: ['reason'] });
export type DeskRefundBody = z.input<typeof deskRefundBodySchema>;

export const deskTransactionParamsSchema = z.object({ id: zod.idParam() });
