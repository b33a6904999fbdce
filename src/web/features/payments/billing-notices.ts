import type { BillingSettings } from '../../../common/billing.ts';

type NoticeKey = 'alert.flash.billing_updated' | 'alert.flash.vat_updated';

/** The company's VAT id as it counts for VAT: none for an individual or with "No VAT ID". */
const vatIdOf = (settings: BillingSettings) =>
  settings.kind === 'company' && !settings.has_no_vat ? (settings.vat_id ?? '').replace(/[\s.-]/g, '').toUpperCase() : '';

const ADDRESS_FIELDS = [
  'kind',
  'first_name',
  'last_name',
  'email',
  'company_name',
  'address_1',
  'address_2',
  'zip',
  'city',
  'country_id',
  'region',
] as const satisfies readonly (keyof BillingSettings)[];

/**
 * The success notices of a billing save (spec: accounts §8): "VAT ID updated" when the VAT id the
 * company is taxed with changed (the user's VAT id, spec §4), "Billing information updated" when
 * anything else did, or when nothing did (the save itself succeeded).
 */
export function billingSavedNotices(before: BillingSettings, saved: BillingSettings): NoticeKey[] {
  const vatChanged = vatIdOf(before) !== vatIdOf(saved);
  const otherChanged = ADDRESS_FIELDS.some((field) => before[field] !== saved[field]);
  if (vatChanged && !otherChanged) return ['alert.flash.vat_updated'];
  return vatChanged ? ['alert.flash.billing_updated', 'alert.flash.vat_updated'] : ['alert.flash.billing_updated'];
}
