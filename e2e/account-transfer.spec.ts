import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies, acceptReleaseNoteIfShown, createAccount, mailTo, signInOnPage } from './support/accounts.ts';
import { keepScreenshot } from './support/screenshots.ts';

/** The account-transfer password page (spec accounts §2, §5; docs/decisions.md "Account transfer"). */
const TEXT = {
  en: { notMigrated: 'User has not migrated', link: 'Choose your password', codeRule: 'The code has 6 symbols' },
  ar: { notMigrated: 'لم يتم ترحيل المستخدم', link: 'اختيار كلمة المرور', codeRule: 'يتكون الرمز من 6 رموز' },
} as const;

for (const locale of ['en', 'ar'] as const) {
  test.describe(`account transfer (${locale})`, () => {
    test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

    test('an account moved over without its password follows sign-in to the transfer page, chooses a password with the mailed code, and signs in with it later', async ({
      page,
      request,
    }) => {
      const { email } = await createAccount(request, { locale });
      const confirmation = await mailTo(request, email);
      expect((await request.post('/dev/users/unmigrate', { data: { email } })).status()).toBe(200);

      await page.goto(`/${locale}/signin`);
      await signInOnPage(page, email, 'Any-password-1');
      await expect(page.getByTestId('form-errors')).toContainText(TEXT[locale].notMigrated);
      const link = page.getByTestId('account-transfer-link');
      await expect(link).toHaveText(TEXT[locale].link);
      await keepScreenshot(page, { path: `/tmp/transfer-${locale}-sign-in.png`, fullPage: true });
      await link.click();

      await expect(page).toHaveURL(new RegExp(`/${locale}/account-transfer\\?email=`));
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      const request1 = page.getByTestId('account-transfer-request-form');
      await expect(request1.locator('input[type=email]')).toHaveValue(email);
      await keepScreenshot(page, { path: `/tmp/transfer-${locale}-email.png`, fullPage: true });
      await page.getByTestId('account-transfer-send').click();

      const form = page.getByTestId('account-transfer-form');
      await expect(form).toBeVisible();
      await expect(page.getByTestId('account-transfer-page')).toContainText(email);
      const mail = await mailTo(request, email, confirmation.created_at);
      const code = /\b([A-Z2-9]{6})\b/.exec(mail.subject)?.[1] ?? '';
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);

      // The shared contract's rule shows before anything is sent.
      const codeField = page.getByTestId('account-transfer-code');
      await codeField.fill('ABC');
      await codeField.blur();
      await expect(form.getByText(TEXT[locale].codeRule)).toBeVisible();
      // Typed in lower case with a space, as a person might copy it.
      await codeField.fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
      const passwords = form.locator('input[type=password]');
      await passwords.nth(0).fill('Transfer-2026-ok');
      await passwords.nth(1).fill('Transfer-2026-ok');
      await keepScreenshot(page, { path: `/tmp/transfer-${locale}-code.png`, fullPage: true });
      await page.getByTestId('account-transfer-submit').click();

      await expect(page).toHaveURL(new RegExp(`/${locale}$`));
      await acceptReleaseNoteIfShown(page);
      await expect(page.getByTestId('profile-menu')).toBeVisible();
      expect(await (await page.request.get('/api/current_user')).json()).toMatchObject({ email });

      await page.getByTestId('profile-menu').click();
      await page.getByTestId('sign-out').click();
      await expect(page.getByTestId('sign-in-link')).toBeVisible();
      await page.goto(`/${locale}/signin`);
      await signInOnPage(page, email, 'Transfer-2026-ok');
      await expect(page).toHaveURL(new RegExp(`/${locale}$`));
      await expect(page.getByTestId('profile-menu')).toBeVisible();
    });
  });
}
