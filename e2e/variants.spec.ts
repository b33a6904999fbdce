import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import { keepScreenshot } from './support/screenshots.ts';

const host = (name: string) => `http://${name}:${E2E_PORT}`;
/** The top menu's items, once the app has rendered it. */
async function menuIds(page: Page) {
  await expect(page.getByTestId('menu-vod')).toBeVisible();
  return page.locator('.top-menu__list > li > a').evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')));
}

test.describe('site variants', () => {
  test('standard: the built screens of its menu, every language, prices in euro', async ({ page }) => {
    await page.goto('/en');
    expect(await menuIds(page)).toEqual(['menu-vod', 'menu-live', 'menu-plans', 'menu-my-content', 'menu-about', 'menu-careers']);
    await expect(page.getByTestId('currency-note')).toContainText('€');
    await page.getByTestId('language-switcher').click();
    await expect(page.getByRole('menuitemradio')).toHaveCount(4);
    await expect(page.getByTestId('sign-up-link')).toHaveCount(0);
  });

  test('VOD lists latest and the three categories', async ({ page }) => {
    await page.goto('/en');
    await page.getByTestId('menu-vod').hover();
    await expect(page.getByTestId('menu-vod-politics')).toBeVisible();
    await expect(page.getByTestId('menu-vod-politics')).toHaveAttribute('href', '/en/videos/category/politics');
    await expect(page.getByTestId('menu-vod-cultural-events-and-celebrations')).toHaveText('Cultural events and celebrations');
  });

  test('Live lists all events and my events', async ({ page }) => {
    await page.goto('/en');
    await page.getByTestId('menu-live').hover();
    await expect(page.getByTestId('menu-live-all-events')).toHaveAttribute('href', '/en/events');
    await expect(page.getByTestId('menu-live-my-events')).toHaveAttribute('href', '/en/events/my-events');
    await expect(page.getByTestId('menu-live-my-events')).toHaveText('My events');
  });

  test('Russian region: its own menu, ruble, and only Russian offered', async ({ page }) => {
    await page.goto(`${host('ru.localhost')}/ru`);
    expect(await menuIds(page)).toEqual(['menu-vod', 'menu-live', 'menu-broadcast', 'menu-plans', 'menu-my-content', 'menu-about']);
    await expect(page.getByTestId('currency-note')).toContainText('₽');
    // en, ar and es are hidden, so with Russian selected there is nothing to switch to.
    await expect(page.getByTestId('language-switcher')).toHaveCount(0);
  });

  test('Russian region on an English path offers Russian only besides the current language', async ({ page }) => {
    await page.goto(`${host('ru.localhost')}/en`);
    await page.getByTestId('language-switcher').click();
    await expect(page.getByRole('menuitemradio')).toHaveText(['English', 'Русский']);
  });

  test('landing: reduced menu and footer, sign-up offered, ar and es hidden', async ({ page }) => {
    await page.goto(`${host('landing.localhost')}/en`);
    expect(await menuIds(page)).toEqual(['menu-vod', 'menu-plans', 'menu-about']);
    await expect(page.getByTestId('sign-up-link')).toBeVisible();
    await expect(page.locator('footer[data-variant="landing"]')).toBeVisible();
    await page.getByTestId('language-switcher').click();
    await expect(page.getByRole('menuitemradio')).toHaveText(['English', 'Русский']);
  });

  test('landing: only its page set; another screen is the not-found page with status 404', async ({ page }) => {
    const events = await page.goto(`${host('landing.localhost')}/en/events`);
    expect(events?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    // Its dashboard and tag landings show no live events, whose pages it does not have: nothing links to them.
    await page.goto(`${host('landing.localhost')}/en`);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('live-strip')).toHaveCount(0);
    await expect(page.locator('a[href*="/events"]')).toHaveCount(0);
    const videos = await page.goto(`${host('landing.localhost')}/en/videos`);
    expect(videos?.status()).toBe(200);
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page.getByTestId('menu-vod')).toBeVisible();
  });
});

test('landing: the sign-up modal opens from the header; opening sign-in closes it and the reverse', async ({ page }) => {
  await page.goto(`${host('landing.localhost')}/en`);
  await page.getByRole('button', { name: 'Only necessary' }).click();
  await page.getByTestId('sign-up-link').click();
  await expect(page.getByTestId('sign-up-dialog')).toBeVisible();
  await expect(page.getByTestId('sign-up-dialog').getByTestId('sign-up-submit')).toBeDisabled();
  await page.getByTestId('sign-up-dialog').getByTestId('switch-to-sign-in').click();
  await expect(page.getByTestId('sign-in-dialog')).toBeVisible();
  await expect(page.getByTestId('sign-up-dialog')).toBeHidden();
  await page.getByTestId('sign-in-dialog').getByTestId('switch-to-sign-up').click();
  await expect(page.getByTestId('sign-up-dialog')).toBeVisible();
  await expect(page.getByTestId('sign-in-dialog')).toBeHidden();
});

for (const locale of ['en', 'ru'] as const)
  test(`landing (${locale}): a video downloads in 1080p, as MP4 or MXF, and the page says so`, async ({ page, request }) => {
    const listing = (await (await request.get('/api/content/video_projects?per_page=1')).json()) as {
      videos: { project_slug: string }[];
    };
    const slug = listing.videos[0]?.project_slug ?? '';
    await page.goto(`${host('landing.localhost')}/${locale}/videos/${slug}`);
    const panel = page.getByTestId('download-panel');
    await expect(panel.getByTestId('landing-download')).toHaveText(
      locale === 'en' ? 'On this site videos download in 1080p, as MP4 or MXF.' : 'На этом сайте видео скачиваются в 1080p, в MP4 или MXF.',
    );
    const rows = panel.locator('[data-testid="quality-table"] tbody th');
    await expect(rows).toHaveText(['1080p']);
    await keepScreenshot(panel, { path: `test-results/landing-download-${locale}.png` });
    // The standard site offers the other qualities of the same video.
    await page.goto(`/${locale}/videos/${slug}`);
    await expect(page.locator('[data-testid="quality-table"] tbody th').first()).toBeVisible();
    expect(await page.locator('[data-testid="quality-table"] tbody th').count()).toBeGreaterThan(1);
    await expect(page.getByTestId('landing-download')).toHaveCount(0);
  });
