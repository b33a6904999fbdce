import { PASS_MEMBER_ACCOUNTS, PASS_POOL_ITEMS_PER_MONTH, type Currency } from '../../../common/agreements.ts';
import { PASS_MINIMUM_TERM_MONTHS, PASS_MONTHS_FREE, PASS_PLATFORM_LIMITS, passPlanId } from '../../../common/plan-values.ts';
import type { Plan, PlansResponse } from '../../../common/plans.ts';
import { currencyFor, type SiteVariant } from '../../../common/site.ts';

/**
 * What a pass costs a month, billed annually (spec §9: 8 € a month). The ruble price is ours
 * (docs/decisions.md, "Plan catalogue"); payments will read the same table.
 */
export const PASS_MONTHLY_CENTS: Record<Currency, number> = { EUR: 800, RUB: 80_000 };

function pass(currency: Currency): Plan {
  const months = PASS_MINIMUM_TERM_MONTHS;
  return {
    id: passPlanId(currency),
    kind: 'pass',
    currency,
    price: {
      monthly_cents: PASS_MONTHLY_CENTS[currency],
      billed_cents: PASS_MONTHLY_CENTS[currency] * months,
      billing_period: 'year',
      months_free: PASS_MONTHS_FREE,
    },
    minimum_term_months: months,
    member_accounts: PASS_MEMBER_ACCOUNTS,
    pool_items_per_month: PASS_POOL_ITEMS_PER_MONTH,
    archival_days: null,
    coverage: 'worldwide',
    live_access: false,
    branded: true,
    planning: false,
    platform_limits: { ...PASS_PLATFORM_LIMITS },
    action: { kind: 'buy', plan_id: passPlanId(currency) },
  };
}

/** Region and enterprise plans are agreed with the customer: requested through the demo form. */
function requested(kind: 'regional' | 'enterprise', currency: Currency): Plan {
  return {
    id: kind,
    kind,
    currency,
    price: null,
    minimum_term_months: null,
    member_accounts: null,
    pool_items_per_month: null,
    archival_days: null,
    coverage: kind === 'regional' ? 'region' : 'worldwide',
    live_access: true,
    branded: kind === 'enterprise',
    planning: true,
    platform_limits: null,
    action: { kind: 'request', request: kind },
  };
}

/** GET /api/plans: the choose-plan page's three cards in the variant's currency (spec §1, §9). */
export function planCatalogue(variant: SiteVariant): PlansResponse {
  const currency = currencyFor(variant);
  return { currency, plans: [pass(currency.code), requested('regional', currency.code), requested('enterprise', currency.code)] };
}
