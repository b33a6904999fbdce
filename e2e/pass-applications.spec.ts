import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { payForPass } from './support/pass.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The sales desk declines a pass application (docs/decisions.md "Applying for a pass (issue 25)"),
 * in English and Arabic: a reason is required; the order is cancelled and refunded, and the
 * applicant's plan details say it failed to qualify. (Approval: e2e/checkout.spec.ts.)
 */
const SHOTS = os.tmpdir();

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: the sales desk declines an application with a reason; it is refunded and the applicant sees "failed to qualify"`, async ({
    page,
    baseURL,
    request,
    browser,
  }) => {
    const origin = baseURL ?? '';
    const account = await createAccount(request, { locale });
    await signInThroughApi(page, baseURL, account);
    const application = await payForPass(page, origin);
    expect(application.verification).toBe(true);

    const deskContext = await browser.newContext({ baseURL: origin, locale: 'en-US' });
    try {
      const desk = await deskContext.newPage();
      await signInAsStaff(desk, 'sales', origin);
      await desk.goto(`/${locale}/desk/pass-applications`);
      const row = desk.getByTestId(`application-${account.email}`);
      await expect(row.getByTestId('application-status')).toHaveText(text('desk.passApplications.statuses.processing'));
      await row.getByTestId('application-decline').click();
      const dialog = desk.getByTestId('decline-dialog');
      await dialog.getByTestId('decline-confirm').click();
      await expect(dialog.getByTestId('decline-problem')).toBeVisible();
      await dialog.getByTestId('decline-reason').fill('Not a media organisation');
      await keepScreenshot(desk, { path: path.join(SHOTS, `desk-pass-decline-${locale}.png`) });
      await dialog.getByTestId('decline-confirm').click();
      await expect(dialog).toHaveCount(0);
      await expect(row.getByTestId('application-status')).toHaveText(text('desk.passApplications.statuses.failed_to_qualify'));
      await expect(row).toContainText(text('desk.passApplications.refunded'));
      await expect(row.getByTestId('application-reason')).toHaveText('Not a media organisation');
    } finally {
      await deskContext.close();
    }

    await page.goto(`/${locale}/user/plan-details`);
    const pass = page.locator('[data-type="pass"]');
    await expect(pass.getByTestId('agreement-status')).toHaveText(text('planDetails.statuses.failed_to_qualify'));
    await expect(pass.getByTestId('agreement-verification')).toHaveText(text('planDetails.verification.failed_to_qualify'));
    await keepScreenshot(page, { path: path.join(SHOTS, `plan-failed-to-qualify-${locale}.png`), fullPage: true });
    // The account may apply again.
    await page.goto(`/${locale}/plans`);
    await expect(page.getByTestId('apply-for-pass')).toBeVisible();
  });
}
