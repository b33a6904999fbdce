import { expect, test } from '@playwright/test';

/** Spec content §5: copied text carries the copy notice and the page's address; a form field's text does not. */
for (const [locale, notice] of [
  ['en', 'Read more at Newsreel:'],
  ['ar', 'اقرأ المزيد على Newsreel:'],
] as const) {
  test(`${locale}: text copied from a page carries the notice and the page's address`, async ({ page, baseURL }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
    await page.goto(`/${locale}/about`);
    const heading = page.locator('main h1').first();
    await expect(heading).toBeVisible();
    const title = (await heading.textContent()) ?? '';
    // The listener comes after the first load: copy until it has answered.
    await expect
      .poll(async () => {
        await heading.selectText();
        await page.keyboard.press('ControlOrMeta+C');
        return page.evaluate(() => navigator.clipboard.readText());
      })
      .toBe(`${title}\n\n${notice} ${page.url()}`);

    const search = page.getByTestId('search-input');
    await search.fill('own words');
    await search.selectText();
    await page.keyboard.press('ControlOrMeta+C');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('own words');
  });
}
