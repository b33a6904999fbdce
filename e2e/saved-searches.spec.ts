import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';

/**
 * Saved searches (issue 30): a user saves a search from the search page with its name and alerts,
 * finds it in their saved searches (the profile menu leads there), changes how to hear, opens it
 * (the search page with its query) and removes it.
 */
const TEXTS = {
  en: {
    nothingNew: 'Nothing new',
    daily: 'In the app · Daily e-mail digest',
    changed: 'In the app · E-mail at once · Browser push',
    free: 'Free only: yes',
  },
  ar: {
    nothingNew: 'لا جديد',
    daily: 'داخل التطبيق · ملخص يومي بالبريد',
    changed: 'داخل التطبيق · بريد فوري · إشعار المتصفح',
    free: 'المجانية فقط: نعم',
  },
} as const;

async function screenshot(page: Page, name: string) {
  await page.mouse.move(5, 400);
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a user saves a search from the search page, sees it listed, changes its alerts, opens and removes it`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));

    await page.goto(`/${locale}/search?search=flood&free_access=true`);
    await expect(page.getByTestId('search-page')).toBeVisible();
    await page.getByTestId('save-search').click();
    const dialog = page.getByTestId('save-search-dialog');
    await expect(dialog).toBeVisible();
    // The name starts as the search's text; an empty one is refused.
    await expect(dialog.getByTestId('saved-search-name')).toHaveValue('flood');
    await dialog.getByTestId('saved-search-name').fill('');
    await dialog.getByTestId('save-search-submit').click();
    await expect(dialog.getByTestId('saved-search-name')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('saved-search-name').fill('Floods');
    await dialog.getByTestId('alert-email').selectOption('daily');
    await screenshot(page, `saved-searches-dialog-${locale}`);
    await dialog.getByTestId('save-search-submit').click();
    await expect(dialog).toBeHidden();

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-saved-searches').click();
    await expect(page).toHaveURL(`/${locale}/user/saved-searches`);
    const row = page.getByTestId('saved-search');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('saved-search-open')).toHaveText('Floods');
    await expect(row.getByTestId('saved-search-query')).toContainText('flood');
    await expect(row.getByTestId('saved-search-query')).toContainText(text.free);
    await expect(row.getByTestId('saved-search-count')).toHaveText(text.nothingNew);
    await expect(row.getByTestId('saved-search-alerts')).toHaveText(text.daily);
    await screenshot(page, `saved-searches-page-${locale}`);

    await row.getByTestId('saved-search-edit').click();
    const alerts = page.getByTestId('saved-search-alerts-dialog');
    await alerts.getByTestId('alert-email').selectOption('now');
    await alerts.getByTestId('alert-push').click();
    await alerts.getByTestId('saved-search-alerts-submit').click();
    await expect(alerts).toBeHidden();
    await expect(row.getByTestId('saved-search-alerts')).toHaveText(text.changed);

    // Opening it is the search page with its query.
    await row.getByTestId('saved-search-open').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?search=flood&free_access=true$`));
    await expect(page.getByTestId('search-page')).toBeVisible();

    await page.goto(`/${locale}/user/saved-searches`);
    await page.getByTestId('saved-search-remove').click();
    await page.getByTestId('saved-search-remove-confirm').click();
    await expect(page.getByTestId('saved-searches-empty')).toBeVisible();
    await expect(page.getByTestId('saved-search')).toHaveCount(0);
  });
}
