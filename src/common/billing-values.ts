/**
 * Billing settings as plain values the browser may use without the contracts module (spec:
 * accounts §3 "Billing"). The contracts are src/common/billing.ts.
 */

/** Who is invoiced: a person, or a company (which then has a VAT id or says it has none). */
export const BILLING_KINDS = ['individual', 'company'] as const;
export type BillingKind = (typeof BILLING_KINDS)[number];
