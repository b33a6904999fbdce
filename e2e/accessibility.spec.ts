import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';

/** Heading levels of the main content, in document order (axe: heading-order, page-has-heading-one). */
const headingLevels = (page: Page) =>
  page
    .locator('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));

function expectNoSkippedLevel(levels: number[]) {
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (const [index, level] of levels.entries()) if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1);
}

/** Controls named by aria-label whose visible text is not part of that name (axe: label-content-name-mismatch). */
const nameMismatches = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'a[aria-label], button[aria-label], [role="button"][aria-label], [role="link"][aria-label], [role^="menuitem"][aria-label], [role="tab"][aria-label], [role="checkbox"][aria-label], [role="radio"][aria-label], [role="switch"][aria-label], [role="option"][aria-label]',
      ),
    ]
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ label: element.getAttribute('aria-label') ?? '', text: element.innerText.replace(/\s+/g, ' ').trim() }))
      .filter(({ label, text }) => text !== '' && !label.toLowerCase().includes(text.toLowerCase())),
  );

test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

for (const locale of ['en', 'ar']) {
  test(`${locale}: one h1 and no skipped heading level; visible text is part of every control's name`, async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of ['', '/landing/elections', '/videos', '/search?search=floods', '/about', '/plans', '/plans/request-enterprise']) {
      await page.goto(`/${locale}${path}`);
      await expect(page.locator('main h1')).toHaveCount(1);
      await expect(
        page
          .locator('main [data-testid="video-card"], main .content-section, main .plan-card, main [data-testid="plan-request-form"]')
          .first(),
      ).toBeVisible();
      expectNoSkippedLevel(await headingLevels(page));
      expect(await nameMismatches(page), path).toEqual([]);
    }
    await expect(page.getByTestId('language-switcher')).toHaveAccessibleName(new RegExp(`${locale.toUpperCase()}$`));
  });
}

test('the dashboard shows each story once: the hero, the picks and the latest do not repeat one another', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByTestId('banner').first()).toBeVisible();
  await expect(page.getByTestId('feed').getByTestId('video-card').first()).toBeVisible();
  const titles = await page
    .locator('[data-testid="banners"] .banner__title, [data-testid="hotbox"] .video-card__title, [data-testid="feed"] .video-card__title')
    .allInnerTexts();
  expect(titles.length).toBeGreaterThan(3);
  expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
});
