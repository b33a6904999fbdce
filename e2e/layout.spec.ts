import { expect, test } from '@playwright/test';

test.describe('layout', () => {
  test('small screens get a menu drawer with 46 px rows', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/en');
    await expect(page.locator('.top-menu')).toBeHidden();
    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.getByTestId('mobile-menu');
    await expect(drawer).toBeVisible();
    const row = drawer.getByRole('link', { name: 'About' });
    expect((await row.boundingBox())?.height).toBe(46);
    await row.click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(drawer).toBeHidden();
  });

  test('navigation scrolls back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/en');
    await page.getByRole('button', { name: 'Only necessary' }).click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await expect(page).toHaveURL(/\/en\/impressum$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the top menu marks the current section', async ({ page }) => {
    await page.goto('/en/about');
    await expect(page.getByTestId('menu-about')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('menu-vod')).not.toHaveAttribute('aria-current', 'page');
  });
});
