import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { WEBHOOK_RECEIVER_PORT } from '../playwright.config.ts';
import { startSftpServer, type FileServer } from '../src/server/test/file-servers.ts';
import { createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';
import { holdPeerPort } from './support/peer-port.ts';

/**
 * Delivery rules in the user area (issue 30): a user without a company, who has no saved search
 * yet, is pointed to the saved searches page; with one saved, they make a rule that delivers what
 * it finds to their SFTP server (a peer this test runs on the one local port the server may reach),
 * see it listed without its password, change it (the password left empty keeps the stored one),
 * pause it, open its empty log and delete it.
 */
const TEXTS = {
  en: {
    active: 'Active',
    paused: 'Paused',
    branded: 'Branded',
    hd: 'HD (720p)',
    sd: '240p',
    keep: 'Leave it empty to keep the one saved.',
  },
  ar: {
    active: 'مفعّلة',
    paused: 'موقوفة مؤقتًا',
    branded: 'بشعاركم',
    hd: 'HD (720p)',
    sd: '240p',
    keep: 'اتركوه فارغًا للإبقاء على المحفوظ.',
  },
} as const;

let sftp: FileServer;
let releasePort: () => Promise<void>;

// Both languages share the peer's one port, so they run one after the other.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Another spec may hold the port for a few minutes.
  test.setTimeout(400_000);
  releasePort = await holdPeerPort();
  sftp = await startSftpServer(undefined, WEBHOOK_RECEIVER_PORT);
});
test.afterAll(async () => {
  await sftp?.close();
  await releasePort?.();
});

