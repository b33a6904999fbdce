import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies, DEMO_PASSWORD, mailTo } from './support/accounts.ts';

// One demo admin: its two-factor challenges must not overlap, so these run one after the other.
test.describe.configure({ mode: 'serial' });

for (const locale of ['en', 'ar'] as const) {
  test(`admin sign-in from the header with the two-factor popup (${locale})`, async ({ page, request, context, baseURL }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    const started = new Date().toISOString();
    await page.goto(`/${locale}`);
    await page.getByTestId('sign-in-link').click();
    const dialog = page.getByTestId('sign-in-dialog');
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type=email]').fill('admin@newsreel.example');
    await dialog.locator('input[type=password]').fill(DEMO_PASSWORD);
    await dialog.getByTestId('sign-in-submit').click();

    const twoFactor = page.getByTestId('two-factor-dialog');
    await expect(twoFactor).toBeVisible();
    await expect(dialog).toBeHidden();
    const code = /\b(\d{4})\b/.exec((await mailTo(request, 'admin@newsreel.example', started)).text)?.[1] ?? '';
    const wrong = code === '0000' ? '1111' : '0000';
    await page.getByTestId('two-factor-code').fill(wrong);
    await page.getByTestId('two-factor-submit').click();
    await expect(twoFactor.getByRole('alert')).toHaveText(locale === 'ar' ? 'رمز التحقق غير صحيح' : 'Wrong verification code');
    await page.getByTestId('two-factor-code').fill(code);
    await page.getByTestId('two-factor-submit').click();
    await expect(twoFactor).toBeHidden();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
  });
}
