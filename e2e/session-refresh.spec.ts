import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';

/*
 * The signed-in user is reloaded when the tab becomes visible again (spec: accounts §4 "Session"):
 * (TanStack Query's focus manager listens on the window), what changed on another device while the tab was in the background shows when the user comes back.
 */
test('a change made elsewhere shows when the tab becomes visible again', async ({ page, baseURL, request }) => {
  await signInThroughApi(page, baseURL, await createAccount(request, { locale: 'en' }));
  await page.goto('/en');
  const zone = page.getByTestId('time-zone-select');
  await expect(zone).toBeVisible({ timeout: 15_000 });
  const target = (await zone.inputValue()) === 'Asia/Tokyo' ? 'America/Lima' : 'Asia/Tokyo';
  // Another device changes the account's time zone.
  const changed = await page.request.patch('/api/current_user', {
    data: { user: { time_zone: target } },
    headers: { origin: baseURL ?? '' },
  });
  expect(changed.ok()).toBe(true);
  const reloaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/current_user' && response.request().method() === 'GET',
  );
  // The tab goes to the background, then comes back.
  await page.evaluate(() => {
    const show = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      window.dispatchEvent(new Event('visibilitychange'));
    };
    show('hidden');
    show('visible');
  });
  await reloaded;
  await expect(zone).toHaveValue(target);
});
