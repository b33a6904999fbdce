import { z } from 'zod';
import { BILLING_PERIODS, CURRENCIES } from './agreements.ts';
import { PLAN_KINDS } from './plan-values.ts';
import { PLAN_REQUEST_NAMES } from './plan-requests.ts';

/**
 * GET /api/plans: the choose-plan page's catalogue (spec: accounts §2, §9), priced in the site
 * variant's currency (euro; ruble on the Russian-region variant). The spec names no such call;
 * docs/decisions.md "Plan catalogue" says why there is one.
 */
export const planPriceSchema = z.object({
  /** What a month costs, billed per billing period (8 € a month, billed annually). */
  monthly_cents: z.number().int(),
  /** What one invoice is (96 € a year). */
  billed_cents: z.number().int(),
  billing_period: z.enum(BILLING_PERIODS),
  /** Months of the billing period that are not charged ("2 months free"). */
  months_free: z.number().int(),
});

export const platformLimitsSchema = z.object({
  social_pages: z.number().int(),
  social_audience: z.number().int(),
  website_sessions: z.number().int(),
  website_days: z.number().int(),
  website_social_audience: z.number().int(),
});

export const planSchema = z.object({
  /** pass-annually-eur (or -rub), regional, enterprise. */
  id: z.string(),
  kind: z.enum(PLAN_KINDS),
  currency: z.enum(CURRENCIES),
  /** Null: the price is agreed with the customer (region and enterprise are requested). */
  price: planPriceSchema.nullable(),
  minimum_term_months: z.number().int().nullable(),
  /** Accounts of the customer's team besides their own; null: as many as agreed. */
  member_accounts: z.number().int().nullable(),
  /** Pool items a month; null: a balance agreed with the customer. */
  pool_items_per_month: z.number().int().nullable(),
  /** Days downloads may be kept; null: for the life of the agreement. */
  archival_days: z.number().int().nullable(),
  /** World-wide or the customer's region. */
  coverage: z.enum(['worldwide', 'region']),
  live_access: z.boolean(),
  branded: z.boolean(),
  planning: z.boolean(),
  /** The size of the platforms the plan licenses; null: as agreed. */
  platform_limits: platformLimitsSchema.nullable(),
  /** How the plan is taken: bought online (the payment page) or requested through the demo form. */
  action: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('buy'), plan_id: z.string() }),
    z.object({ kind: z.literal('request'), request: z.enum(PLAN_REQUEST_NAMES) }),
  ]),
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = z.object({
  currency: z.object({ code: z.enum(CURRENCIES), symbol: z.enum(['€', '₽']) }),
  plans: z.array(planSchema),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;
