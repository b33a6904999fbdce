import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** The pass, bought through the API with the test Visa: the journey here is the team, not checkout. */
export async function buyPass(page: Page, origin: string) {
  const headers = { origin };
  const countries = (await (await page.request.get('/api/countries.json')).json()) as { id: number; code: string }[];
  const billing = await page.request.put('/api/current_user/billing_settings', {
    headers,
    data: {
      billing_settings: {
        kind: 'individual',
        first_name: 'Team',
        last_name: 'Master',
        email: 'billing@e2e.example',
        company_name: '',
        vat_id: null,
        has_no_vat: false,
        address_1: '1 Newsroom Row',
        address_2: '',
        zip: '10115',
        city: 'Berlin',
        country_id: countries.find((country) => country.code === 'DE')?.id,
        region: '',
      },
    },
  });
  expect(billing.status()).toBe(200);
  const method = await page.request.post('/api/payments/test_cards/payment_methods', {
    headers,
    data: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
  });
  const { id } = (await method.json()) as { id: string };
  const paid = await page.request.post('/api/current_user/payments/initiate', {
    headers,
    data: {
      product: { type: 'pass', subscription: { plan_id: 'pass-annually-eur', project_name: 'E2E Media', url_1: 'https://e2e.example' } },
      provider: 'card',
      payment_method: id,
      idempotency_key: randomUUID(),
      confirmations: { withdrawal: true, terms: true, licence_values: true },
    },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}
