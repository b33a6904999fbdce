import { expect, test } from '@playwright/test';
import {
  acceptNecessaryCookies,
  acceptReleaseNoteIfShown,
  createAccount,
  DEMO_PASSWORD,
  linkIn,
  mailTo,
  signInOnPage,
  uniqueEmail,
} from './support/accounts.ts';

const TEXT = {
  en: {
    welcome: 'Welcome to Newsreel',
    profile: 'Profile',
    signIn: 'Sign in',
    updated: 'Profile updated',
    passwordUpdated: 'Password updated',
    terms: 'Terms of Service',
  },
  ar: {
    welcome: 'مرحبًا بك في Newsreel',
    profile: 'الملف الشخصي',
    signIn: 'تسجيل الدخول',
    updated: 'تم تحديث الملف الشخصي',
    passwordUpdated: 'تم تحديث كلمة المرور',
    terms: 'شروط الخدمة',
  },
} as const;

for (const locale of ['en', 'ar'] as const) {
  test.describe(`accounts (${locale})`, () => {
    test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

    test('sign up, confirm from the e-mail, edit the profile, sign out', async ({ page, request }) => {
      const email = uniqueEmail(`signup-${locale}`);
      await page.goto(`/${locale}/signup`);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await page.getByTestId('sign-up-form').locator('input[type=email]').fill(email);
      await expect(page.getByTestId('sign-up-submit')).toBeDisabled();
      await page.getByTestId('sign-up-terms').click();
      await page.getByTestId('sign-up-submit').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/check-email\\?email=`));
      await expect(page.getByTestId('check-email-page')).toContainText(email);

      const mail = await mailTo(request, email);
      await page.goto(linkIn(mail));
      await expect(page.getByTestId('final-step-page')).toContainText(email);
      const form = page.getByTestId('final-step-form');
      await form.getByLabel(locale === 'ar' ? 'الاسم الأول' : 'First name').fill('Layla');
      await form.getByLabel(locale === 'ar' ? 'اسم العائلة' : 'Last name').fill('Nasser');
      await form.locator('input[type=tel]').fill('+971 4 555 0199');
      await form.locator('select').first().selectOption({ index: 5 });
      await form.getByLabel(locale === 'ar' ? 'اسم الشركة' : 'Company name').fill('Desk TV');
      const passwords = form.locator('input[type=password]');
      await passwords.nth(0).fill('short');
      await passwords.nth(1).click();
      await expect(form.getByRole('alert').first()).toBeVisible();
      await passwords.nth(0).fill('Desk-2026-news');
      await passwords.nth(1).fill('Desk-2026-news');
      await page.getByTestId('final-step-submit').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}$`));
      await expect(page.getByText(TEXT[locale].welcome)).toBeVisible();
      await acceptReleaseNoteIfShown(page);

      await page.getByTestId('profile-menu').click();
      await page.getByTestId('profile-profile').click();
      await expect(page.getByRole('heading', { level: 1, name: TEXT[locale].profile })).toBeVisible();
      const profile = page.getByTestId('profile-form');
      await profile.getByLabel(locale === 'ar' ? 'الاسم الأول' : 'First name').fill('Leila');
      await page.getByTestId('profile-save').click();
      await expect(page.getByText(TEXT[locale].updated)).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('profile-form').getByLabel(locale === 'ar' ? 'الاسم الأول' : 'First name')).toHaveValue('Leila');

      await page.getByTestId('profile-menu').click();
      await page.getByTestId('sign-out').click();
      await expect(page.getByTestId('sign-in-link')).toBeVisible();
      await page.goto(`/${locale}/user/profile`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/signin\\?redirect=`));
    });

    test('forgotten password: reset from the e-mail, then sign in with the new one', async ({ page, request }) => {
      const { email, password } = await createAccount(request, { locale });
      await page.goto(`/${locale}/signin`);
      await page
        .getByTestId('sign-in-page')
        .getByRole('link', { name: locale === 'ar' ? 'هل نسيت كلمة المرور؟' : 'Forgot your password?' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/restore-password$`));
      // The address moves at once; the sign-in page (with its own e-mail field) stays until the next page has loaded.
      await page.getByTestId('restore-password-page').locator('input[type=email]').fill(email);
      await page.getByTestId('restore-submit').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/restore-password/check-email$`));

      await page.goto(linkIn(await mailTo(request, email)));
      const fields = page.getByTestId('new-password-page').locator('input[type=password]');
      await fields.nth(0).fill('Fresh-start-77');
      await fields.nth(1).fill('Fresh-start-77');
      await page.getByTestId('new-password-submit').click();
      await expect(page.getByTestId('password-changed-page')).toContainText(TEXT[locale].passwordUpdated);

      await page.goto(`/${locale}/signin`);
      await signInOnPage(page, email, password);
      await expect(page.getByTestId('form-errors')).toBeVisible();
      await page.getByTestId('sign-in-form').locator('input[type=password]').fill('Fresh-start-77');
      await page.getByTestId('sign-in-submit').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}$`));
      await expect(page.getByTestId('profile-menu')).toBeVisible();
    });

    test('a private page while signed out goes to sign-in and back', async ({ page }) => {
      await page.goto(`/${locale}/user/profile`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/signin\\?redirect=%2F${locale}%2Fuser%2Fprofile`));
      await signInOnPage(page, 'subscriber@newsreel.example', DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`/${locale}/user/profile$`));
      await expect(page.getByTestId('profile-page')).toContainText('subscriber@newsreel.example');
    });

    test('terms: rejecting signs out, accepting lets the user in', async ({ page, request }) => {
      const { email, password } = await createAccount(request, { locale });
      expect((await request.post('/dev/users/terms_reset', { data: { email } })).status()).toBe(200);
      await page.goto(`/${locale}/signin`);
      await signInOnPage(page, email, password);
      const screen = page.getByTestId('terms-screen');
      await expect(screen).toBeVisible();
      await expect(screen).toContainText(TEXT[locale].terms);
      await page.getByTestId('terms-reject').click();
      await expect(screen).toBeHidden();
      await expect(page.getByTestId('sign-in-link')).toBeVisible();

      await page.goto(`/${locale}/signin`);
      await signInOnPage(page, email, password);
      await expect(screen).toBeVisible();
      await page.getByTestId('terms-accept').click();
      await expect(screen).toBeHidden();
      await expect(page.getByTestId('profile-menu')).toBeVisible();
    });

    test('the release note shows once and stays accepted', async ({ page, request }) => {
      const { email, password } = await createAccount(request, { locale });
      await page.goto(`/${locale}/signin`);
      await signInOnPage(page, email, password);
      const dialog = page.getByTestId('release-notes-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(locale === 'ar' ? 'الحسابات والفرق' : 'Accounts, teams');
      await page.getByTestId('release-notes-accept').click();
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(page.getByTestId('profile-menu')).toBeVisible();
      await expect(dialog).toBeHidden();
    });
  });
}
