import type { Currency } from '../../../common/agreement-values.ts';
import type { PricesQuery, Product } from '../../../common/payments.ts';
import { canonicalPlanId, passPlanId } from '../../../common/plan-values.ts';
import type { Price } from '../../../common/taxes.ts';
import type { Db } from '../../db/client.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { billingCountryMissing, orderFor, priceName } from './orders.ts';
import { countryCodeOf, passNetCents, priced, vatOf } from './prices.ts';
import { currentBilling } from './billing.ts';
import type { VatRegistry } from './vat-registry.ts';

/** What a plan, a video or an agreement's top-up costs net, in which currency, and the price's name. */
async function netOf(
  db: Db,
  currency: Currency,
  query: PricesQuery,
  user: UserRow | null,
): Promise<{ plan: string; netCents: number; currency: Currency }> {
  if (query.plan !== undefined) {
    const plan = canonicalPlanId(query.plan);
    if (plan !== passPlanId(currency)) throw new NotFound({ code: 'plan_not_found', message: 'No such plan here' });
    return { plan, netCents: passNetCents(currency), currency };
  }
  const product: Product =
    query.agreement_id !== undefined
      ? { type: 'top_up', agreement_id: query.agreement_id, kind: query.kind ?? 'pool', quantity: query.quantity ?? 1 }
      : { type: 'video', video_project_id: query.video_project_id ?? 0 };
  const order = await orderFor(db, currency, product, user);
  return { plan: priceName(order), netCents: order.netCents, currency: order.currency };
}

/**
 * GET /api/current_user/payments/prices and /api/current_guest/payments/prices: a pass or a video
 * with VAT. The country is the query's (the payment page's billing fields as they are being
 * filled), else the user's billing country, else their profile's; a guest names it.
 */
export async function priceFor(
  deps: { db: Db; registry: VatRegistry },
  caller: { user: UserRow | null; currency: Currency },
  query: PricesQuery,
): Promise<Price> {
  const { plan, netCents, currency } = await netOf(deps.db, caller.currency, query, caller.user);
  let countryId = query.country_id ?? null;
  let vatId = query.vat_id;
  if (caller.user) {
    const billing = await currentBilling(deps.db, caller.user);
    countryId ??= billing.country_id;
    if (vatId === undefined && billing.kind === 'company' && !billing.has_no_vat) vatId = billing.vat_id ?? undefined;
  }
  if (countryId === null) {
    if (caller.user) throw billingCountryMissing();
    throw new Invalid({ code: 'required', field: 'country_id', message: 'Choose your country' });
  }
  const countryCode = await countryCodeOf(deps.db, countryId);
  return priced({ plan, currency, netCents, vat: await vatOf(deps.registry, { countryCode, vatId }) });
}
