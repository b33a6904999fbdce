import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Discovery in the search box and on the search page (issue 28): a misspelled word shows the
 * results of the closest known one, says so and offers the typed text; suggestions show date,
 * length and poster in a box of fixed size.
 */

// A letter dropped from a word the demo catalogue's titles hold, in the page's language.
const TYPOS = {
  en: { typed: 'eartquake', meant: 'earthquake' },
  ar: { typed: 'الفيضنات', meant: 'الفيضانات' },
} as const;

// Words many demo titles hold, for a full list of suggestions.
const SUGGESTED = { en: 'earthquake', ar: 'احتجاجات' } as const;

// Outside test-results, which another run of the suite may empty meanwhile.
const SCREENSHOTS = '/tmp/search-shots/search';

// The layout shifts Chromium records from here on inside the search box and its list, as CLS counts them.
const OBSERVE_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const inBox = (entry.sources ?? []).some((source) => source.node instanceof Element && source.node.closest('.search-box'));
      if (!entry.hadRecentInput && inBox) window.__layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: false });
`;

async function typeInSearchBox(page: Page, text: string) {
  const input = page.getByTestId('search-input');
  await input.click();
  await input.fill(text);
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(`search (${locale})`, () => {
    test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

    test('a misspelled word shows the results of the closest one, says so, and searches exactly on request', async ({ page, request }) => {
      const { typed, meant } = TYPOS[locale];
      // The demo catalogue has the word spelled right, and not the typo.
      const right = (await (await request.get(`/api/content/video_projects/search?search=${encodeURIComponent(meant)}`)).json()) as {
        count: number;
      };
      expect(right.count).toBeGreaterThan(0);

      await page.goto(`/${locale}`);
      await typeInSearchBox(page, typed);
      await page.getByTestId('search-input').press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?search=${encodeURIComponent(typed)}$`));
      const correction = page.getByTestId('search-correction');
      await expect(correction.getByTestId('search-corrected')).toHaveText(
        catalogueText(locale, 'search.showingResultsFor', { text: meant }),
      );
      await expect(page.getByTestId('video-card').first()).toBeVisible();
      const exact = correction.getByTestId('search-exact');
      await expect(exact).toHaveText(catalogueText(locale, 'search.searchInsteadFor', { text: typed }));
      await keepScreenshot(page, { path: `${SCREENSHOTS}-corrected-${locale}.png` });

      await exact.click();
      await expect(page).toHaveURL(/[?&]exact=1/);
      await expect(page.getByText(catalogueText(locale, 'search.empty'))).toBeVisible();
      await expect(page.getByTestId('search-correction')).toHaveCount(0);
      await expect(page.getByTestId('video-card')).toHaveCount(0);
      await keepScreenshot(page, { path: `${SCREENSHOTS}-exact-${locale}.png` });

      // A new text from the box is forgiven again.
      await page.getByTestId('search-input').fill(typed);
      await page.getByTestId('search-input').press('Enter');
      await expect(page).not.toHaveURL(/exact=1/);
      await expect(page.getByTestId('search-correction')).toBeVisible();
    });

    test('suggestions show each video’s date, length and poster, in a box that does not move', async ({ page }) => {
      await page.goto(`/${locale}`);
      await expect(page.getByTestId('search-input')).toBeVisible();
      // The page's own fonts swap in once loaded (font-display: swap) and may reflow the box's
      // placeholder: what is watched is the box from the first suggestion on.
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      await page.evaluate(OBSERVE_SHIFTS);
      await typeInSearchBox(page, SUGGESTED[locale]);
      const suggestions = page.getByTestId('suggestions');
      const first = suggestions.getByTestId('suggestion').first();
      await expect(first).toBeVisible();
      const count = await suggestions.getByTestId('suggestion').count();
      expect(count).toBeGreaterThan(0);
      for (let index = 0; index < count; index++) {
        const item = suggestions.getByTestId('suggestion').nth(index);
        await expect(item.getByTestId('suggestion-title')).not.toBeEmpty();
        // m:ss (or h:mm:ss for a long recording).
        await expect(item.getByTestId('suggestion-length')).toHaveText(/^(\d+:)?\d{1,2}:\d{2}$/);
        // The date in the page's language: an Arabic month name on an Arabic page.
        const date = item.getByTestId('suggestion-date');
        await expect(date).toHaveText(locale === 'ar' ? /[\u0600-\u06FF]/ : /^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
        await expect(item.locator('.search-box__meta')).toHaveAttribute('lang', locale);
        const poster = item.locator('.search-box__thumb');
        const box = await poster.boundingBox();
        expect(box && { width: Math.round(box.width), height: Math.round(box.height) }).toEqual({ width: 64, height: 36 });
      }
      // Every poster arrives, and nothing moved while they did.
      await expect
        .poll(() =>
          suggestions
            .locator('.search-box__thumb img')
            .evaluateAll((images) =>
              images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
            ),
        )
        .toBe(true);
      expect(await page.evaluate<number>('window.__layoutShift')).toBe(0);
      const listBox = await suggestions.boundingBox();
      const inputBox = await page.getByTestId('search-box').boundingBox();
      // The list hangs under the box, inside the page's width.
      expect(listBox && inputBox && listBox.y >= inputBox.y + inputBox.height - 1).toBe(true);
      expect(listBox && listBox.x >= 0 && listBox.x + listBox.width <= (page.viewportSize()?.width ?? 0)).toBe(true);
      await keepScreenshot(page, { path: `${SCREENSHOTS}-suggestions-${locale}.png` });

      // The title is the video's, and choosing it opens the video.
      const title = await first.getByTestId('suggestion-title').innerText();
      await first.click();
      await expect(page.getByTestId('video-page')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });
  });
}
