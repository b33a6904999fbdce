import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { demoStoriesShortestFirst, signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The keyboard (issue 28, Discovery): the cookie banner comes first until it is answered, then a
 * "Skip to content" link that shows when reached and leads into the page; "/" goes to the search
 * from anywhere but a field, and not with Ctrl; answering the banner, and starting a download,
 * leave the keyboard where it was.
 */
const SHOTS = path.join(process.cwd(), 'test-results', 'screens');

/** What has focus: its test id, or its tag and text, and where it is. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { id: 'body', inBanner: false, inMain: false };
    return {
      id: element.dataset.testid ?? element.id ?? '',
      text: element.textContent?.trim() ?? '',
      inBanner: element.closest('[data-testid="cookie-banner"]') !== null,
      inMain: element.closest('main') !== null,
    };
  });

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: the cookie banner, then "Skip to content" into the page; "/" goes to the search`, async ({ page }) => {
    await page.goto(`/${locale}/videos`);
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    await expect(page.getByTestId('video-card').first()).toBeVisible();

    // The banner's policy link, "Settings", "Only necessary" and "Accept all" come first.
    const inBanner: boolean[] = [];
    for (let stop = 0; stop < 4; stop += 1) {
      await page.keyboard.press('Tab');
      inBanner.push((await focused(page)).inBanner);
    }
    expect(inBanner).toEqual([true, true, true, true]);
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: catalogueText(locale, 'cookies.onlyNecessary'), exact: true })).toBeFocused();

    // Answered: the banner goes and the keyboard is on the skip link, which shows.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    const skip = page.getByTestId('skip-link');
    await expect(skip).toBeFocused();
    await expect(skip).toHaveText(catalogueText(locale, 'common.skipToContent'));
    await expect(skip).toBeInViewport();
    await keepScreenshot(page, { path: path.join(SHOTS, `keyboard-skip-link-${locale}.png`) });

    // It leads to the content: the address stays, and the next Tab is inside the page's main part.
    const address = page.url();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    expect(page.url()).toBe(address);
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);

    // "/" from a link in the page: the search has the keyboard, and no "/" was typed into it.
    const search = page.getByTestId('search-input');
    const card = page.getByTestId('video-card').first().getByRole('link').first();
    await card.focus();
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
    // In a field, "/" is text.
    await page.keyboard.type('a/b');
    await expect(search).toHaveValue('a/b');
    await expect(search).toBeFocused();

    // With Ctrl it is no shortcut.
    await card.focus();
    await page.keyboard.press('Control+/');
    await expect(card).toBeFocused();
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('a/b');
  });

  test(`${locale}: answering the cookie banner from its settings puts the keyboard back where it was`, async ({ page }) => {
    await page.goto(`/${locale}/videos`);
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    const card = page.getByTestId('video-card').first().getByRole('link').first();
    await card.focus();
    await page
      .getByTestId('cookie-banner')
      .getByRole('button', { name: catalogueText(locale, 'cookies.settings'), exact: true })
      .focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('cookie-settings');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: catalogueText(locale, 'cookies.save'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await expect(card).toBeFocused();
  });

  test(`${locale}: after a download starts, the keyboard is on the download button again`, async ({ page, baseURL, request }) => {
    test.setTimeout(180_000);
    const origin = baseURL ?? '';
    await signInThroughApi(page, origin, await createAccount(request, { locale }));
    type List = { videos: { project_slug: string; free_access: boolean; format: string[]; duration: number }[] };
    const list = (await (await page.request.get('/api/content/video_projects?per_page=48')).json()) as List;
    const free = demoStoriesShortestFirst(list.videos).find((video) => video.free_access && video.format.includes('clean'));
    if (!free) throw new Error('no free video with a clean file');

    await page.goto(`/${locale}/videos/${free.project_slug}`);
    await page.getByTestId('file-choice').locator('[data-testid$="-mp4"]').first().click();
    await page.getByTestId('restrictions-agreement').click();
    const button = page.getByTestId('download-button');
    await button.focus();
    await page.keyboard.press('Enter');
    // The request is answered (the file on its way, being prepared, or not yet to be had): the button has the keyboard.
    await expect(page.getByTestId('notification').or(page.getByTestId('download-error')).first()).toBeVisible({ timeout: 60_000 });
    await expect(button).toBeEnabled();
    await expect(button).toBeFocused();
  });
}
