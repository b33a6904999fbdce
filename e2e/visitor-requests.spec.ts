import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Issue 28 ("Smaller faults seen"): a visitor's every page logged a 401 from /api/current_user, and
 * a signed-in user without planning a 403 from the planning check. Not signed in is an answer the
 * app already has (the signed-in hint, src/common/signed-in-cookie.ts), and the planning check is
 * asked only of a user it will answer.
 */
const PAGES = ['', '/videos', '/about', '/events'];

/** The answers of 400 and above while the pages load, until each is idle with its alerts live. */
async function failedAnswers(page: Page, locale: string): Promise<string[]> {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  for (const path of PAGES) {
    await page.goto(`/${locale}${path}`);
    // What a page asks after its first load (the alerts channel, prompts) is asked by then.
    await expect(page.getByTestId('alert-bars')).toHaveAttribute('data-live', 'true', { timeout: 45_000 });
    await page.waitForLoadState('networkidle');
  }
  return failed;
}

for (const locale of ['en', 'ar'] as const) {
  test(`a visitor's pages get no 4xx answer (${locale})`, async ({ page, context, baseURL }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/current_user') asked.push(request.url());
    });
    expect(await failedAnswers(page, locale)).toEqual([]);
    expect(asked).toEqual([]);
    await expect(page.getByTestId('profile-menu')).toHaveCount(0);
  });

  test(`a signed-in user without planning gets no 4xx answer, and no planning item (${locale})`, async ({ page, request, baseURL }) => {
    const account = await createAccount(request, { locale });
    await signInThroughApi(page, baseURL, account);
    expect(await failedAnswers(page, locale)).toEqual([]);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByTestId('profile-profile')).toBeVisible();
    await expect(page.getByTestId('profile-planning')).toHaveCount(0);
    await keepScreenshot(page, { path: test.info().outputPath(`signed-in-menu-${locale}.png`) });
  });
}
