import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Integrations in the user area (issue 30): a user without a company makes an API key from the
 * profile menu, copies its secret (shown once), a newsroom system calls the API with it as that
 * user, the key is rotated (the old secret stops) and revoked.
 */
const TEXTS = {
  en: { title: 'Integrations', revoked: 'Revoked' },
  ar: { title: 'التكاملات', revoked: 'ملغى' },
} as const;

async function screenshot(page: Page, name: string) {
  await page.mouse.move(5, 400);
  await keepScreenshot(page, { path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

/** A call as a newsroom system makes it: the key in the header, no cookie. */
async function callWith(request: APIRequestContext, secret: string) {
  return request.get('/api/v1/key', { headers: { authorization: `Bearer ${secret}` } });
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a user makes an API key, a system calls with it, the key is rotated and revoked`, async ({
    page,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const system = await playwright.request.newContext({ baseURL });
    const account = await createAccount(system, { locale });
    await signInThroughApi(page, baseURL, account);

    await page.goto(`/${locale}`);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-integrations').click();
    await expect(page).toHaveURL(`/${locale}/user/integrations`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();

    // A name is required; then a key that may read and download, for 90 days.
    await page.getByTestId('api-key-new').click();
    const dialog = page.getByTestId('api-key-dialog');
    await dialog.getByTestId('api-key-submit').click();
    await expect(dialog.locator('.field__error')).toBeVisible();
    await dialog.getByTestId('api-key-name').fill('Newsroom CMS');
    await dialog.getByTestId('api-key-scope-download').click();
    await dialog.getByTestId('api-key-expiry').selectOption('90');
    await dialog.getByTestId('api-key-submit').click();

    const secretDialog = page.getByTestId('api-key-secret-dialog');
    await expect(secretDialog).toBeVisible();
    const secret = (await secretDialog.getByTestId('api-key-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^nr_/);
    await screenshot(page, `integrations-secret-${locale}`);
    await secretDialog.getByTestId('api-key-secret-done').click();
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);
    await expect(page.getByTestId('api-key-row')).toContainText(secret.slice(0, 9));
    await expect(page.getByTestId('api-key-row')).not.toContainText(secret);

    // The system calls as the user.
    const answer = await callWith(system, secret);
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { owner: { email: string } }).owner.email).toBe(account.email);
    await screenshot(page, `integrations-${locale}`);

    // Rotated: a new secret, the old one refused.
    await page.getByTestId('api-key-rotate').click();
    await page.getByTestId('api-key-rotate-dialog').getByTestId('api-key-confirm').click();
    const rotated = (await page.getByTestId('api-key-secret').textContent())?.trim() ?? '';
    expect(rotated).toMatch(/^nr_/);
    expect(rotated).not.toBe(secret);
    await page.getByTestId('api-key-secret-done').click();
    expect((await callWith(system, secret)).status()).toBe(401);
    expect((await callWith(system, rotated)).status()).toBe(200);

    // Revoked: its row says so, and calls are refused.
    const live = page.locator('[data-testid="api-key-row"][data-state="active"]');
    await live.getByTestId('api-key-revoke').click();
    await page.getByTestId('api-key-revoke-dialog').getByTestId('api-key-confirm').click();
    await expect(page.locator('[data-testid="api-key-row"][data-state="active"]')).toHaveCount(0);
    await expect(page.getByTestId('api-key-row').first()).toContainText(text.revoked);
    expect((await callWith(system, rotated)).status()).toBe(401);
    await system.dispose();
  });
}
