import { expect, test } from '@playwright/test';
import { catalogueText } from './support/catalogues.ts';

test.describe('locale detection and switching', () => {
  test('/ redirects to the browser language, else English', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('dashboard')).toBeVisible();
  });

  test('an Arabic browser lands on /ar, right-to-left', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ar-EG' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/ar$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('menu-about')).toHaveText('من نحن');
    await context.close();
  });

  test('the switcher swaps the prefix and Arabic turns the page right-to-left', async ({ page }) => {
    await page.goto('/en/old-browsers');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('locale-ar').click();
    await expect(page).toHaveURL(/\/ar\/old-browsers$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('متصفحك قديم');
    const headerBox = await page.locator('.header__logo').boundingBox();
    const viewport = page.viewportSize();
    // The logo sits at the inline start, which is the right-hand side in Arabic.
    expect(headerBox && viewport && headerBox.x > viewport.width / 2).toBe(true);

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('locale-ru').click();
    await expect(page).toHaveURL(/\/ru\/old-browsers$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('a page whose texts load with it (a catalogue section) speaks the new language after a switch', async ({ page }) => {
    await page.goto('/en/plans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogueText('en', 'plans.title'));
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('locale-ar').click();
    await expect(page).toHaveURL(/\/ar\/plans$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogueText('ar', 'plans.title'));
    // Opened cold in Arabic, then switched again.
    await page.goto('/ar/plans');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('locale-es').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogueText('es', 'plans.title'));
  });

  test('a path without a locale keeps its rest under the detected locale', async ({ page }) => {
    await page.goto('/old-browsers?from=mail');
    await expect(page).toHaveURL(/\/en\/old-browsers\?from=mail$/);
  });

  test('the chosen language is remembered only with functional-cookie consent', async ({ page, context }) => {
    await page.goto('/es');
    await page.getByRole('button', { name: 'Solo necesarias' }).click();
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    expect((await context.cookies()).find((cookie) => cookie.name === 'language_code')).toBeUndefined();

    await page.getByTestId('footer-cookie-settings').click();
    await page.getByRole('button', { name: 'Accept all' }).click();
    await page.goto('/es/old-browsers');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'language_code')?.value).toBe('es');
    await page.goto('/');
    await expect(page).toHaveURL(/\/es$/);
  });
});
