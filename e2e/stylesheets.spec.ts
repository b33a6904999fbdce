import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';

/**
 * The first page's stylesheets (issue 28): the shell preloads the stylesheets of the screen's
 * chunks in the credentials mode Vite's loader asks for them in, so Chromium uses each preload
 * (no "credentials mode does not match" warning) and fetches every stylesheet once.
 */
for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: each stylesheet is fetched once, its preload used`, async ({ page, baseURL }) => {
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    const warnings: string[] = [];
    const stylesheets: string[] = [];
    page.on('console', (message) => {
      // "A preload for … is found, but is not used because the request credentials mode does not match".
      if (/preload.*credentials mode/i.test(message.text())) warnings.push(message.text());
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.css')) stylesheets.push(new URL(request.url()).pathname);
    });
    for (const path of ['', '/videos']) {
      stylesheets.length = 0;
      await page.goto(`/${locale}${path}`);
      await expect(page.locator('main [data-testid="video-card"]').first()).toBeVisible();
      // The shell did preload some: the test would pass for nothing otherwise.
      expect(await page.locator('head link[rel="preload"][as="style"]').count(), path).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(
        stylesheets.filter((sheet, index) => stylesheets.indexOf(sheet) !== index),
        path,
      ).toEqual([]);
    }
    expect(warnings).toEqual([]);
  });
}
