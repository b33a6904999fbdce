import { expect, type Page } from '@playwright/test';

/** Billing settings saved through the API: a consumer in Köln, Germany (19 % VAT), as the page's own account. */
export async function saveGermanConsumerBilling(page: Page, origin: string): Promise<void> {
  const countries = (await (await page.request.get('/api/countries.json')).json()) as { id: number; code: string }[];
  const saved = await page.request.put('/api/current_user/billing_settings', {
    headers: { origin },
    data: {
      billing_settings: {
        kind: 'individual',
        first_name: 'Hanna',
        last_name: 'Becker',
        email: 'billing@e2e.example',
        company_name: '',
        vat_id: null,
        has_no_vat: false,
        address_1: 'Domstraße 12',
        address_2: '',
        zip: '50667',
        city: 'Köln',
        country_id: countries.find((country) => country.code === 'DE')?.id,
        region: '',
      },
    },
  });
  expect(saved.status()).toBe(200);
}
