import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptNecessaryCookies, acceptReleaseNoteIfShown, createAccount, signInOnPage } from './support/accounts.ts';
import { signInAsDemo } from './support/demo.ts';

type Listing = { videos: { project_slug: string; has_preview_video: boolean; title: string; language: string }[] };

/** The newest project with a playable preview (clips are made by ffmpeg after start-up). */
async function projectWithPreview(request: APIRequestContext): Promise<string> {
  let slug = '';
  await expect
    .poll(
      async () => {
        const listing = (await (await request.get('/api/content/video_projects?per_page=24')).json()) as Listing;
        slug = listing.videos.find((video) => video.has_preview_video)?.project_slug ?? '';
        return slug;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .not.toBe('');
  return slug;
}

async function categoriesOnPage(page: Page): Promise<string[]> {
  await expect(page.getByTestId('video-card').first()).toBeVisible();
  return page.locator('.video-card__category').allInnerTexts();
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(`catalogue for a visitor (${locale})`, () => {
    test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

    test('dashboard, a category, a search with a suggestion, a video with its preview, "log in to download"', async ({ page, request }) => {
      await page.goto(`/${locale}`);
      await expect(page.getByTestId('banners').getByTestId('banner')).toHaveCount(4);
      await expect(page.getByTestId('feed').getByTestId('video-card')).toHaveCount(12);
      await expect(page.getByTestId('trending').locator('li').first()).toBeVisible();

      await page.getByTestId('menu-vod').hover();
      await page.getByTestId('menu-vod-politics').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/videos/category/politics$`));
      await expect(page.getByTestId('videos-page')).toBeVisible();
      const named = (await (await request.get(`/api/content/categories?locale=${locale}`)).json()) as { slug: string; name: string }[];
      const politics = named.find((category) => category.slug === 'politics')?.name ?? 'politics';
      const categories = await categoriesOnPage(page);
      expect(categories.length).toBeGreaterThan(3);
      expect(categories.every((name) => name.toUpperCase() === politics.toUpperCase())).toBe(true);

      const query = locale === 'ar' ? 'احتجاجات' : 'Protesters rally';
      await page.getByTestId('search-input').fill(query);
      const suggestions = page.getByTestId('suggestions');
      await expect(suggestions.getByRole('option').first()).toBeVisible();
      const chosen = await suggestions.getByRole('option').first().getByTestId('suggestion-title').innerText();
      await suggestions.getByRole('option').first().click();
      await expect(page.getByTestId('video-page')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);
      // A visitor reads the script's opening and the first shots, with a way to read the rest.
      await expect(page.getByTestId('shotlist').locator('li')).toHaveCount(3);
      await expect(page.getByTestId('script-sign-in').getByRole('link')).toHaveAttribute(
        'href',
        new RegExp(`/${locale}/signin\\?redirect=`),
      );

      await page.goto(`/${locale}/videos/${await projectWithPreview(request)}`);
      const player = page.getByTestId('preview-player');
      await expect(player).toBeVisible();
      await player.evaluate(async (video: HTMLVideoElement) => {
        video.muted = true;
        await video.play();
      });
      await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0.3);
      await expect(page.getByTestId('download-sign-in')).toHaveAttribute('href', new RegExp(`/${locale}/signin\\?redirect=`));
    });
  });
}

test.describe('catalogue for a signed-in user', () => {
  test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

  test('switches the mixed-content panel and follows a tag', async ({ page, request }) => {
    const { email, password } = await createAccount(request);
    await page.goto('/en/signin');
    await signInOnPage(page, email, password);
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await acceptReleaseNoteIfShown(page);

    // Signed in, the whole script: every shot of a demo story (six or more) and no sign-in prompt.
    await page.goto(`/en/videos/${await projectWithPreview(request)}`);
    await expect(page.getByTestId('shotlist').locator('li').nth(3)).toBeVisible();
    await expect(page.getByTestId('script-sign-in')).toHaveCount(0);

    await page.goto('/en/videos');
    const panel = page.getByTestId('mixed-content-panel');
    await expect(panel).toBeVisible();
    await panel.getByTestId('mix-english').click();
    await expect(page).toHaveURL(/with_international_mix=false/);
    await expect(page.getByTestId('video-card').first()).toBeVisible();
    const languages = await page.locator('.video-card__language').allInnerTexts();
    expect(new Set(languages)).toEqual(new Set(['EN']));
    await expect(page.getByTestId('menu-about')).toHaveAttribute('href', '/en/about?with_international_mix=false');

    await page.goto('/en/landing/elections');
    const follow = page.getByTestId('follow-tag');
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('follow-tag')).toHaveAttribute('aria-pressed', 'true');

    // The profile lists it, and unfollowing there takes it off.
    await page.goto('/en/user/profile');
    const followed = page.getByTestId('followed-tags');
    await expect(followed.getByRole('link', { name: '#Elections' })).toBeVisible();
    await followed.getByRole('button', { name: 'Unfollow' }).click();
    await expect(followed.getByRole('link', { name: '#Elections' })).toHaveCount(0);
  });
});

test.describe('list or grid', () => {
  test('the choice survives a reload only with functional-cookie consent', async ({ page, context, baseURL }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    await page.goto('/en/videos');
    await page.getByTestId('view-list').click();
    await expect(page.getByTestId('video-grid')).toHaveAttribute('data-view', 'list');
    await page.reload();
    await expect(page.getByTestId('video-grid')).toHaveAttribute('data-view', 'grid');

    await context.addCookies([{ name: 'cookie_consent', value: 'necessary:1,performance:0,functional:1,marketing:0', url: baseURL ?? '' }]);
    await page.reload();
    await page.getByTestId('view-list').click();
    await page.reload();
    await expect(page.getByTestId('video-grid')).toHaveAttribute('data-view', 'list');
  });
});

test('load more appends the next page of 12', async ({ page, context, baseURL }) => {
  await acceptNecessaryCookies(context, baseURL ?? '');
  await page.goto('/en/videos');
  await expect(page.getByTestId('video-card')).toHaveCount(12);
  await page.getByTestId('load-more').click();
  await expect(page.getByTestId('video-card')).toHaveCount(24);
});

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: a tag landing's list sorts, the sort kept in the address`, async ({ page, context, baseURL }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    await page.goto(`/${locale}/landing/elections`);
    const cards = page.getByTestId('video-card');
    await expect(cards.first()).toBeVisible();
    const newestFirst = await cards.first().locator('a').first().getAttribute('href');
    await page.getByTestId('tag-landing-sort').selectOption('oldest');
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(cards.first().locator('a').first()).not.toHaveAttribute('href', newestFirst ?? '');
    await page.reload();
    await expect(page.getByTestId('tag-landing-sort')).toHaveValue('oldest');
    await page.getByTestId('tag-landing-sort').selectOption('newest');
    await expect(page).not.toHaveURL(/sort=/);
    await expect(cards.first().locator('a').first()).toHaveAttribute('href', newestFirst ?? '');
  });
}

test('on a phone the filters are folded above the videos, and open with their choices', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await acceptNecessaryCookies(context, baseURL ?? '');
  const page = await context.newPage();
  const referenceCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/content\/(categories|geodata)/.test(request.url())) referenceCalls.push(request.url());
  });
  await page.goto('/en/videos');
  await expect(page.getByTestId('video-card')).toHaveCount(12);
  const toggle = page.getByTestId('filters').getByRole('button', { name: 'Filters' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('filter-category')).toHaveCount(0);
  expect(referenceCalls).toEqual([]);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('filter-category').locator('option', { hasText: 'Politics' })).toHaveCount(1);
  await page.getByTestId('filter-category').selectOption('politics');
  await expect(page).toHaveURL(/category=politics/);
  await expect(page.getByTestId('video-card').first().locator('.video-card__category')).toHaveText('Politics');
  await context.close();
});

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: a search lists the live events it matches, each linking to its page`, async ({ page, context, baseURL }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    await page.goto(`/${locale}/search?search=${encodeURIComponent('security council')}`);
    const lives = page.getByTestId('search-lives');
    await expect(lives).toBeVisible();
    const link = lives.getByRole('link', { name: /UN Security Council: emergency session/ });
    await expect(link).toHaveAttribute('href', new RegExp(`^/${locale}/events/`));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/events/`));
  });
}

test('a client supervisor browses the videos without the mixed-content panel (spec: accounts §2)', async ({ page, baseURL }) => {
  await signInAsDemo(page, 'supervisor', baseURL);
  await page.goto('/en/videos');
  await expect(page.getByTestId('video-card').first()).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await expect(page.getByTestId('mixed-content-panel')).toHaveCount(0);
  // The same page for a client-group user who is no supervisor has it.
  await page.context().clearCookies();
  await signInAsDemo(page, 'client', baseURL);
  await page.goto('/en/videos');
  await expect(page.getByTestId('mixed-content-panel')).toBeVisible();
});
