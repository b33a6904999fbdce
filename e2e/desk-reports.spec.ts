import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { saveGermanConsumerBilling } from './support/billing.ts';
import { catalogueText } from './support/catalogues.ts';
import { demoStoriesShortestFirst, signInThroughApi } from './support/demo.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The business desk's reports (issue 29), in English and Arabic: a customer downloads a free video
 * and a one-off licence, and searches for something the catalogue does not hold; the sales desk's
 * Reports show the download counted for that customer, the search among those without results and
 * the licence in the month's revenue, and the usage CSV holds the customer's row. Screenshots: /tmp/reports-{locale}.png.
 */
for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: the sales desk sees a customer's download and their search without results, and downloads the CSV`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    const account = await createAccount(request, { locale });
    // Letters only, unlike any title word, so nothing is found even corrected.
    const nonsense = `zqx${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}vk`;

    const customerContext = await browser.newContext();
    await acceptNecessaryCookies(customerContext, origin);
    const customer = await customerContext.newPage();
    await signInThroughApi(customer, origin, account);
    const list = (await (
      await customer.request.get(`${origin}/api/content/video_projects`, { params: { free_access: 'true' } })
    ).json()) as {
      videos: { id: number; free_access: boolean; duration: number }[];
    };
    const free = demoStoriesShortestFirst(list.videos).find((video) => video.free_access);
    const got = await customer.request.post(`${origin}/api/content/video_projects/${free?.id}/videos/download`, {
      headers: { origin },
      data: { restrictions_accepted: true, quality: 'sd' },
    });
    expect(got.status()).toBe(200);
    // A one-off licence of a paid video, paid by test card: revenue of this month.
    await saveGermanConsumerBilling(customer, origin);
    const catalogue = (await (await customer.request.get(`${origin}/api/content/video_projects`, { params: { per_page: 24 } })).json()) as {
      videos: { id: number; free_access: boolean }[];
    };
    const licensed = catalogue.videos.find((video) => !video.free_access);
    const method = await customer.request.post(`${origin}/api/payments/test_cards/payment_methods`, {
      headers: { origin },
      data: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    const paid = await customer.request.post(`${origin}/api/current_user/payments/initiate`, {
      headers: { origin },
      data: {
        product: { type: 'video', video_project_id: licensed?.id },
        provider: 'card',
        payment_method: ((await method.json()) as { id: string }).id,
        idempotency_key: randomUUID(),
        confirmations: { withdrawal: true, terms: true, licence_values: true },
      },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    // The search page, as the customer uses it.
    const searched = customer.waitForResponse((answer) => answer.url().includes('/api/content/video_projects/search?'));
    await customer.goto(`/${locale}/search?search=${nonsense}`);
    expect((await (await searched).json()) as { count: number }).toMatchObject({ count: 0 });
    await customerContext.close();

    await signInAsStaff(page, 'sales', baseURL);
    await page.goto(`/${locale}/desk`);
    await expect(page.getByTestId('desk-menu-deskReports')).toHaveText(text('desk.menu.reports'));
    await page.getByTestId('desk-menu-deskReports').click();
    await expect(page.getByTestId('desk-reports')).toBeVisible();
    await page.getByTestId('reports-customer').fill(account.email);
    await page.getByTestId('reports-show').click();
    await expect(page).toHaveURL(/customer=/);
    const usage = page.getByTestId('report-usage');
    const row = usage.getByTestId('report-usage-row').filter({ hasText: account.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text('deskReports.kinds.free'));
    await expect(row).toContainText(text('deskReports.noAgreement'));
    await expect(page.getByTestId('usage-chart')).toBeVisible();

    // The CSV holds the same row, under its header.
    const [file] = await Promise.all([page.waitForEvent('download'), usage.getByTestId('report-usage-csv').click()]);
    expect(file.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe(
      'customer_id,customer_name,customer_email,company_name,agreement_id,agreement_type,kind,format,quality,downloads,charged',
    );
    expect(csv.filter((line) => line.includes(account.email))).toEqual([expect.stringMatching(/,free,clean,sd,1,0$/)]);
    await keepScreenshot(page, { path: `/tmp/reports-${locale}.png`, fullPage: true });

    await page.getByTestId('reports-tab-searches').click();
    await expect(page.getByTestId('report-searches-row').filter({ hasText: nonsense })).toHaveCount(1);
    // The tabs answer the arrows along the row as it reads: in Arabic the next tab is to the left.
    await page.getByTestId('reports-tab-usage').click();
    await page.getByTestId('reports-tab-usage').focus();
    await page.keyboard.press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect(page.getByTestId('reports-tab-revenue')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('reports-tab-revenue')).toBeFocused();
    await expect(
      page
        .getByTestId('report-revenue-row')
        .filter({ hasText: text('deskReports.products.one_off') })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('revenue-chart-EUR')).toBeVisible();
    await keepScreenshot(page, { path: `/tmp/reports-revenue-${locale}.png`, fullPage: true });
  });
}
