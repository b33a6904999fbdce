import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';

/*
 * An old or used confirmation or invitation link (issue: spec conformance, item 7): the page
 * explains it in the page's language every time — never the raw key `errors.token_invalid`, which
 * showed when the error texts had not loaded yet — and offers a way on (a new link, or sign-in).
 */
for (const locale of ['en', 'ru', 'ar'] as const) {
  test(`${locale}: an old invitation or confirmation link explains itself, every load`, async ({ page, context, baseURL }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    const explanation = catalogueText(locale, 'errors.token_invalid');
    for (const path of ['join-team', 'final-step', 'join-team', 'final-step', 'join-team']) {
      await page.goto(`/${locale}/${path}?confirmation_token=used-${Math.random().toString(36).slice(2, 10)}`);
      const expired = page.getByTestId('expired-link');
      await expect(expired).toContainText(explanation);
      await expect(expired).not.toContainText('errors.');
      await expect(expired.getByRole('link', { name: catalogueText(locale, 'accounts.backToSignIn') })).toBeVisible();
    }
  });
}
