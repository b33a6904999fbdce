import http from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RECEIVER_PORT } from '../playwright.config.ts';
import { createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';
import { holdPeerPort } from './support/peer-port.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Webhooks in the user area (issue 30): a user registers an endpoint of their newsroom's system (a
 * receiver this test runs on the one local port the server may post to), keeps the secret shown,
 * sends a test event, sees it delivered in the endpoint's log, and sends it again; the receiver
 * verifies every request's Standard Webhooks signature with that secret.
 */
const TEXTS = {
  en: { delivered: 'Delivered', refused: 'Enter the endpoint as a full https:// address.', ready: 'Download ready', test: 'Test event' },
  ar: { delivered: 'سُلّم', refused: 'أدخلوا العنوان كرابط https:// كامل.', ready: 'ملف جاهز للتنزيل', test: 'حدث تجريبي' },
} as const;

type Received = { path: string; id: string; timestamp: string; signature: string; body: string };
const received: Received[] = [];
let server: http.Server;
let releasePort: () => Promise<void>;

// Both languages share the receiver's one port, so they run one after the other.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // delivery-rules.spec.ts runs its SFTP peer on the same port: one spec at a time holds it.
  test.setTimeout(400_000);
  releasePort = await holdPeerPort();
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signature: String(request.headers['webhook-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(WEBHOOK_RECEIVER_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await releasePort();
});

async function screenshot(page: Page, name: string) {
  await page.mouse.move(5, 400);
  await keepScreenshot(page, { path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a user registers a webhook endpoint, sends a test event, sees it delivered and sends it again`, async ({
    page,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const system = await playwright.request.newContext({ baseURL });
    const account = await createAccount(system, { locale });
    await signInThroughApi(page, baseURL, account);
    const hookPath = `/newsroom-${locale}-${Date.now()}`;

    await page.goto(`/${locale}/user/integrations`);
    await expect(page.getByTestId('webhooks-empty')).toBeVisible();

    // An address the platform does not call is refused in the reader's words.
    await page.getByTestId('webhook-new').click();
    const dialog = page.getByTestId('webhook-dialog');
    await dialog.getByTestId('webhook-url').fill('ftp://files.example.com/in');
    await dialog.getByTestId('webhook-submit').click();
    await expect(dialog.getByTestId('webhook-errors')).toContainText(text.refused);

    await dialog.getByTestId('webhook-url').fill(`http://127.0.0.1:${WEBHOOK_RECEIVER_PORT}${hookPath}`);
    await dialog.getByTestId('webhook-description').fill('Newsroom CMS');
    await dialog.getByTestId('webhook-event-download.ready').click();
    await dialog.getByTestId('webhook-submit').click();

    const secretDialog = page.getByTestId('webhook-secret-dialog');
    await expect(secretDialog).toBeVisible();
    const secret = (await secretDialog.getByTestId('webhook-secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByTestId('webhook-secret-done').click();
    const row = page.getByTestId('webhook-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Newsroom CMS');
    await expect(row).toContainText(text.ready);

    // A test event: delivered, signed with the secret, and in the log with the receiver's answer.
    await row.getByTestId('webhook-log').click();
    const log = page.getByTestId('webhook-log-dialog');
    await log.getByTestId('webhook-test').click();
    const message = log.getByTestId('webhook-message');
    await expect(message).toHaveCount(1);
    await expect(message).toContainText(text.test);
    await expect(message.getByTestId('webhook-message-state')).toHaveText(text.delivered);
    await expect(message.getByTestId('webhook-attempt-status')).toHaveText('200');
    await expect(message).toContainText('received');
    const first = received.filter((entry) => entry.path === hookPath);
    expect(first).toHaveLength(1);
    const verify = (entry: Received) =>
      new Webhook(secret).verify(entry.body, {
        'webhook-id': entry.id,
        'webhook-timestamp': entry.timestamp,
        'webhook-signature': entry.signature,
      }) as { type: string };
    expect(verify(first[0]!).type).toBe('webhook.test');
    await screenshot(page, `webhooks-log-${locale}`);

    // Send again: the same message (the same webhook-id) once more, a second attempt in the log.
    await message.getByTestId('webhook-resend').click();
    await expect(message.getByTestId('webhook-attempt')).toHaveCount(2);
    await expect(message.getByTestId('webhook-message-state')).toHaveText(text.delivered);
    const both = received.filter((entry) => entry.path === hookPath);
    expect(both).toHaveLength(2);
    expect(both[1]?.id).toBe(both[0]?.id);
    expect(verify(both[1]!).type).toBe('webhook.test');
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('webhook-last')).toContainText('200');
    await screenshot(page, `webhooks-${locale}`);
  });
}
