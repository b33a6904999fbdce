import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from './support/demo.ts';

test.describe('layout', () => {
  test('small screens get a menu drawer with 46 px rows', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/en');
    await expect(page.locator('.top-menu')).toBeHidden();
    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.getByTestId('mobile-menu');
    await expect(drawer).toBeVisible();
    const row = drawer.getByRole('link', { name: 'About' });
    expect((await row.boundingBox())?.height).toBe(46);
    await row.click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(drawer).toBeHidden();
  });

  test('navigation scrolls back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/en');
    await page.getByRole('button', { name: 'Only necessary' }).click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await expect(page).toHaveURL(/\/en\/impressum$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the top menu marks the current section', async ({ page }) => {
    await page.goto('/en/about');
    await expect(page.getByTestId('menu-about')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('menu-vod')).not.toHaveAttribute('aria-current', 'page');
  });
});

const MASTER_PAGES = ['/user/members', '/user/user-limits', '/user/billing-settings'];

/** Pages that must fit a phone's width: nothing may make the page scroll sideways. */
const PUBLIC_PAGES = [
  '',
  '/videos',
  '/events',
  '/plans',
  '/about',
  '/career',
  '/broadcast-services',
  '/signup',
  '/search?q=flood',
  '/landing/elections',
  '/plans/request-enterprise',
];
const USER_PAGES = [
  '/user/profile',
  '/user/my-lists',
  '/user/plan-details',
  '/user/purchase-history',
  '/user/my-content',
  '/events/my-events',
];

async function overflowOf(page: Page, path: string): Promise<{ path: string; width: number }> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { path, width: await page.evaluate(() => document.documentElement.scrollWidth) };
}

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: on a phone no page scrolls sideways`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const widths = [];
    for (const path of PUBLIC_PAGES) widths.push(await overflowOf(page, `/${locale}${path}`));
    // A vacancy and a video, reached as a visitor would.
    await page.goto(`/${locale}/career`);
    widths.push(await overflowOf(page, (await page.locator('main a[href*="/career/"]').first().getAttribute('href')) ?? ''));
    await page.goto(`/${locale}/videos`);
    widths.push(await overflowOf(page, (await page.locator('main a[href*="/videos/"]').first().getAttribute('href')) ?? ''));
    await page.goto(`/${locale}/events`);
    widths.push(await overflowOf(page, (await page.locator('main a[href*="/events/"]').last().getAttribute('href')) ?? ''));
    await signInAsDemo(page, 'subscriber', baseURL);
    for (const path of USER_PAGES) widths.push(await overflowOf(page, `/${locale}${path}`));
    await signInAsDemo(page, 'master', baseURL);
    for (const path of MASTER_PAGES) widths.push(await overflowOf(page, `/${locale}${path}`));
    expect(widths.filter((entry) => entry.width > 360)).toEqual([]);
  });
}
