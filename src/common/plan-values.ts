/**
 * Plans a customer chooses from (spec: accounts §2 "Choose-plan page", §9), as plain values the
 * browser may use without the contracts module. The catalogue with prices is GET /api/plans
 * (src/common/plans.ts).
 */

/** The three cards of the choose-plan page: a pass is bought; region and enterprise are requested. */
export const PLAN_KINDS = ['pass', 'regional', 'enterprise'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** The pass is billed annually, so a monthly pass id is the annual one (spec §2 route gating, §9). */
const REWRITTEN_PLAN_IDS: Readonly<Record<string, string>> = {
  'pass-monthly-eur': 'pass-annually-eur',
  'pass-monthly-rub': 'pass-annually-rub',
};

/** The plan id a link or a payment uses: pass-monthly-eur becomes pass-annually-eur. */
export function canonicalPlanId(id: string): string {
  return REWRITTEN_PLAN_IDS[id] ?? id;
}

/** The annual pass of a currency: pass-annually-eur, or pass-annually-rub on the Russian-region variant. */
export function passPlanId(currency: 'EUR' | 'RUB'): string {
  return `pass-annually-${currency.toLowerCase()}`;
}

/** Spec §9: a 1-year minimum term, billed annually at the price of ten months ("2 months free"). */
export const PASS_MINIMUM_TERM_MONTHS = 12;
export const PASS_MONTHS_FREE = 2;

/**
 * Spec §9, the size of the platforms a pass licenses: up to 150,000 likes, followers and
 * subscribers in total across two nominated social pages; or one website of up to 90,000 sessions
 * in the last 90 days plus one social page of up to 100,000.
 */
export const PASS_PLATFORM_LIMITS = {
  social_pages: 2,
  social_audience: 150_000,
  website_sessions: 90_000,
  website_days: 90,
  website_social_audience: 100_000,
} as const;
