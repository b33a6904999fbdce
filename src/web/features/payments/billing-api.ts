import type { billingSettingsSchema, BillingSettingsUpdate } from '../../../common/billing.ts';
import type { countriesResponseSchema } from '../../../common/reference.ts';
import type { TaxValidationBody, taxValidationSchema } from '../../../common/taxes.ts';
import type { Answer } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';

/** Query keys of the billing settings; sign-out forgets them with every other personal answer. */
export const BILLING_KEYS = {
  settings: (userId: number | null) => ['billing_settings', userId] as const,
  countries: (locale: string) => ['reference', 'countries', locale] as const,
};

/** The billing calls (spec: accounts §3 "Billing", §7 Payments), typed by the shared contracts. */
export const billingApi = {
  settings: (signal?: AbortSignal) => api.get<Answer<typeof billingSettingsSchema>>('/api/current_user/billing_settings', { signal }),
  save: (settings: BillingSettingsUpdate) =>
    api.put<Answer<typeof billingSettingsSchema>>('/api/current_user/billing_settings', { body: { billing_settings: settings } }),
  validateVat: (body: TaxValidationBody) => api.post<Answer<typeof taxValidationSchema>>('/api/taxes/validations', { body }),
  countries: (signal?: AbortSignal) => api.get<Answer<typeof countriesResponseSchema>>('/api/countries.json', { signal }),
};
