import { z } from 'zod';

/**
 * Agreements (spec: accounts-plans-payments §3 "Agreement", §4 "Agreements", §7 "Agreements"):
 * everything a customer may do comes from one. Payments create pass and one-off agreements;
 * enterprise and regional ones come from approved plan requests.
 */

export const AGREEMENT_TYPES = [
  'one_off',
  'pass',
  'enterprise',
  'enterprise_branded',
  'regional',
  'bundle',
  'bundle_branded',
  'trial',
  'trial_branded',
  'external_landing_trial',
  'connect',
  'connect_branded',
] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/**
 * The spec's two statuses (user_accepting: a new agreement waits for its owner's acceptance;
 * active) and the lifecycle states the screens show after them (docs/decisions.md "Agreement
 * states"). Plan requests have their own states (processing, approved, failed to qualify).
 */
export const AGREEMENT_STATUSES = ['user_accepting', 'active', 'expired', 'deactivated', 'payment_required'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** Balance kinds: paid (standard) material, pool material, spherical (360) material. */
export const CONTENT_KINDS = ['standard', 'pool', 'spherical'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const AGREEMENT_ACCESS = ['all_content', 'live', 'video'] as const;
export const BILLING_PERIODS = ['month', 'year'] as const;
export const DURATION_UNITS = ['months', 'weeks', 'days'] as const;
export const CURRENCIES = ['EUR', 'RUB'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** What uses an agreement; each use is one operation row, and a balance is the sum of its operations. */
export const OPERATION_TYPES = ['grant', 'refill', 'download', 'purchase', 'top_up', 'refund', 'expiry'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** Spec §9: a pass names at most two licensed platforms; one-off archival rights last up to 7 days. */
export const PASS_MAX_PLATFORM_URLS = 2;
export const ONE_OFF_ARCHIVAL_DAYS = 7;
/** Spec §9: 10 pool items a month under a pass; 2 member accounts. */
export const PASS_POOL_ITEMS_PER_MONTH = 10;
export const PASS_MEMBER_ACCOUNTS = 2;
/** Spec §9: the balance of an accepted enterprise request is valid for 2 weeks. */
export const REQUEST_BALANCE_VALID_DAYS = 14;

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
  owner: z.enum(['user', 'company']),
  /** The caller may accept it (a company's master, or the user it belongs to). */
  can_accept: z.boolean(),
  /** The caller may opt in to or out of its auto-renewal. */
  can_change_renewal: z.boolean(),
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

/** Spec §4: customers see all their agreements; others only active ones, and a flag that unaccepted ones exist. */
export function visibleAgreements<T extends { status: AgreementStatus }>(
  userGroup: string,
  agreements: readonly T[],
): { agreements: T[]; has_unaccepted: boolean } {
  if (userGroup === 'customer') return { agreements: [...agreements], has_unaccepted: false };
  return {
    agreements: agreements.filter((agreement) => agreement.status === 'active'),
    has_unaccepted: agreements.some((agreement) => agreement.status === 'user_accepting'),
  };
}

/** Spec §3: has one-off, has pass, has enterprise (both and more than two types), only one-off. */
export function agreementFlags(types: readonly string[]) {
  const hasOneOff = types.includes('one_off');
  const hasPass = types.includes('pass');
  return {
    hasOneOff,
    hasPass,
    hasEnterprise: hasOneOff && hasPass && types.length > 2,
    onlyOneOff: hasOneOff && types.length === 1,
  };
}

/** Agreements usable now for downloads, per content kind (GET …/agreements/available_for_operations). */
export const availableForOperationsSchema = z.object({
  agreements: z.array(z.object({ id: z.number().int(), agreement_type: z.enum(AGREEMENT_TYPES), balances: z.array(balanceSchema) })),
});

export const PURCHASE_BLOCKS = ['sign_in_required', 'pass_already_held', 'client_account'] as const;
export const purchasePossibilitySchema = z.object({
  agreement_type: z.enum(AGREEMENT_TYPES),
  possible: z.boolean(),
  reason: z.enum(PURCHASE_BLOCKS).nullable(),
});
export const purchasePossibilityQuerySchema = z.object({ agreement_type: z.enum(AGREEMENT_TYPES, { error: 'validation.invalid' }) });
