import { eq } from 'drizzle-orm';
import { priceBreakdown } from '../../../common/price.ts';
import { canonicalPlanId, PASS_MINIMUM_TERM_MONTHS, passPlanId } from '../../../common/plan-values.ts';
import { currencyFor, type SiteVariant } from '../../../common/site.ts';
import type { Price } from '../../../common/taxes.ts';
import { vatFor, type VatDecision } from '../../../common/vat.ts';
import type { Currency } from '../../../common/agreement-values.ts';
import type { Db } from '../../db/client.ts';
import { AppError, Invalid, NotFound } from '../../http/errors.ts';
import { PASS_MONTHLY_CENTS } from '../agreements/plans.ts';
import { countries } from '../reference/schema.ts';
import type { VatRegistry } from './vat-registry.ts';

/**
 * Whether the buyer's VAT id is registered. A registry that does not answer is taken as "not
 * confirmed": the price then carries VAT, which is never less than what is owed.
 */
async function confirmedVatId(registry: VatRegistry, countryCode: string, vatId: string | undefined): Promise<boolean> {
  const number = (vatId ?? '').replace(/[\s.-]/g, '').toUpperCase();
  if (number === '') return false;
  const prefix = countryCode === 'GR' ? 'EL' : countryCode;
  try {
    return (await registry.check(countryCode, number.startsWith(prefix) ? number.slice(prefix.length) : number)).valid;
  } catch (error) {
    if (error instanceof AppError && error.status === 503) return false;
    throw error;
  }
}

/** A net amount with VAT for the buyer (spec §5 "Price"): the gross rounded up to the cent. */
export function priced(input: { plan: string; currency: Currency; netCents: number; vat: VatDecision }): Price {
  const grossCents = Math.ceil((input.netCents * (100 + input.vat.rate)) / 100 - 1e-9);
  const breakdown = priceBreakdown(grossCents / 100, input.vat.rate);
  return {
    plan: input.plan,
    currency: input.currency,
    price_cents: Math.round(breakdown.price * 100),
    tax: input.vat.rate,
    pure_price_cents: Math.round(breakdown.pure_price * 100),
    tax_value_cents: Math.round(breakdown.tax_value * 100),
    vat_reason: input.vat.reason,
  };
}

/** The buyer's VAT: by their country, and whether their VAT id is confirmed by the registry. */
export async function vatOf(registry: VatRegistry, buyer: { countryCode: string; vatId: string | null | undefined }): Promise<VatDecision> {
  return vatFor({
    countryCode: buyer.countryCode,
    validVatId: await confirmedVatId(registry, buyer.countryCode, buyer.vatId ?? undefined),
  });
}

export async function countryCodeOf(db: Db, countryId: number): Promise<string> {
  const [country] = await db.select({ code: countries.code }).from(countries).where(eq(countries.id, countryId));
  if (!country) throw new Invalid({ code: 'unknown_country', field: 'country_id', message: 'Unknown country' });
  return country.code;
}

/** The annual pass's net price in a currency (12 × the monthly price; spec §9). */
export function passNetCents(currency: Currency): number {
  return PASS_MONTHLY_CENTS[currency] * PASS_MINIMUM_TERM_MONTHS;
}

/**
 * GET /api/payments/pass_prices: the annual pass of the variant's currency, with VAT by
 * src/common/vat.ts; the pure price and tax value follow the spec's rule (src/common/price.ts).
 */
export async function passPrice(
  deps: { db: Db; registry: VatRegistry },
  variant: SiteVariant,
  query: { plan: string; country_id: number; vat_id?: string },
): Promise<Price> {
  const currency = currencyFor(variant).code;
  const plan = canonicalPlanId(query.plan);
  if (plan !== passPlanId(currency)) throw new NotFound({ code: 'plan_not_found', message: 'No such plan here' });
  const countryCode = await countryCodeOf(deps.db, query.country_id);
  const vat = await vatOf(deps.registry, { countryCode, vatId: query.vat_id });
  return priced({ plan, currency, netCents: passNetCents(currency), vat });
}
