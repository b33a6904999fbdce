import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/*
 * Browser error reports (issue 25): a failed action and an uncaught error in a visitor's browser
 * reach our endpoint, and the admin finds them at /desk/client-errors with the stack.
 */
test('a failed action and an uncaught error are reported, and the admin reads them at the desk', async ({ page, browser, baseURL }) => {
  test.slow();
  const mark = `e2e-${Date.now()}`;
  const visitor = await browser.newPage();
  await acceptNecessaryCookies(visitor.context(), baseURL ?? '');
  // The password-instructions call answers 502 as a broken gateway would.
  await visitor.route('**/api/users/password_instructions*', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 502, body: 'Bad gateway' }) : route.continue(),
  );
  const sent = visitor.waitForRequest(
    (request) => request.url().includes('/api/client_errors') && (request.postData() ?? '').includes(mark),
  );
  await visitor.goto('/en/restore-password');
  await visitor.getByTestId('restore-password-page').locator('input[type=email]').fill(`${mark}@example.com`);
  await visitor.getByTestId('restore-submit').click();
  await visitor.evaluate((text) => {
    setTimeout(() => {
      throw new Error(`uncaught ${text}`);
    }, 0);
  }, mark);
  const report = await sent;
  expect((await report.response())?.status()).toBe(202);
  await visitor.close();

  const text = (key: string) => catalogueText('en', key);
  await signInAsStaff(page, 'admin', baseURL);
  await page.goto('/en/desk');
  await page.getByTestId('desk-menu-deskClientErrors').click();
  await expect(page).toHaveURL(/\/en\/desk\/client-errors$/);
  await page.getByLabel(text('desk.clientErrors.text')).fill(mark);
  await page.getByRole('button', { name: text('desk.clientErrors.filter') }).click();
  const rows = page.getByTestId('client-error');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(text('desk.clientErrors.kinds.error'));
  await rows.first().locator('summary').click();
  await expect(rows.first().getByTestId('client-error-stack')).toContainText(`uncaught ${mark}`);

  // The failed action: the 502 of the password-instructions call.
  await page.getByLabel(text('desk.clientErrors.text')).fill('password_instructions');
  await page.getByLabel(text('desk.clientErrors.status')).fill('502');
  await page.getByRole('button', { name: text('desk.clientErrors.filter') }).click();
  await expect(rows.first()).toContainText('POST /api/users/password_instructions → 502');
  await keepScreenshot(page, { path: 'test-results/screens/desk-client-errors-en.png', fullPage: true });
});