/** The whole page; a dialog as the reader sees it (the page behind it scrolled to where it was). */
async function screenshot(page: Page, name: string, fullPage = true) {
  await page.mouse.move(5, 400);
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage });
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a user makes a delivery rule to their SFTP server, changes it, pauses it, reads its log and deletes it`, async ({
    page,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const system = await playwright.request.newContext({ baseURL });
    const account = await createAccount(system, { locale });
    await signInThroughApi(page, baseURL, account);

    // No saved search yet: the dialog says a rule follows one, and links to where they are kept.
    await page.goto(`/${locale}/user/integrations`);
    const section = page.getByTestId('delivery-rules');
    await expect(section.getByTestId('delivery-rules-empty')).toBeVisible();
    await section.getByTestId('delivery-rule-new').click();
    const dialog = page.getByTestId('delivery-rule-dialog');
    const none = dialog.getByTestId('delivery-rule-no-searches');
    await expect(none).toBeVisible();
    await expect(none.getByRole('link')).toHaveAttribute('href', `/${locale}/user/saved-searches`);
    await expect(dialog.getByTestId('delivery-rule-submit')).toBeDisabled();
    await page.keyboard.press('Escape');

    const searchName = `Floods ${locale} ${Date.now()}`;
    const saved = await page.request.post('/api/current_user/saved_searches', {
      data: { name: searchName, query: { search: 'flood' } },
      headers: { origin: baseURL ?? '' },
    });
    expect(saved.status()).toBe(201);
    await page.reload();

    // The rule: checked in the page first (name, search and server needed; then branded needs the logo's place).
    await section.getByTestId('delivery-rule-new').click();
    await expect(dialog.getByTestId('delivery-rule-search')).toBeVisible();
    await dialog.getByTestId('delivery-rule-format').selectOption('branded');
    await dialog.getByTestId('delivery-rule-submit').click();
    await expect(dialog.getByTestId('delivery-rule-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('delivery-rule-search')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('delivery-rule-host')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByTestId('delivery-rule-name').fill('Floods to the CMS');
    await dialog.getByTestId('delivery-rule-search').selectOption({ label: searchName });
    await dialog.getByTestId('delivery-rule-quality').selectOption('hd');
    await expect(dialog.getByTestId('delivery-rule-protocol')).toHaveValue('sftp');
    // The protocol switches the destination's fields.
    await dialog.getByTestId('delivery-rule-protocol').selectOption('s3');
    await expect(dialog.getByTestId('delivery-rule-bucket')).toBeVisible();
    await expect(dialog.getByTestId('delivery-rule-secret-key')).toHaveAttribute('type', 'password');
    await expect(dialog.getByTestId('delivery-rule-host')).toHaveCount(0);
    await dialog.getByTestId('delivery-rule-protocol').selectOption('sftp');
    await dialog.getByTestId('delivery-rule-host').fill('127.0.0.1');
    await dialog.getByTestId('delivery-rule-port').fill(String(sftp.port));
    await dialog.getByTestId('delivery-rule-username').fill(sftp.username);
    await expect(dialog.getByTestId('delivery-rule-password')).toHaveAttribute('type', 'password');
    await dialog.getByTestId('delivery-rule-password').fill(sftp.password);
    await dialog.getByTestId('delivery-rule-directory').fill('incoming');
    await dialog.getByTestId('delivery-rule-submit').click();
    await expect(dialog.getByTestId('delivery-rule-position')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('delivery-rule-name')).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('delivery-rule-position').selectOption('top_right');
    await screenshot(page, `delivery-rule-dialog-${locale}`, false);
    await dialog.getByTestId('delivery-rule-submit').click();
    await expect(dialog).toBeHidden();

    const row = section.getByTestId('delivery-rule-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Floods to the CMS');
    await expect(row.getByTestId('delivery-rule-search-name')).toContainText(searchName);
    await expect(row.getByTestId('delivery-rule-file')).toContainText(text.branded);
    await expect(row.getByTestId('delivery-rule-file')).toContainText(text.hd);
    await expect(row.getByTestId('delivery-rule-destination')).toHaveText(`sftp://${sftp.username}@127.0.0.1:${sftp.port}/incoming`);
    await expect(row).not.toContainText(sftp.password);
    await expect(row.getByTestId('delivery-rule-state')).toHaveText(text.active);
    await screenshot(page, `delivery-rules-${locale}`);

    // A change: the password left empty keeps the stored one (the hint says so).
    await row.getByTestId('delivery-rule-edit').click();
    await expect(dialog.getByTestId('delivery-rule-name')).toHaveValue('Floods to the CMS');
    await expect(dialog.getByTestId('delivery-rule-host')).toHaveValue('127.0.0.1');
    await expect(dialog.getByTestId('delivery-rule-password')).toHaveValue('');
    await expect(dialog).toContainText(text.keep);
    await dialog.getByTestId('delivery-rule-name').fill('Floods, small');
    await dialog.getByTestId('delivery-rule-quality').selectOption('sd');
    await dialog.getByTestId('delivery-rule-submit').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Floods, small');
    await expect(row.getByTestId('delivery-rule-file')).toContainText(text.sd);
    await expect(row.getByTestId('delivery-rule-destination')).toHaveText(`sftp://${sftp.username}@127.0.0.1:${sftp.port}/incoming`);

    // Paused, and its log is empty yet.
    await row.getByTestId('delivery-rule-toggle').click();
    await expect(row.getByTestId('delivery-rule-state')).toHaveText(text.paused);
    await row.getByTestId('delivery-rule-log').click();
    const log = page.getByTestId('delivery-log-dialog');
    await expect(log.getByTestId('delivery-log-empty')).toBeVisible();
    await screenshot(page, `delivery-log-${locale}`, false);
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    // Deleted after a confirmation.
    await row.getByTestId('delivery-rule-delete').click();
    const confirm = page.getByTestId('delivery-rule-delete-dialog');
    await expect(confirm).toContainText('Floods, small');
    await confirm.getByTestId('delivery-rule-delete-confirm').click();
    await expect(section.getByTestId('delivery-rules-empty')).toBeVisible();
    const rules = (await (await page.request.get('/api/current_user/delivery_rules')).json()) as { rules: unknown[] };
    expect(rules.rules).toHaveLength(0);
  });
}
