import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { saveGermanConsumerBilling } from './support/billing.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Payments at the sales desk (issue 29), in English and Arabic: a customer buys two one-off
 * licences and downloads one video; the desk finds the customer's payments, refunds the untouched
 * one under the rule, is told the other's video was downloaded, and refunds it only by overriding
 * the rule with a reason.
 */
const SHOTS = os.tmpdir();

async function buyTwo(buyer: Page, origin: string): Promise<number[]> {
  const headers = { origin };
  await saveGermanConsumerBilling(buyer, origin);
  const list = (await (
    await buyer.request.get('/api/content/video_projects', { params: { free_access: 'false', per_page: 24 } })
  ).json()) as {
    videos: { id: number; free_access: boolean }[];
  };
  const videos = list.videos.filter((video) => !video.free_access).slice(0, 2);
  for (const video of videos) {
    const method = await buyer.request.post('/api/payments/test_cards/payment_methods', {
      headers,
      data: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    const { id } = (await method.json()) as { id: string };
    const paid = await buyer.request.post('/api/current_user/payments/initiate', {
      headers,
      data: {
        product: { type: 'video', video_project_id: video.id },
        provider: 'card',
        payment_method: id,
        idempotency_key: randomUUID(),
        confirmations: { withdrawal: true, terms: true, licence_values: true },
      },
    });
    expect(paid.status()).toBe(200);
  }
  return videos.map((video) => video.id);
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: the sales desk refunds under the rule, and past it only with an override and a reason`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const origin = baseURL ?? '';
    const account = await createAccount(request, { locale });
    const buyerContext = await browser.newContext();
    await acceptNecessaryCookies(buyerContext, origin);
    const buyer = await buyerContext.newPage();
    await signInThroughApi(buyer, origin, account);
    const [, downloaded] = await buyTwo(buyer, origin);
    const got = await buyer.request.post(`${origin}/api/content/video_projects/${downloaded}/videos/download`, {
      headers: { origin },
      data: { restrictions_accepted: true, quality: 'sd' },
    });
    expect(got.status()).toBe(200);
    await buyerContext.close();

    await signInAsStaff(page, 'sales', baseURL);
    await page.goto(`/${locale}/desk`);
    await page.getByTestId('desk-menu-deskPayments').click();
    await page.getByTestId('payments-customer').fill(account.email);
    await page.getByTestId('payments-find').click();
    const rows = page.getByTestId('payment-row');
    await expect(rows).toHaveCount(2);
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-payments-${locale}.png`), fullPage: true });

    // Newest first: the second licence (its video downloaded), then the first.
    await rows.nth(1).getByTestId('payment-open').click();
    const dialog = page.getByTestId('payment-dialog');
    await expect(dialog.getByTestId('refund-rule')).toHaveText(text('desk.payments.refundable'));
    await dialog.getByTestId('refund-submit').click();
    await expect(dialog.getByTestId('refund-rule')).toHaveText(text('desk.payments.blocks.already_refunded'));
    await page.keyboard.press('Escape');
    await expect(rows.nth(1)).toHaveAttribute('data-status', 'refunded');

    await rows.nth(0).getByTestId('payment-open').click();
    await expect(dialog.getByTestId('refund-rule')).toHaveText(text('desk.payments.blocks.already_downloaded'));
    await expect(dialog.getByTestId('refund-submit')).toBeDisabled();
    await dialog.getByTestId('refund-override').click();
    await dialog.getByTestId('refund-submit').click();
    await expect(dialog.getByTestId('refund-problem')).toHaveText(text('desk.payments.reasonRequired'));
    await dialog.getByTestId('refund-reason').fill('The file was unusable');
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-payment-override-${locale}.png`) });
    await dialog.getByTestId('refund-submit').click();
    await expect(dialog.getByTestId('refund-rule')).toHaveText(text('desk.payments.blocks.already_refunded'));
  });
}
