import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Web push in the browser (spec: content §4 "Push"): 5 s after the app mounts the permission is
 * asked; granted, a browser without settings gets the popup with its locale ticked, and the
 * settings saved reach the server. Headless Chromium has no push service, so the subscription
 * itself is not made here (the server's tests push for real to a local push service).
 */
const TEXTS = {
  en: { title: 'Push notifications', saved: 'Your push notification settings are saved.' },
  ar: { title: 'الإشعارات الفورية', saved: 'تم حفظ إعدادات الإشعارات الفورية.' },
} as const;

async function screenshot(page: Page, name: string) {
  await keepScreenshot(page, { path: path.join('test-results', 'screens', `${name}.png`), fullPage: false });
}

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: the permission granted, the settings popup opens 5 s after load with the locale ticked, and the choice is saved`, async ({
    page,
    baseURL,
  }) => {
    await page.context().grantPermissions(['notifications'], { origin: baseURL ?? '' });
    const opened = Date.now();
    await page.goto(`/${locale}/events`);
    const popup = page.getByTestId('push-settings');
    await expect(popup).toBeVisible({ timeout: 15_000 });
    expect(Date.now() - opened).toBeGreaterThanOrEqual(5000);
    await expect(popup.getByRole('heading')).toHaveText(TEXTS[locale].title);
    await expect(popup.getByTestId(`push-locale-${locale}`)).toHaveAttribute('data-state', 'checked');
    await expect(popup.getByTestId('push-locale-es')).toHaveAttribute('data-state', 'unchecked');
    await screenshot(page, `push-settings-${locale}`);

    await popup.getByTestId('push-locale-es').click();
    await popup.getByTestId('push-settings-save').click();
    await expect(popup).toHaveCount(0);
    await expect(page.getByText(TEXTS[locale].saved)).toBeVisible();

    const id = await page.evaluate(() => localStorage.getItem('webpush_external_id'));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(async () => (await (await page.request.get(`/api/webpush_notification_clients/${id}`)).json()) as unknown)
      .toEqual({ external_id: id, notification_locales: [locale, 'es'], subscribed: false });

    // Saved once: the next visit asks no more.
    await page.reload();
    await page.waitForTimeout(6500);
    await expect(popup).toHaveCount(0);
  });
}

test('without the permission, no popup opens and nothing is saved', async ({ page }) => {
  await page.goto('/en/events');
  await page.waitForTimeout(6500);
  await expect(page.getByTestId('push-settings')).toHaveCount(0);
  const id = await page.evaluate(() => localStorage.getItem('webpush_external_id'));
  expect(id).toBeNull();
});

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: the footer's notification settings open the popup again, with the settings as saved`, async ({ page, baseURL }) => {
    await page.context().grantPermissions(['notifications'], { origin: baseURL ?? '' });
    const id = locale === 'en' ? '5b0f3c1e-8d2a-4c7e-9f10-2a6b8c4d0e11' : '5b0f3c1e-8d2a-4c7e-9f10-2a6b8c4d0e12';
    await page.addInitScript((externalId) => localStorage.setItem('webpush_external_id', externalId), id);
    const saved = await page.request.put('/api/webpush_notification_clients', {
      data: { client: { external_id: id, notification_locales: ['ru'] } },
    });
    expect(saved.ok()).toBe(true);

    await page.goto(`/${locale}/events`);
    const popup = page.getByTestId('push-settings');
    await page.getByTestId('footer-push-settings').click();
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('heading')).toHaveText(TEXTS[locale].title);
    await expect(popup.getByTestId('push-locale-ru')).toHaveAttribute('data-state', 'checked');
    await expect(popup.getByTestId(`push-locale-${locale}`)).toHaveAttribute('data-state', 'unchecked');
    await screenshot(page, `push-settings-again-${locale}`);

    await popup.getByTestId(`push-locale-${locale}`).click();
    await popup.getByTestId('push-locale-ru').click();
    await popup.getByTestId('push-settings-save').click();
    await expect(popup).toHaveCount(0);
    await expect
      .poll(async () => (await (await page.request.get(`/api/webpush_notification_clients/${id}`)).json()) as unknown)
      .toEqual({ external_id: id, notification_locales: [locale], subscribed: false });

    // The 5 s prompt finds the settings saved and keeps the popup closed.
    await page.waitForTimeout(6000);
    await expect(popup).toHaveCount(0);
  });
}

test('where the user has refused notifications, the footer offers no notification settings', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await page.goto('/en/events');
  await expect(page.getByTestId('footer-cookie-settings')).toBeVisible();
  await expect(page.getByTestId('footer-push-settings')).toHaveCount(0);
});
