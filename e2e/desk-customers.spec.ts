import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The business desk's customers (issue 29), in English and Arabic: the sales desk finds a new
 * customer by e-mail, reads the account, deactivates it (asked first; the customer is signed out
 * at once) and activates it again; the audit log has both.
 */
const SHOTS = os.tmpdir();

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: a sales person finds a customer, reads the account, deactivates and activates it`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const origin = baseURL ?? '';
    const account = await createAccount(request, { locale });
    const customerContext = await browser.newContext();
    await acceptNecessaryCookies(customerContext, origin);
    const customer = await customerContext.newPage();
    await signInThroughApi(customer, origin, account);
    expect((await customer.request.get(`${origin}/api/current_user`)).status()).toBe(200);

    await signInAsStaff(page, 'sales', baseURL);
    await page.goto(`/${locale}/desk`);
    await page.getByTestId('desk-menu-deskCustomers').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/desk/customers$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('desk.menu.customers'));
    await page.getByTestId('customers-q').fill(account.email);
    await page.getByTestId('customers-find').click();
    const row = page.getByTestId('customer-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('customer-state')).toHaveText(text('desk.customers.states.active'));
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-customers-${locale}.png`), fullPage: true });

    await row.getByTestId('customer-link').click();
    const detail = page.getByTestId('desk-customer');
    await expect(detail.getByTestId('customer-email')).toHaveText(account.email);
    await expect(detail.getByTestId('customer-company')).toContainText('E2E Media');
    await expect(detail.getByTestId('customer-sign-in').first()).toBeVisible();
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-customer-${locale}.png`), fullPage: true });

    // Deactivation is asked first; then the customer is signed out everywhere.
    await detail.getByTestId('customer-deactivate').click();
    await page.getByTestId('customer-deactivate-confirm').click();
    await expect(detail.getByTestId('customer-state').first()).toHaveText(text('desk.customers.states.deactivated'));
    expect((await customer.request.get(`${origin}/api/current_user`)).status()).toBe(401);

    await detail.getByTestId('customer-activate').click();
    await expect(detail.getByTestId('customer-state').first()).toHaveText(text('desk.customers.states.active'));
    await customerContext.close();
  });
}
