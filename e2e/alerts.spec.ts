import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Flash alert bars (issue: "Real-time at /cable"): an alert an admin creates appears on an open page
 * without a reload, collapses, stays collapsed over a reload, and opens again when it changes.
 */
// One newsroom-admin session for both (its own demo admin: admin.spec.ts signs in the other one).
test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
});
test.afterAll(async () => {
  await admin.dispose();
});

for (const locale of ['en', 'ar'] as const) {
  test(`a new alert shows at once, collapses, stays collapsed over a reload, and opens again when it changes (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    await page.goto(`/${locale}/about`);
    await expect(page.locator('h1')).toBeVisible();
    // The demo seed's red and yellow alerts are there from the start.
    await expect(page.getByTestId('alert-bar').first()).toBeVisible();
    // The yellow one leads to its live event.
    await expect(page.getByRole('link', { name: 'Live: press conference on the flood relief plan' })).toHaveAttribute(
      'href',
      `/${locale}/events/flood-relief-press-conference`,
    );
    // The alerts channel is subscribed once the page has loaded; an alert sent before would be missed.
    await expect(page.getByTestId('alert-bars')).toHaveAttribute('data-live', 'true');

    const title = `Polls close in the capital ${locale} ${Date.now()}`;
    const created = await admin.post('/api/admin/content/alerts', {
      data: { alert: { title, alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' } },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const bar = page.locator(`[data-testid="alert-bar"][data-alert-id="${id}"]`);
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: title })).toHaveAttribute('href', `/${locale}/videos`);
    await expect(bar).toHaveCSS('background-color', 'rgb(200, 16, 46)');
    await keepScreenshot(page, { path: test.info().outputPath(`alerts-${locale}.png`) });

    await bar.getByTestId('alert-toggle').click();
    await expect(bar.getByRole('link', { name: title })).toBeHidden();
    await expect(bar.getByTestId('alert-toggle')).toHaveAttribute('aria-expanded', 'false');

    await page.reload();
    await expect(bar).toBeVisible();
    await expect(bar.getByTestId('alert-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByRole('link', { name: title })).toBeHidden();
    await expect(page.getByTestId('alert-bars')).toHaveAttribute('data-live', 'true');

    const changed = await admin.patch(`/api/admin/content/alerts/${id}`, {
      data: { alert: { title: `${title} (updated)`, alert_type: 'yellow' } },
    });
    expect(changed.ok()).toBe(true);
    await expect(bar.getByRole('link', { name: `${title} (updated)` })).toBeVisible();
    await expect(bar.getByTestId('alert-toggle')).toHaveAttribute('aria-expanded', 'true');
    await expect(bar).toHaveCSS('background-color', 'rgb(242, 169, 0)');

    expect((await admin.delete(`/api/admin/content/alerts/${id}`)).status()).toBe(204);
    await expect(bar).toHaveCount(0);
  });
}
