import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Issue 28 ("Smaller faults seen"): the profile showed Country "Choose…" with a country saved when
 * the list of countries came after the form. The list is made to come late here.
 */
for (const locale of ['en', 'ar'] as const) {
  test(`the profile shows the saved country when the list of countries arrives late (${locale})`, async ({ page, request, baseURL }) => {
    const account = await createAccount(request, { locale });
    await signInThroughApi(page, baseURL, account);
    // createAccount saves country 1; its name in the page's language.
    const countries = (await (await page.request.get(`/api/countries.json?locale=${locale}`)).json()) as { id: number; name: string }[];
    const saved = countries.find((country) => country.id === 1);
    expect(saved).toBeDefined();

    await page.route('**/api/countries.json*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`/${locale}/user/profile`);
    const country = page.getByTestId('profile-form').locator('select[name="country_id"]');
    // A loaded machine may take its time over the list: the value must be there once it is.
    await expect(country).toHaveValue('1', { timeout: 45_000 });
    await expect(country.locator('option:checked')).toHaveText(saved?.name ?? '');
    await keepScreenshot(page, { path: test.info().outputPath(`profile-${locale}.png`), fullPage: true });
  });
}
