import { z } from 'zod';
import { withScheme } from './links.ts';
import { CONTENT_KINDS, OPERATION_TYPES } from './agreement-values.ts';
import { CARD_ERROR_CODES, PURCHASE_KINDS, TOP_UP_MAX_ITEMS, TRANSACTION_STATUSES } from './payment-values.ts';
import { priceSchema } from './taxes.ts';
import { url as urlValidator, zod } from './validators.ts';

export * from './payment-values.ts';

/**
 * Checkout and payments contracts (spec: accounts §3 "Payment fields", "Subscription", "Price
 * response", "Transaction"; §5 confirmations; §7 Payments). Amounts are integer cents.
 */

/** Spec §5: three confirmations before paying; each must be ticked. */
const ticked = z.literal(true, { error: 'validation.confirmation_required' });
export const confirmationsSchema = z.object({ withdrawal: ticked, terms: ticked, licence_values: ticked });

/** Chosen by the page when it opens: a retried or replayed purchase is the same purchase. */
export const idempotencyKeySchema = z.string({ error: 'validation.required' }).regex(/^[A-Za-z0-9_-]{8,80}$/, 'validation.letters_digits');

/** The card provider's payment method: `pm_…` from its card form, or a saved card's. */
const paymentMethod = z.string({ error: 'validation.required' }).trim().min(3, 'validation.required').max(2000, 'validation.max_length');

const platformUrl = z
  .string()
  .trim()
  .max(500, 'validation.max_length')
  .refine((value) => value === '' || urlValidator(withScheme(value)) === null, 'validation.url')
  .transform((value) => (value === '' ? '' : withScheme(value)));

/** Spec §3 "Subscription": what a pass licenses; at most two platform URLs (spec §5). */
export const subscriptionSchema = z.object({
  plan_id: zod.requiredText(60),
  project_name: zod.requiredText(200),
  url_1: platformUrl.refine((value) => value !== '', 'validation.required'),
  url_2: platformUrl.optional().default(''),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** What is bought: the pass, or a one-off licence of one video. */
export const productSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pass'), subscription: subscriptionSchema }),
  z.object({ type: z.literal('video'), video_project_id: zod.id() }),
  /** Spec §9: items on top of a monthly quota that is used up. */
  z.object({
    type: z.literal('top_up'),
    agreement_id: zod.id(),
    kind: z.enum(CONTENT_KINDS),
    quantity: z
      .number({ error: 'validation.number' })
      .int('validation.number')
      .min(1, 'validation.number')
      .max(TOP_UP_MAX_ITEMS, 'validation.number'),
  }),
]);
export type Product = z.infer<typeof productSchema>;

/**
 * POST /api/current_user/payments/initiate: a pass or a one-off licence, by card (a payment method
 * from the card form) or by the online wallet (the answer sends the buyer to approve it there).
 */
export const initiateBodySchema = z.object({
  product: productSchema,
  provider: z.enum(['card', 'wallet']),
  payment_method: paymentMethod.optional(),
  /** Keep the card for renewals and later purchases. */
  save_card: z.boolean().optional().default(false),
  idempotency_key: idempotencyKeySchema,
  confirmations: confirmationsSchema,
});
export type InitiateBody = z.infer<typeof initiateBodySchema>;

/** POST /api/current_user/payments/subscription: the pass by card (spec §7). */
export const subscriptionBodySchema = z.object({
  subscription: subscriptionSchema,
  payment_method: paymentMethod,
  save_card: z.boolean().optional().default(false),
  idempotency_key: idempotencyKeySchema,
  confirmations: confirmationsSchema,
});

/** POST /api/current_user/proceed: the checks a purchase would make, and its price, before paying. */
export const proceedBodySchema = z.object({ product: productSchema });

/** POST /api/current_user/payments/confirm: after the bank's extra step, or the wallet's approval. */
export const confirmBodySchema = z
  .object({ transaction_id: zod.id().optional(), payment_intent_id: z.string().trim().min(3).max(200).optional() })
  .refine((body) => body.transaction_id !== undefined || body.payment_intent_id !== undefined, {
    message: 'validation.required',
    path: ['transaction_id'],
  });
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

export const rejectionCountSchema = z.object({
  count: z.number().int(),
  remaining: z.number().int(),
  banned_until: z.string().nullable(),
});
export type RejectionCount = z.infer<typeof rejectionCountSchema>;

/**
 * A purchase's state (spec §3 "Payment fields"): succeeded (the agreement exists), requires_action
 * (finish the bank's step with client_secret, then confirm), approval_required (go to approve_url
 * at the wallet, then confirm), pending (not decided yet: ask again), failed (with the card error).
 */
