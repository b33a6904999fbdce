import type { Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from '@playwright/test';

/**
 * A screenshot kept for people to look at (the pages in each language, test-results/ or the temp
 * folder). CI sets E2E_SCREENSHOTS=off: nobody opens them there, and they cost the suite about
 * 140 CPU-s a run (docs/performance.md). A failed test's own screenshot is Playwright's and stays.
 */
export async function keepScreenshot(target: Page, options: PageScreenshotOptions): Promise<void>;
export async function keepScreenshot(target: Locator, options: LocatorScreenshotOptions): Promise<void>;
export async function keepScreenshot(target: Page | Locator, options: PageScreenshotOptions & LocatorScreenshotOptions): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await target.screenshot(options);
}
