import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Issue 28 ("Smaller faults seen"): on Arabic pages the dates of non-Arabic cards read
 * "26 2026 نوفمبر". A card is in its video's language and direction, its date in the page's.
 */
for (const locale of ['en', 'ar'] as const) {
  test(`a card's date reads in the page's language and direction (${locale})`, async ({ page, context, baseURL }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    await page.goto(`/${locale}/videos`);
    const card = page.locator('[data-testid="video-card"]:not([lang="ar"])').first();
    await expect(card).toBeVisible();
    const dateline = card.locator('.video-card__dateline');
    const laidOut = await dateline.evaluate((line, pageLocale) => {
      const date = line.querySelector('time')?.getAttribute('datetime') ?? '';
      const parts = new Intl.DateTimeFormat(pageLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatToParts(
        new Date(`${date}T00:00:00Z`),
      );
      const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
      // The text node that holds the date, and where its day and year are drawn.
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let next = walker.nextNode(); next; next = walker.nextNode()) {
        const node = next;
        const text = node.textContent ?? '';
        const year = text.indexOf(part('year'));
        const day = text.indexOf(part('day'));
        if (year < 0 || day < 0 || !text.includes(part('month'))) continue;
        const rect = (start: number, length: number) => {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + length);
          return range.getBoundingClientRect();
        };
        const dayBox = rect(day, part('day').length);
        const yearBox = rect(year, part('year').length);
        return {
          text: text.trim(),
          dayLeftOfYear: dayBox.left < yearBox.left,
          lang: node.parentElement?.closest('[lang]')?.getAttribute('lang'),
        };
      }
      return null;
    }, locale);
    expect(laidOut).not.toBeNull();
    // English reads "November 26, 2026" left to right; Arabic "26 نوفمبر 2026" right to left, its day on the right.
    expect(laidOut?.dayLeftOfYear).toBe(locale !== 'ar');
    expect(laidOut?.lang).toBe(locale);
    await keepScreenshot(page, { path: test.info().outputPath(`card-dates-${locale}.png`) });
  });
}
