import { z } from 'zod';
import {
  AGREEMENT_ACCESS,
  AGREEMENT_STATUSES,
  AGREEMENT_TYPES,
  BILLING_PERIODS,
  CONTENT_KINDS,
  CURRENCIES,
  DURATION_UNITS,
} from './agreement-values.ts';

/**
 * Agreements (spec: accounts-plans-payments §3 "Agreement", §4 "Agreements", §7 "Agreements"):
 * everything a customer may do comes from one. Payments create pass and one-off agreements;
 * enterprise and regional ones come from approved plan requests.
 */

export * from './agreement-values.ts';

export const balanceSchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  /** What is left; null: no limit (a pass on standard material). */
  remaining: z.number().int().nullable(),
  /** What the period started with (the monthly refill, the grant, plus top-ups); null: no limit. */
  total: z.number().int().nullable(),
  refills_monthly: z.boolean(),
  /** A limited balance may stop being usable before the agreement does (an accepted request's 2 weeks). */
  valid_till: z.string().nullable(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const agreementSchema = z.object({
  id: z.number().int(),
  status: z.enum(AGREEMENT_STATUSES),
  agreement_type: z.enum(AGREEMENT_TYPES),
  live_access: z.boolean(),
  vod_access: z.boolean(),
  access: z.enum(AGREEMENT_ACCESS),
  billing_period: z.enum(BILLING_PERIODS).nullable(),
  /** Days the material may be kept; null: for the life of the agreement. */
  archival_days: z.number().int().nullable(),
  duration: z.object({ value: z.number().int(), unit: z.enum(DURATION_UNITS) }).nullable(),
  start_date: z.string().nullable(),
  valid_till: z.string().nullable(),
  auto_renewal: z.boolean(),
  renewal_duration_months: z.number().int().nullable(),
  next_invoice: z.object({ date: z.string(), amount_cents: z.number().int(), currency: z.enum(CURRENCIES) }).nullable(),
  balances: z.array(balanceSchema),
  top_up_price_cents: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
  platform_urls: z.array(z.string()),
  /** Delivery rules may license files under it with no one clicking (issue 30); the desk decides. */
  unattended_delivery: z.boolean(),
  owner: z.enum(['user', 'company']),
  /** The caller may accept it (a company's master, or the user it belongs to). */
  can_accept: z.boolean(),
  /** The caller may opt in to or out of its auto-renewal. */
  can_change_renewal: z.boolean(),
  /** The caller may buy top-up items for it (spec §9), once a monthly quota is used up. */
  can_buy_top_up: z.boolean(),
  /** A one-off licence is for one video project or one live event. */
  video_project_id: z.number().int().nullable(),
  live_event_id: z.number().int().nullable(),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const agreementsResponseSchema = z.object({
  agreements: z.array(agreementSchema),
  /** Unaccepted agreements exist that the caller is not shown (spec §4: non-customers see active ones). */
  has_unaccepted: z.boolean(),
});
export type AgreementsResponse = z.infer<typeof agreementsResponseSchema>;

/** Agreements usable now for downloads, per content kind (GET …/agreements/available_for_operations). */
export const availableForOperationsSchema = z.object({
  agreements: z.array(z.object({ id: z.number().int(), agreement_type: z.enum(AGREEMENT_TYPES), balances: z.array(balanceSchema) })),
});

/**
 * Why a purchase is not possible now; `pass_temporarily_unavailable`: a payment for the caller's pass
 * is still pending (spec: accounts §8 "pass temporarily unavailable"; docs/decisions.md);
 * `pass_in_verification`: the caller's pass application waits for the desk's decision.
 */
export const PURCHASE_BLOCKS = [
  'sign_in_required',
  'pass_already_held',
  'client_account',
  'pass_temporarily_unavailable',
  'pass_in_verification',
] as const;
export type PurchaseBlock = (typeof PURCHASE_BLOCKS)[number];
/**
 * How a pass is bought (docs/decisions.md "Applying for a pass (issue 25)"): an account's first
 * pass is applied for (paid, then verified before it is active); one that held a pass buys at once.
 */
export const PASS_PURCHASE_MODES = ['apply', 'buy'] as const;
export type PassPurchaseMode = (typeof PASS_PURCHASE_MODES)[number];
export const purchasePossibilitySchema = z.object({
  agreement_type: z.enum(AGREEMENT_TYPES),
  possible: z.boolean(),
  reason: z.enum(PURCHASE_BLOCKS).nullable(),
  /** For a pass: applied for or bought at once; `buy` for everything else. */
  mode: z.enum(PASS_PURCHASE_MODES),
});
export const purchasePossibilityQuerySchema = z.object({ agreement_type: z.enum(AGREEMENT_TYPES, { error: 'validation.invalid' }) });
