import { expect, test } from '@playwright/test';

test.describe('cookie consent', () => {
  test('the banner shows until a choice is stored, and the choice survives a reload', async ({ page, context }) => {
    await page.goto('/en');
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    await page.getByRole('button', { name: 'Cookie settings' }).first().click();

    const dialog = page.getByTestId('cookie-settings');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('consent-necessary')).toBeDisabled();
    await expect(dialog.getByTestId('consent-necessary')).toHaveAttribute('data-state', 'checked');
    await expect(dialog.getByTestId('consent-functional')).toHaveAttribute('data-state', 'unchecked');
    await dialog.getByTestId('consent-functional').click();
    await dialog.getByRole('button', { name: 'Save settings' }).click();

    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    const stored = (await context.cookies()).find((cookie) => cookie.name === 'cookie_consent');
    expect(decodeURIComponent(stored?.value ?? '')).toBe('necessary:1,performance:0,functional:1,marketing:0');
    // Kept for a year (spec: accounts §9).
    expect((stored?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    await page.reload();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);

    await page.getByTestId('footer-cookie-settings').click();
    await expect(page.getByTestId('consent-functional')).toHaveAttribute('data-state', 'checked');
    await expect(page.getByTestId('consent-marketing')).toHaveAttribute('data-state', 'unchecked');
  });

  test('withdrawing functional consent deletes the functional cookies', async ({ page, context }) => {
    await page.goto('/en');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await page.goto('/ru');
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'language_code')).toBe(true);
    await page.getByTestId('footer-cookie-settings').click();
    await page.getByTestId('consent-functional').click();
    await page.getByTestId('cookie-settings').getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'language_code')).toBe(false);
  });
});