export const purchaseResultSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'approval_required', 'pending', 'failed']),
  transaction_id: z.number().int(),
  kind: z.enum(PURCHASE_KINDS),
  agreement_id: z.number().int().nullable(),
  video_project_id: z.number().int().nullable(),
  plan_id: z.string().nullable(),
  client_secret: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  approve_url: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** A first pass: paid, and waiting in verification before it is active (docs/decisions.md "Applying for a pass"). */
  verification: z.boolean(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/** POST /api/current_user/proceed's answer. */
export const proceedResultSchema = z.object({ price: priceSchema, ready: z.literal(true) });

/** GET /api/current_user/payments/prices (and the guest's, which names the country). */
export const pricesQuerySchema = z
  .object({
    plan: z.string().trim().min(1).max(60).optional(),
    video_project_id: zod.idParam().optional(),
    agreement_id: zod.idParam().optional(),
    kind: z.enum(CONTENT_KINDS).optional(),
    quantity: z.coerce.number().int().min(1).max(TOP_UP_MAX_ITEMS).optional(),
    country_id: zod.idParam().optional(),
    vat_id: zod.line(20).optional(),
  })
  .refine((query) => [query.plan, query.video_project_id, query.agreement_id].filter((value) => value !== undefined).length === 1, {
    message: 'validation.required',
    path: ['plan'],
  });
export type PricesQuery = z.infer<typeof pricesQuerySchema>;

/** A row of the purchase history (spec §3 "Transaction": status, date, period, card, amount). */
export const transactionSchema = z.object({
  id: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  kind: z.enum(PURCHASE_KINDS),
  description: z.string(),
  date: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  /** Paid with the online wallet: the wallet's name. */
  wallet: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.enum(['EUR', 'RUB']),
  receipt_number: z.string().nullable(),
  agreement_id: z.number().int().nullable(),
  video_project_id: z.number().int().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTIONS_PER_PAGE = 12;
export const transactionsQuerySchema = z.object({ page: zod.idParam().optional().default(1) });
export const transactionsPageSchema = z.object({
  transactions: z.array(transactionSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

/** A receipt (issue: names seller, buyer, VAT ids, net, VAT and total). */
export const receiptSchema = z.object({
  number: z.string(),
  date: z.string(),
  transaction: transactionSchema,
  seller: z.object({ name: z.string(), address: z.array(z.string()), vat_id: z.string() }),
  buyer: z.object({
    name: z.string(),
    company_name: z.string(),
    email: z.string(),
    vat_id: z.string().nullable(),
    address: z.array(z.string()),
    country_code: z.string(),
  }),
  net_cents: z.number().int(),
  vat_rate: z.number(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  vat_reason: z.enum(['outside_eu', 'reverse_charge', 'standard_rate']),
  refunded: z.boolean(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A saved card (spec §7 payment_methods). */
export const savedCardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const savedCardsSchema = z.object({ payment_methods: z.array(savedCardSchema) });
export const savePaymentMethodBodySchema = z.object({ payment_method: paymentMethod });
export const deletePaymentMethodBodySchema = z.object({ payment_method: zod.id() });

/** What the browser's card form needs (the active provider). */
export const paymentConfigSchema = z.object({
  card: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('test') }),
    z.object({ provider: z.literal('stripe'), publishable_key: z.string() }),
  ]),
  wallet: z.enum(['paypal', 'test_wallet']),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The test provider's card form (what Stripe.js does at Stripe): POST /api/payments/test_cards/payment_methods. */
export const testCardBodySchema = z.object({
  number: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(30, 'validation.max_length'),
  exp_month: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(0).max(99),
  exp_year: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(0).max(9999),
  cvc: z.string({ error: 'validation.required' }).trim().max(4, 'validation.max_length'),
});
export const testPaymentMethodSchema = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
});
export const testAuthenticationBodySchema = z.object({ result: z.enum(['succeed', 'fail']) });

/** A card error answer carries the rejection count (spec §4 "Card rejections"). */
export const cardErrorCodeSchema = z.enum(CARD_ERROR_CODES);

/** A provider's webhook, answered once its event is recorded (`applied`: it changed a payment). */
export const webhookAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean() });

/**
 * POST /api/current_user/payments (spec §3 "Payment fields"): what a provider hands back when the
 * buyer returns from it: the wallet's order (`order_id`, approved) or the card payment's
 * `client_secret`. Confirms that purchase.
 */
export const paymentReturnBodySchema = z
  .object({
    client_secret: z.string().trim().max(300).optional(),
    livemode: z.boolean().optional(),
    operation_id: z.union([z.string().max(100), z.number()]).optional(),
    source: z.string().trim().max(100).optional(),
    order_id: z.string().trim().max(200).optional(),
    payment_approved: z.boolean().optional(),
  })
  .refine((body) => body.client_secret !== undefined || body.order_id !== undefined, {
    message: 'validation.required',
    path: ['order_id'],
  });

/** POST /api/current_user/paypal_subscriptions/proceed: the pass by the online wallet (spec §7). */
export const walletSubscriptionBodySchema = z.object({
  subscription: subscriptionSchema,
  idempotency_key: idempotencyKeySchema,
  confirmations: confirmationsSchema,
});

/** GET /api/current_user/operations/{id}: one use of an agreement (spec §3 "operations"). */
export const operationSchema = z.object({
  id: z.number().int(),
  agreement_id: z.number().int(),
  operation_type: z.enum(OPERATION_TYPES),
  kind: z.enum(CONTENT_KINDS),
  amount: z.number().int(),
  video_project_id: z.number().int().nullable(),
  created_at: z.string(),
});
