import type { BillingSettingsUpdate } from '../../../common/billing.ts';
import type { Country } from '../../../common/reference.ts';
import { ApiError } from '../../lib/api-client.ts';
import { billingApi } from './billing-api.ts';

/** The registry does not know the VAT id: the form says so on the field and nothing is saved. */
export class VatIdNotValid extends Error {
  constructor() {
    super('VAT ID is not valid');
    this.name = 'VatIdNotValid';
  }
}

/**
 * Saves the billing settings, a company's VAT id checked with the registry first. Spec §5: the id
 * is checked only when the chosen country is in the loaded list, and the registry knows the EU
 * list's countries. A registry that does not answer (503) does not stop the saving: each price
 * quote asks it again and charges VAT until it confirms the id.
 */
export async function saveBillingSettings(values: BillingSettingsUpdate, countries: readonly Country[]) {
  const country = countries.find((entry) => entry.id === values.country_id);
  if (values.kind === 'company' && values.vat_id && country?.eu) {
    const check = await billingApi.validateVat({ vat_id: values.vat_id, country_code: country.code }).catch((failure: unknown) => {
      if (failure instanceof ApiError && failure.status === 503) return null;
      throw failure;
    });
    if (check && !check.valid) throw new VatIdNotValid();
  }
  return billingApi.save(values);
}
