import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, acceptReleaseNoteIfShown, createAccount, signInOnPage } from './support/accounts.ts';

/** Every in-app link of the header, its panels, the footer and (on a phone) the drawer. */
async function menuLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('header a[href^="/"], footer a[href^="/"], [data-testid="mobile-menu"] a[href^="/"], [role="menu"] a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.split('?')[0] ?? href))];
}

async function expectEveryLinkAnswers200(page: Page, hrefs: string[]) {
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) {
    const response = await page.request.get(href, { maxRedirects: 0 });
    expect(response.status(), href).toBe(200);
  }
}

for (const locale of ['en', 'ar']) {
  test(`${locale}: menus show only built screens, and every menu link answers 200`, async ({ page, baseURL }) => {
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    await page.goto(`/${locale}`);
    await expect(page.getByTestId('menu-vod')).toBeVisible();
    await expect(page.getByTestId('menu-plans')).toBeVisible();
    await expect(page.getByTestId('menu-my-content')).toBeVisible();
    await expect(page.getByTestId('menu-live')).toBeVisible();
    await expect(page.getByTestId('menu-careers')).toBeVisible();
    await expect(page.locator(`footer a[href="/${locale}/impressum"]`)).toBeVisible();
    const desktop = await menuLinks(page);
    expect(desktop).toContain(`/${locale}/impressum`);
    expect(desktop).toContain(`/${locale}/plans`);
    expect(desktop).toContain(`/${locale}/career`);
    // Live: all events and my events (a private screen: its shell answers 200, the app sends a visitor to sign in).
    expect(desktop).toContain(`/${locale}/events`);
    expect(desktop).toContain(`/${locale}/events/my-events`);
    await expectEveryLinkAnswers200(page, desktop);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('mobile-menu-button').click();
    await expect(page.getByTestId('mobile-menu')).toBeVisible();
    await expectEveryLinkAnswers200(page, await menuLinks(page));
  });
}

test('the profile menu of a new user shows only built screens', async ({ page, baseURL, request }) => {
  const { email, password } = await createAccount(request);
  await acceptNecessaryCookies(page.context(), baseURL ?? '');
  await page.goto('/en/signin');
  await signInOnPage(page, email, password);
  await acceptReleaseNoteIfShown(page);
  await page.getByTestId('profile-menu').click();
  await expect(page.getByTestId('profile-profile')).toBeVisible();
  await expect(page.getByTestId('profile-plan-details')).toBeVisible();
  await expect(page.getByTestId('profile-billing-settings')).toBeVisible();
  await expect(page.getByTestId('profile-purchase-history')).toBeVisible();
  // Members for anyone but a client or a one-off buyer without a team (spec §6): a new user invites.
  await expect(page.getByTestId('profile-members')).toBeVisible();
  // Limits only with members and limit agreements; planning only when the access check has no
  // error (spec §6): a new user has neither. My lists is for every signed-in user.
  await expect(page.getByTestId('profile-my-content')).toBeVisible();
  await expect(page.getByTestId('profile-my-lists')).toBeVisible();
  for (const hidden of ['user-limits', 'planning']) {
    await expect(page.getByTestId(`profile-${hidden}`)).toHaveCount(0);
  }
  await expectEveryLinkAnswers200(page, await menuLinks(page));
});

test('impressum is a content page in four languages', async ({ page }) => {
  const titles = { en: 'Impressum', es: 'Aviso legal', ru: 'Выходные данные', ar: 'بيانات الناشر' };
  for (const [locale, title] of Object.entries(titles)) {
    expect((await page.goto(`/${locale}/impressum`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});
