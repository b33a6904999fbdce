import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { catalogueText, pluralText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { buyPass } from './support/pass.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Several videos at once (issue 28, Discovery), in English and Arabic: a visitor's cards have no
 * tick boxes; a subscriber ticks three cards of the video list, the bar counts them, adds them to a
 * new list in one go, then downloads them in one rendition: the restrictions must be agreed to,
 * and one progress view shows each file until it is ready. Search results can be ticked too. In
 * Arabic the real-time connection never answers: the files' ends come from the requested files,
 * looked at while the view waits.
 */
const SHOTS = os.tmpdir();

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);
  const plural = (key: string, count: number, values: Record<string, string | number> = {}) =>
    values.title === undefined
      ? pluralText(locale, key, count)
      : text(`${key}_${new Intl.PluralRules(locale).select(count)}`, { count, ...values });

  test(`${locale}: a subscriber ticks three videos, adds them to a list at once and downloads them as a basket with one progress view`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const origin = baseURL ?? '';
    await page.goto(`/${locale}/videos`);
    await expect(page.getByTestId('video-card').first()).toBeVisible();
    await expect(page.getByTestId('select-video')).toHaveCount(0);

    await signInThroughApi(page, origin, await createAccount(request, { locale }));
    await buyPass(page, origin);
    // A socket that is never answered: no transcoding message reaches the page.
    if (locale === 'ar') await page.routeWebSocket(/\/cable/, () => {});
    await page.goto(`/${locale}/videos`);
    const cards = page.getByTestId('video-card');
    await expect(cards.first().getByTestId('select-video')).toBeVisible();
    const titles: string[] = [];
    for (const index of [0, 1, 2]) {
      const card = cards.nth(index);
      titles.push((await card.locator('.video-card__title').textContent()) ?? '');
      await card.getByTestId('select-video').check();
    }
    const bar = page.getByTestId('selection-bar');
    await expect(bar.getByTestId('selection-count')).toHaveText(plural('download.basket.selected', 3));
    await keepScreenshot(page, { path: path.join(SHOTS, `selection-bar-${locale}.png`) });

    // Into a new list, all three in one go.
    await bar.getByTestId('selection-add-to-list').click();
    const listDialog = page.getByTestId('add-to-list-dialog');
    await listDialog.getByTestId('new-list-title').fill(`Basket ${locale}`);
    await listDialog.getByTestId('new-list-submit').click();
    await expect(listDialog.getByRole('alert')).toHaveText(plural('lists.addedSeveral', 3, { title: `Basket ${locale}` }));
    await page.keyboard.press('Escape');

    // One rendition of each: the restrictions first, then one progress view.
    await bar.getByTestId('selection-download').click();
    const basket = page.getByTestId('basket-dialog');
    await basket.getByTestId('basket-quality').selectOption('sd');
    await basket.getByTestId('basket-submit').click();
    await expect(basket.getByTestId('basket-must-agree')).toHaveText(text('video.download.mustAgree'));
    await basket.getByTestId('basket-agree').click();
    await keepScreenshot(page, { path: path.join(SHOTS, `selection-basket-form-${locale}.png`) });
    await basket.getByTestId('basket-submit').click();
    const rows = basket.getByTestId('basket-row');
    await expect(rows).toHaveCount(3);
    for (const [index, title] of titles.entries()) await expect(rows.nth(index)).toContainText(title.trim());
    await keepScreenshot(page, { path: path.join(SHOTS, `selection-basket-progress-${locale}.png`) });
    for (const index of [0, 1, 2])
      await expect(rows.nth(index)).toHaveAttribute('data-state', /ready|failed|refused/, { timeout: 150_000 });
    await expect(basket.locator('[data-testid="basket-row"][data-state="ready"]')).toHaveCount(3);
    await expect(basket.getByTestId('basket-file')).toHaveCount(3);
    const href = await basket.getByTestId('basket-file').first().getAttribute('href');
    expect((await page.request.get(href ?? '')).status()).toBe(200);
    await keepScreenshot(page, { path: path.join(SHOTS, `selection-basket-ready-${locale}.png`) });

    // Closing the view clears the pick; search results can be ticked as well.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('selection-bar')).toHaveCount(0);
    await page.goto(`/${locale}/search?search=${encodeURIComponent('earthquake')}`);
    await page.getByTestId('video-card').first().getByTestId('select-video').check();
    await expect(page.getByTestId('selection-count')).toHaveText(plural('download.basket.selected', 1));
  });
}
