import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { apiClientOf } from './support/api-client.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInAsDemo, signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The purchase history and a receipt (spec: accounts §2, §3 "Transaction", §6), in English and
 * Arabic. The purchases are made through the payments API from the page's own session (the payment
 * page has its own tests): one paid one-off licence by the test Visa, one declined card.
 */
// One account's purchases serve both languages: one declined card, not one per language (declines count per address too).
test.describe.configure({ mode: 'serial' });

const SHOTS = os.tmpdir();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type Transaction = {
  id: number;
  status: string;
  amount_cents: number;
  currency: string;
  receipt_number: string | null;
  video_project_id: number | null;
};
type Receipt = { number: string; net_cents: number; vat_cents: number; total_cents: number; vat_rate: number; vat_reason: string };
type Purchases = { paid: Transaction; failed: Transaction };

let account: { email: string; password: string } | undefined;
let purchases: Purchases | undefined;

/**
 * Billing settings (a purchase needs the billing country), then a one-off licence paid by the
 * test Visa and another refused by the declined test card, all as the signed-in page.
 */
async function buy(page: Page, baseURL: string | undefined): Promise<Purchases> {
  const headers = { origin: baseURL ?? '' };
  const countries = (await (await page.request.get('/api/countries.json')).json()) as { id: number; code: string }[];
  const germany = countries.find((country) => country.code === 'DE');
  const billing = await page.request.put('/api/current_user/billing_settings', {
    headers,
    data: {
      billing_settings: {
        kind: 'company',
        first_name: 'Hanna',
        last_name: 'Becker',
        email: 'billing@e2e.example',
        company_name: 'Rheinblick Medien GmbH',
        // The built-in test registry confirms it: a business in another EU country than the seller's pays no VAT.
        vat_id: 'DE123456789',
        has_no_vat: false,
        address_1: 'Domstraße 12',
        address_2: '',
        zip: '50667',
        city: 'Köln',
        country_id: germany?.id,
        region: '',
      },
    },
  });
  expect(billing.status()).toBe(200);

  const list = (await (
    await page.request.get('/api/content/video_projects', { params: { free_access: 'false', per_page: 24 } })
  ).json()) as {
    videos: { id: number; free_access: boolean }[];
  };
  const [first, second] = list.videos.filter((video) => !video.free_access);
  if (!first || !second) throw new Error('the catalogue has fewer than two paid videos');

  const pay = async (number: string, videoId: number) => {
    const method = await page.request.post('/api/payments/test_cards/payment_methods', {
      headers,
      data: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(method.status()).toBe(200);
    const { id } = (await method.json()) as { id: string };
    return page.request.post('/api/current_user/payments/initiate', {
      headers,
      data: {
        product: { type: 'video', video_project_id: videoId },
        provider: 'card',
        payment_method: id,
        idempotency_key: randomUUID(),
        confirmations: { withdrawal: true, terms: true, licence_values: true },
      },
    });
  };
  const paid = await pay('4242424242424242', first.id);
  expect(paid.status()).toBe(200);
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  expect((await pay('4000000000000002', second.id)).status()).toBe(402);

  const history = (await (await page.request.get('/api/current_user/payments/transactions')).json()) as { transactions: Transaction[] };
  const byVideo = (id: number) => history.transactions.find((transaction) => transaction.video_project_id === id);
  const [paidRow, failedRow] = [byVideo(first.id), byVideo(second.id)];
  if (!paidRow || !failedRow) throw new Error('the purchases are missing from the history');
  return { paid: paidRow, failed: failedRow };
}

/** An amount as the page writes it (src/web/lib/money.ts), by the browser's own Intl. */
const money = (page: Page, cents: number, currency: string, locale: string) =>
  page.evaluate(
    ({ cents, currency, locale }) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(cents / 100),
    { cents, currency, locale },
  );

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: the history shows the paid and the declined purchase, and the paid one's receipt prints without the site around it`, async ({
    page,
    baseURL,
    request,
  }) => {
    account ??= await createAccount(request);
    await signInThroughApi(page, baseURL, account);
    purchases ??= await buy(page, baseURL);
    const { paid, failed } = purchases;

    // From the profile menu.
    await page.setViewportSize(DESKTOP);
    await page.goto(`/${locale}`);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-purchase-history').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/user/purchase-history$`));
    await expect(page).toHaveTitle(`${text('titles.purchaseHistory')} · Newsreel`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('purchaseHistory.title'));

    // Newest first: the declined card, then the paid licence.
    const rows = page.locator('[data-testid^="purchase-"][data-status]');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-status', 'failed');
    await expect(rows.nth(1)).toHaveAttribute('data-status', 'succeeded');

    const paidRow = page.getByTestId(`purchase-${paid.id}`);
    const failedRow = page.getByTestId(`purchase-${failed.id}`);
    await expect(paidRow.getByTestId('purchase-status')).toHaveText(text('purchaseHistory.statuses.succeeded'));
    await expect(paidRow.getByTestId('purchase-status')).toHaveAttribute('data-tone', 'success');
    await expect(failedRow.getByTestId('purchase-status')).toHaveText(text('purchaseHistory.statuses.failed'));
    await expect(failedRow.getByTestId('purchase-status')).toHaveAttribute('data-tone', 'danger');
    // Card digits read left to right on an Arabic page too.
    await expect(paidRow.getByTestId('purchase-card')).toHaveText('Visa •••• 4242');
    await expect(paidRow.getByTestId('purchase-card')).toHaveAttribute('dir', 'ltr');
    await expect(failedRow.getByTestId('purchase-card')).toHaveText('Visa •••• 0002');
    await expect(paidRow.getByTestId('purchase-amount')).toHaveText(await money(page, paid.amount_cents, paid.currency, locale));
    await expect(paidRow.getByTestId('purchase-item')).toHaveAttribute('href', `/${locale}/videos/${paid.video_project_id}`);
    await expect(failedRow.getByTestId('purchase-receipt')).toHaveCount(0);
    await keepScreenshot(page, { path: path.join(SHOTS, `history-${locale}-desktop.png`), fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(paidRow.getByTestId('purchase-status')).toBeVisible();
    await keepScreenshot(page, { path: path.join(SHOTS, `history-${locale}-phone.png`), fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The receipt: the totals of the answer, as the page writes amounts.
    await paidRow.getByTestId('purchase-receipt').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/user/purchase-history/${paid.id}$`));
    // After the pages above, the page's own request context may hold a connection the server is closing (api-client.ts).
    const api = await apiClientOf(page, baseURL ?? '');
    const receipt = (await (await api.get(`/api/current_user/payments/transactions/${paid.id}/receipt`)).json()) as Receipt;
    await api.dispose();
    expect(receipt.net_cents + receipt.vat_cents).toBe(receipt.total_cents);
    expect(receipt).toMatchObject({ vat_rate: 0, vat_reason: 'reverse_charge' });
    await expect(page.getByTestId('receipt-number')).toHaveText(paid.receipt_number ?? '');
    await expect(page.getByTestId('receipt-number')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('receipt-net')).toHaveText(await money(page, receipt.net_cents, paid.currency, locale));
    await expect(page.getByTestId('receipt-vat')).toHaveText(await money(page, receipt.vat_cents, paid.currency, locale));
    await expect(page.getByTestId('receipt-total')).toHaveText(await money(page, receipt.total_cents, paid.currency, locale));
    await expect(page.getByTestId('receipt-buyer')).toContainText('Rheinblick Medien GmbH');
    await expect(page.getByTestId('receipt-buyer-country')).toHaveText(locale === 'en' ? 'Germany' : /\S/);
    await expect(page.getByTestId('receipt-seller')).toContainText('Newsreel Media Ltd');
    await expect(page.getByTestId('receipt-paid-by')).toContainText('Visa •••• 4242');
    await expect(page.getByTestId('receipt-vat-note')).toHaveText(text('purchaseHistory.receipt.reverseCharge'));
    await expect(page.getByTestId('receipt-buyer-vat-id')).toHaveText('DE123456789');
    await expect(page.getByTestId('receipt-buyer-vat-id')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('receipt-refunded')).toHaveCount(0);
    await expect(page).toHaveTitle(`${text('purchaseHistory.receipt.titleOf', { number: receipt.number })} · Newsreel`);
    await keepScreenshot(page, { path: path.join(SHOTS, `history-receipt-${locale}-desktop.png`), fullPage: true });
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, { path: path.join(SHOTS, `history-receipt-${locale}-phone.png`), fullPage: true });
    await page.setViewportSize(DESKTOP);

    // On paper: the receipt alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByTestId('print-receipt')).toBeHidden();
    await expect(page.getByTestId('receipt-total')).toBeVisible();
    await keepScreenshot(page, { path: path.join(SHOTS, `history-receipt-${locale}-print.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByTestId('print-receipt')).toHaveText(text('purchaseHistory.receipt.print'));

    // A purchase that was never paid has no receipt: the not-found page.
    await page.goto(`/${locale}/user/purchase-history/${failed.id}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
}

test('a new account has no purchases yet: the empty state leads to the plans', async ({ page, baseURL, request }) => {
  const fresh = await createAccount(request);
  await signInThroughApi(page, baseURL, fresh);
  await page.goto('/en/user/purchase-history');
  const empty = page.getByTestId('purchase-history-empty');
  await expect(empty).toContainText('No purchases yet');
  await empty.getByRole('link', { name: catalogueText('en', 'purchaseHistory.empty.action') }).click();
  await expect(page).toHaveURL(/\/en\/plans$/);
});

test('a client has no purchase history (spec §6): not in the profile menu, and the page says so', async ({ page, baseURL }) => {
  await signInAsDemo(page, 'client', baseURL);
  await page.goto('/en/user/profile');
  await page.getByTestId('profile-menu').click();
  await expect(page.getByTestId('profile-profile')).toBeVisible();
  await expect(page.getByTestId('profile-purchase-history')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/en/user/purchase-history');
  await expect(page.getByTestId('purchase-history-unavailable')).toHaveText(catalogueText('en', 'purchaseHistory.notAvailable'));
});

test('signed out, the history sends the visitor to sign in and back', async ({ page, baseURL }) => {
  await acceptNecessaryCookies(page.context(), baseURL ?? '');
  await page.goto('/en/user/purchase-history');
  await expect(page).toHaveURL(/\/en\/signin\?redirect=%2Fen%2Fuser%2Fpurchase-history$/);
});
