import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, acceptReleaseNoteIfShown, createAccount, signInOnPage } from './support/accounts.ts';

type Listing = { videos: { id: number }[] };

test.describe('prompts at a first sign-in', () => {
  test('the release note opens, and then nothing else this visit: clicks reach the page', async ({ page, request, baseURL }) => {
    const { email, password } = await createAccount(request, { newsletter: false });
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    await page.goto('/en/signin');
    await signInOnPage(page, email, password);
    await page.getByTestId('release-notes-accept').click();
    await expect(page.getByTestId('release-notes-dialog')).toBeHidden();
    // The newsletter invitation used to follow two seconds later and swallow the next click.
    await page.waitForTimeout(3500);
    await expect(page.getByTestId('newsletter-popup')).toHaveCount(0);
    await page.getByTestId('menu-about').click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await page.reload();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await page.waitForTimeout(3000);
    await expect(page.getByTestId('newsletter-popup')).toHaveCount(0);
  });

  test('the newsletter invitation waits while the user is typing, then opens once', async ({ page, request, baseURL }) => {
    const { email, password } = await createAccount(request, { newsletter: false });
    // The release note is already accepted, so the newsletter invitation is this visit's prompt.
    expect((await request.post('/users/sign_in.json', { data: { user: { email, password } } })).status()).toBe(200);
    const note = (await (await request.get('/api/system/latest_release_notes')).json()) as { id: number };
    expect((await request.post('/api/current_user/accept_release_note', { data: { id: note.id } })).status()).toBe(200);
    await request.delete('/users/sign_out.json');

    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    await page.goto('/en/signin');
    await signInOnPage(page, email, password);
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await page.getByTestId('search-input').click();
    await page.getByTestId('search-input').pressSequentially('flood', { delay: 200 });
    await page.waitForTimeout(3000);
    await expect(page.getByTestId('newsletter-popup')).toHaveCount(0);
    await page.getByTestId('search-input').blur();
    await expect(page.getByTestId('newsletter-popup')).toBeVisible();
  });
});

async function publishedTime(page: Page) {
  const row = page.getByTestId('video-facts').locator('dd').first();
  // The video page loads its story first: on a busy machine that takes a while.
  await expect(row).not.toBeEmpty({ timeout: 15_000 });
  return row.innerText();
}

test.describe('time zone', () => {
  test.use({ timezoneId: 'UTC' });

  for (const locale of ['en', 'ar']) {
    test(`${locale}: a visitor's choice changes the published times shown, and survives a reload`, async ({ page, request, baseURL }) => {
      await acceptNecessaryCookies(page.context(), baseURL ?? '');
      const listing = (await (await request.get('/api/content/video_projects?per_page=1')).json()) as Listing;
      await page.goto(`/${locale}/videos/${listing.videos[0]?.id}`);
      const inUtc = await publishedTime(page);
      await page.getByTestId('time-zone-select').selectOption('Asia/Tokyo');
      await expect.poll(() => publishedTime(page)).not.toBe(inUtc);
      const inTokyo = await publishedTime(page);
      await page.reload();
      expect(await publishedTime(page)).toBe(inTokyo);
      await expect(page.getByTestId('time-zone-select')).toHaveValue('Asia/Tokyo');
    });
  }

  test("a user's choice is kept in the profile and shown at the next visit", async ({ browser, request, baseURL }) => {
    // Two visits, each with its own sign-in.
    test.setTimeout(180_000);
    const { email, password } = await createAccount(request);
    const listing = (await (await request.get('/api/content/video_projects?per_page=1')).json()) as Listing;
    const visit = async () => {
      const context = await browser.newContext({ timezoneId: 'UTC' });
      await acceptNecessaryCookies(context, baseURL ?? '');
      const page = await context.newPage();
      await page.goto('/en/signin');
      await signInOnPage(page, email, password);
      await acceptReleaseNoteIfShown(page);
      await expect(page.getByTestId('profile-menu')).toBeVisible();
      await page.goto(`/en/videos/${listing.videos[0]?.id}`);
      // Signed in on this page too, so a choice is saved to the profile.
      await expect(page.getByTestId('profile-menu')).toBeVisible();
      return { context, page };
    };
    const first = await visit();
    const saved = first.page.waitForResponse(
      (response) => response.url().includes('/api/current_user') && response.request().method() === 'PATCH',
    );
    await first.page.getByTestId('time-zone-select').selectOption('America/Los_Angeles');
    expect((await saved).status()).toBe(200);
    const shown = await publishedTime(first.page);
    await first.context.close();
    const second = await visit();
    await expect(second.page.getByTestId('time-zone-select')).toHaveValue('America/Los_Angeles');
    expect(await publishedTime(second.page)).toBe(shown);
    await second.context.close();
  });
});
