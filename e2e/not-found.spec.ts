import { expect, test } from '@playwright/test';

test.describe('notice pages', () => {
  test('an unknown path renders the not-found page with the real header and footer, status 404', async ({ page }) => {
    const response = await page.goto('/en/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the homepage' }).click();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('the not-found page speaks the locale of its path', async ({ page }) => {
    await page.goto('/ar/nothing-here');
    await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
  });

  test('old-browsers and server-error are real pages', async ({ page }) => {
    expect((await page.goto('/en/old-browsers'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Your browser is out of date' })).toBeVisible();
    expect((await page.goto('/ru/server-error'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Скоро вернёмся' })).toBeVisible();
  });

  test('an unknown API path answers JSON, not the app', async ({ request }) => {
    const response = await request.get('/api/nothing');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ errors: [{ code: 'route_not_found', message: 'No route for GET /api/nothing' }] });
  });
});
