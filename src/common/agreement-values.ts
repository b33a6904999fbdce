/**
 * Plain values of agreements that the browser needs without the contracts module (zod stays out of
 * pages without forms: docs/decisions.md, "The browser takes the server's answers as typed").
 */

/** Types whose name says they come with branded footage (the customer's logo). */
export function isBrandedType(type: string): boolean {
  return type.endsWith('_branded');
}

/**
 * Branded files (the customer's logo in one of six positions) come with the `_branded` types,
 * passes and one-off licences; other agreements download clean and credit files
 * (docs/decisions.md, "Agreements: owners, states and balances").
 */
export function includesBrandedFiles(type: string): boolean {
  return isBrandedType(type) || type === 'pass' || type === 'one_off';
}

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
 * states"). Plan requests have their own states (processing, approved, failed to qualify). A first
 * pass waits in `processing` (order verification, spec §4) until the sales desk approves it
 * (active) or it fails to qualify (`failed_to_qualify`: cancelled and refunded); docs/decisions.md
 * "Applying for a pass (issue 25)".
 */
export const AGREEMENT_STATUSES = [
  'user_accepting',
  'active',
  'expired',
  'deactivated',
  'payment_required',
  'processing',
  'failed_to_qualify',
] as const;
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
/** `download_returned` gives back a download's charge when its file could not be made or was cancelled. */
export const OPERATION_TYPES = ['grant', 'refill', 'download', 'download_returned', 'purchase', 'top_up', 'refund', 'expiry'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** Spec §9: a pass names at most two licensed platforms; one-off archival rights last up to 7 days. */
export const PASS_MAX_PLATFORM_URLS = 2;
export const ONE_OFF_ARCHIVAL_DAYS = 7;
/** Spec §9: 10 pool items a month under a pass; 2 member accounts. */
export const PASS_POOL_ITEMS_PER_MONTH = 10;
export const PASS_MEMBER_ACCOUNTS = 2;
/** Spec §9: the balance of an accepted enterprise request is valid for 2 weeks. */
export const REQUEST_BALANCE_VALID_DAYS = 14;

/** A pass application's states: like a plan request's, its applicant sees them whatever their group. */
export const PASS_APPLICATION_STATUSES: readonly AgreementStatus[] = ['processing', 'failed_to_qualify'];

/**
 * Spec §4: customers see all their agreements; others only active ones, and a flag that unaccepted
 * ones exist. A pass application in verification, or one that failed to qualify, is shown to
 * everyone like a plan request is (docs/decisions.md "Applying for a pass (issue 25)").
 */
export function visibleAgreements<T extends { status: AgreementStatus; agreement_type: AgreementType }>(
  userGroup: string,
  agreements: readonly T[],
): { agreements: T[]; has_unaccepted: boolean } {
  if (userGroup === 'customer') return { agreements: [...agreements], has_unaccepted: false };
  return {
    agreements: agreements.filter(
      (agreement) =>
        agreement.status === 'active' || (agreement.agreement_type === 'pass' && PASS_APPLICATION_STATUSES.includes(agreement.status)),
    ),
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
