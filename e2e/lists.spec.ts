import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Lists (spec: content §2 "Lists", §5 'Video is already in this list', §7 list calls): a user makes a
 * list, adds videos from a card and from the video page, renames and shares it (asked first, as
 * sharing makes it public); a visitor opens the link; once private again, the link is the not-found
 * page.
 */
const TEXTS = {
  en: { alreadyIn: 'Video is already in this list', twoVideos: '2 videos', public: 'Public', notFound: 'Page not found' },
  ar: { alreadyIn: 'الفيديو موجود بالفعل في هذه القائمة', twoVideos: 'مقطعا فيديو', public: 'عامة', notFound: 'الصفحة غير موجودة' },
} as const;

async function screenshot(page: Page, name: string) {
  await page.mouse.move(5, 400);
  await keepScreenshot(page, { path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

/** Chooses a list in the add-to-list dialog and answers what the dialog says about it. */
async function addTo(page: Page, title: string) {
  const dialog = page.getByTestId('add-to-list-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('list-choice-item').filter({ hasText: title }).click();
  const said = dialog.getByTestId('list-choice-said');
  await expect(said).toBeVisible();
  return said;
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a user makes a list, adds two videos, renames and shares it; a visitor opens the link; private, it is a 404`, async ({
    page,
    baseURL,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));

    // A new list from my lists (the profile menu leads there).
    await page.goto(`/${locale}`);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-my-lists').click();
    await expect(page).toHaveURL(`/${locale}/user/my-lists`);
    await expect(page.getByTestId('lists-empty')).toBeVisible();
    await page.getByTestId('new-list').click();
    await page.getByTestId('new-list-dialog').getByTestId('list-title').fill('Floods 2026');
    await page.getByTestId('new-list-dialog').getByTestId('list-submit').click();
    await expect(page.getByTestId('list-card')).toHaveCount(1);
    await expect(page.getByTestId('list-title-text')).toHaveText('Floods 2026');

    // The first video from its card in the catalogue.
    await page.goto(`/${locale}/videos`);
    const cards = page.getByTestId('video-card');
    await cards.nth(0).getByTestId('add-to-list').click();
    await expect(await addTo(page, 'Floods 2026')).toHaveAttribute('class', /--added/);
    await screenshot(page, `lists-add-dialog-${locale}`);
    await page.keyboard.press('Escape');

    // The second from its page; a second add of the same video says it is in the list already.
    await cards.nth(1).locator('.video-card__link').click();
    await expect(page.getByTestId('video-page')).toBeVisible();
    await page.locator('.video-page__list').getByTestId('add-to-list').click();
    await expect(await addTo(page, 'Floods 2026')).toHaveAttribute('class', /--added/);
    await page.getByTestId('list-choice-item').filter({ hasText: 'Floods 2026' }).click();
    await expect(page.getByTestId('list-choice-said')).toHaveText(text.alreadyIn);
    await page.keyboard.press('Escape');

    // Rename it from its menu in my lists.
    await page.goto(`/${locale}/user/my-lists`);
    const card = page.getByTestId('list-card');
    await expect(card.getByTestId('list-count')).toHaveText(text.twoVideos);
    await card.getByTestId('list-menu').click();
    await page.getByTestId('list-rename').click();
    await page.getByTestId('rename-list-dialog').getByTestId('list-title').fill('Floods in Europe');
    await page.getByTestId('rename-list-dialog').getByTestId('list-submit').click();
    await expect(card.getByTestId('list-title-text')).toHaveText('Floods in Europe');

    // Share: sharing makes a private list public, so it asks first (issue 28); cancel leaves it private.
    await card.getByTestId('list-menu').click();
    await page.getByTestId('list-share').click();
    const share = page.getByTestId('share-list-dialog');
    await expect(share).toBeVisible();
    await expect(share).toContainText('Floods in Europe');
    await screenshot(page, `lists-share-dialog-${locale}`);
    await share.getByTestId('share-list-cancel').click();
    await expect(share).toBeHidden();
    await expect(card.getByTestId('list-visibility')).not.toHaveText(text.public);
    await expect(page.getByTestId('notification').filter({ hasText: '/lists/' })).toHaveCount(0);
    // Confirmed: made public and its link copied.
    await card.getByTestId('list-menu').click();
    await page.getByTestId('list-share').click();
    await share.getByTestId('share-list-confirm').click();
    const notice = page.getByTestId('notification').filter({ hasText: '/lists/' });
    await expect(notice).toBeVisible();
    await expect(card.getByTestId('list-visibility')).toHaveText(text.public);
    const link = /https?:\/\/\S+\/lists\/[\w-]{16}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    expect(link).toMatch(new RegExp(`/${locale}/lists/`));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, `lists-my-lists-${locale}`);

    // The owner's page of the list: its two videos, in grid or list view.
    await card.locator('.list-card__link').click();
    await expect(page.getByTestId('list-heading')).toHaveText('Floods in Europe');
    await expect(page.getByTestId('video-card')).toHaveCount(2);
    await page.getByTestId('view-list').click();
    await expect(page.getByTestId('video-grid')).toHaveAttribute('data-view', 'list');
    await screenshot(page, `lists-my-list-${locale}`);
    await page.getByTestId('view-grid').click();

    // A visitor opens the link and sees the two videos.
    const visitor = await browser.newContext({ locale: locale === 'ar' ? 'ar' : 'en-US' });
    await acceptNecessaryCookies(visitor, baseURL ?? '');
    const guest = await visitor.newPage();
    expect((await guest.goto(link))?.status()).toBe(200);
    await expect(guest.getByTestId('list-heading')).toHaveText('Floods in Europe');
    await expect(guest.getByTestId('video-card')).toHaveCount(2);
    await screenshot(guest, `lists-public-${locale}`);

    // Private again: the link is the not-found page, with HTTP 404, for the visitor.
    await page.getByTestId('list-menu').click();
    await page.getByTestId('list-toggle-visibility').click();
    await expect(page.getByTestId('list-visibility')).not.toHaveText(text.public);
    expect((await guest.goto(link))?.status()).toBe(404);
    await expect(guest.getByTestId('not-found')).toBeVisible();
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(text.notFound);
    await visitor.close();
  });
}
