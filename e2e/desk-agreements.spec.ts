import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { demoStoriesShortestFirst, signInThroughApi } from './support/demo.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * An agreement made at the business desk (issue 29), in English and Arabic: a sales person finds a
 * new customer, makes an enterprise agreement of 10 standard videos for their company; the
 * customer's master accepts it on their plan details page; a download uses one item; the desk's
 * customer page shows 9 of 10 left; a top-up adds 5.
 */
const SHOTS = os.tmpdir();

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: sales makes an enterprise agreement, the master accepts it, a download uses it, the desk sees the balance`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const origin = baseURL ?? '';
    const account = await createAccount(request, { locale });

    await signInAsStaff(page, 'sales', baseURL);
    await page.goto(`/${locale}/desk/customers`);
    await page.getByTestId('customers-q').fill(account.email);
    await page.getByTestId('customers-find').click();
    await page.getByTestId('customer-link').click();
    const detail = page.getByTestId('desk-customer');
    await detail.getByTestId('agreement-new').click();
    const form = page.getByTestId('agreement-form');
    await form.getByTestId('agreement-type').selectOption('enterprise');
    await form.getByTestId('agreement-balance-standard-amount').fill('10');
    await form.getByTestId('agreement-balance-standard-refill').fill('10');
    await form.getByTestId('agreement-platforms').fill('not an address');
    await form.getByTestId('agreement-save').click();
    await expect(form.getByTestId('agreement-problems')).toContainText(text('desk.agreements.fields.platform_urls'));
    await form.getByTestId('agreement-platforms').fill('https://news.example.com');
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-agreement-form-${locale}.png`), fullPage: true });
    await form.getByTestId('agreement-save').click();
    const row = detail.locator('[data-testid="customer-agreement"][data-type="enterprise"]');
    await expect(row.getByTestId('customer-agreement-status')).toHaveText(text('planDetails.statuses.user_accepting'));
    // What the customer sees: the agreement waiting for them, read-only (no button acts as the desk).
    await detail.getByTestId('customer-sees').locator('summary').click();
    const sees = detail.getByTestId('customer-sees-plan');
    await expect(sees.locator('[data-type="enterprise"]').getByTestId('agreement-status')).toHaveText(
      text('planDetails.statuses.user_accepting'),
    );
    await expect(sees.getByText(text('planDetails.acceptance.waiting'))).toBeVisible();
    await expect(sees.getByTestId('accept-agreement')).toHaveCount(0);
    await keepScreenshot(sees, { path: path.join(SHOTS, `desk-customer-sees-${locale}.png`) });

    // The customer's master accepts it on their plan details page.
    const customerContext = await browser.newContext();
    await acceptNecessaryCookies(customerContext, origin);
    const customer = await customerContext.newPage();
    await signInThroughApi(customer, origin, account);
    await customer.goto(`/${locale}/user/plan-details`);
    await customer.getByTestId('accept-agreement').click();
    await expect(customer.getByTestId('accept-agreement')).toHaveCount(0);

    // A download of a paid standard video uses one item of it.
    const list = (await (
      await customer.request.get(`${origin}/api/content/video_projects`, { params: { free_access: 'false', per_page: 24 } })
    ).json()) as {
      videos: { id: number; free_access: boolean; limit_type: string; duration: number }[];
    };
    const video = demoStoriesShortestFirst(list.videos).find((candidate) => !candidate.free_access && candidate.limit_type === 'standard');
    const got = await customer.request.post(`${origin}/api/content/video_projects/${video?.id}/videos/download`, {
      headers: { origin },
      data: { restrictions_accepted: true, quality: 'sd' },
    });
    expect(got.status()).toBe(200);
    await customerContext.close();

    await page.reload();
    const number = (value: number) => page.evaluate(([lang, n]) => new Intl.NumberFormat(lang).format(n), [locale, value] as const);
    await expect(row.getByTestId('customer-agreement-status')).toHaveText(text('planDetails.statuses.active'));
    await expect(row.getByTestId('customer-balance-standard')).toContainText(
      text('planDetails.balance.left', { remaining: await number(9), total: await number(10) }),
    );
    await row.getByTestId('agreement-top-up').click();
    await page.getByTestId('agreement-top-up-amount').fill('5');
    await page.getByTestId('agreement-top-up-confirm').click();
    await expect(row.getByTestId('customer-balance-standard')).toContainText(
      text('planDetails.balance.left', { remaining: await number(14), total: await number(15) }),
    );
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-agreement-${locale}.png`), fullPage: true });

    // The journey's last step (issue 29): Reports, filtered to the customer, show the download under the agreement.
    await page.goto(`/${locale}/desk/reports?customer=${encodeURIComponent(account.email)}`);
    const used = page.getByTestId('report-usage-row').filter({ hasText: account.email });
    await expect(used).toHaveCount(1);
    await expect(used).toContainText(text('planDetails.types.enterprise'));
    await expect(used).toContainText(text('deskReports.kinds.standard'));
    const balance = page.getByTestId('report-balances-row').filter({ hasText: text('planDetails.types.enterprise') });
    await expect(balance).toHaveCount(1);
    await expect(balance).toContainText(text('deskReports.kinds.standard'));
  });
}
