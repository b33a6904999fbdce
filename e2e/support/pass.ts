import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { signInAsStaff } from './staff.ts';

/**
 * The pass, bought through the API with the test Visa: the journey here is the team, not checkout.
 * A new account's first pass is an application (docs/decisions.md "Applying for a pass (issue
 * 25)"): the demo sales desk approves it at once, through the API.
 */
export async function buyPass(page: Page, origin: string) {
  const result = await payForPass(page, origin);
  if (result.verification) await approvePassApplication(page, origin, result.agreement_id);
}

/** The pass paid through the API with the test Visa: for a new account, an application waiting for the desk. */
export async function payForPass(page: Page, origin: string): Promise<{ verification: boolean; agreement_id: number }> {
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
  const result = (await paid.json()) as { status: string; verification: boolean; agreement_id: number };
  expect(result.status).toBe('succeeded');
  return result;
}

/** The demo sales desk approves a pass application, from a browser context of its own. */
export async function approvePassApplication(page: Page, origin: string, agreementId: number) {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to open the desk in');
  const context = await browser.newContext({ baseURL: origin });
  try {
    const desk = await context.newPage();
    await signInAsStaff(desk, 'sales', origin);
    const approved = await desk.request.post(`/api/desk/pass_applications/${agreementId}/approvals`, { headers: { origin } });
    expect(approved.status()).toBe(200);
  } finally {
    await context.close();
  }
}
