import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';

/*
 * Validation in forms (spec: content "Validation runs on blur and on change; errors show after the
 * field loses focus"), in English and Arabic, on the password-reset request.
 */
for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: a field's error shows once it loses focus, not while it is typed, and goes when it is right`, async ({
    page,
    baseURL,
  }) => {
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    await page.goto(`/${locale}/restore-password`);
    const email = page.getByTestId('restore-password-page').locator('input[type=email]');
    const error = page.getByTestId('restore-password-page').locator('.field__error');
    await email.fill('not-an-address');
    // Still typing: nothing said yet.
    await page.waitForTimeout(400);
    await expect(error).toHaveCount(0);
    await email.blur();
    await expect(error).toHaveText(catalogueText(locale, 'validation.email'));
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    // Once marked, the field is checked as it changes: right, and the error goes.
    await email.fill('reader@example.com');
    await expect(error).toHaveCount(0);
  });
}

test('a page whose language catalogue fails to arrive speaks English rather than showing keys', async ({ page, baseURL }) => {
  await acceptNecessaryCookies(page.context(), baseURL ?? '');
  // The Arabic catalogue never arrives.
  let refused = 0;
  await page.route(/\/assets\/ar-[\w-]+\.js$/, (route) => {
    refused += 1;
    return route.abort('failed');
  });
  await page.goto('/ar');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('search-input')).toHaveAttribute('placeholder', catalogueText('en', 'search.placeholder'));
  await expect(page.locator('body')).not.toContainText('search.placeholder');
  expect(refused).toBeGreaterThan(0);
});
