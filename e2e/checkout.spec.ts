import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { demoStoriesShortestFirst, signInAsDemo, signInThroughApi } from './support/demo.ts';
import { catalogueText, pluralText } from './support/catalogues.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Checkout in the browser (issue: checkout and payments, "Tests"), in English and Arabic: a new
 * user applies for the pass with the success card, is told it is being verified, the sales desk
 * approves it and the pass is active with downloads, in plan details and the purchase history with
 * a receipt; a declined card shows the declined page and the rejection count; a one-off
 * purchase started on a video page ends back on that video with the download available.
 */
const SHOTS = os.tmpdir();

/** The checkout's billing form, filled for a consumer in Germany (19 % VAT) and saved. */
async function fillBilling(page: Page, locale: string) {
  const countries = (await (await page.request.get('/api/countries.json')).json()) as { id: number; code: string }[];
  const germany = countries.find((country) => country.code === 'DE');
  const billing = page.getByTestId('checkout-billing');
  await billing.getByTestId('billing-kind-individual').click();
  await billing.getByTestId('billing-address_1').fill('Domstraße 12');
  await billing.getByTestId('billing-zip').fill('50667');
  await billing.getByTestId('billing-city').fill('Köln');
  await billing.getByTestId('billing-country_id').selectOption(String(germany?.id));
  await billing.getByTestId('billing-save').click();
  await expect(billing.getByTestId('billing-summary')).toContainText('Köln');
  await expect(page.getByTestId('order-summary')).toContainText(catalogueText(locale, 'payment.summary.vat', { rate: 19 }));
}

async function payWithCard(page: Page, number: string) {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('123');
  for (const name of ['withdrawal', 'terms', 'licence_values']) await page.getByTestId(`confirm-${name}`).click();
  await page.getByTestId('pay').click();
}

async function paidStandardVideo(page: Page): Promise<{ id: number; slug: string }> {
  const list = (await (
    await page.request.get('/api/content/video_projects', { params: { free_access: 'false', per_page: 24 } })
  ).json()) as {
    videos: { id: number; project_slug: string; free_access: boolean; limit_type: string; duration: number }[];
  };
  const video = demoStoriesShortestFirst(list.videos).find((candidate) => !candidate.free_access && candidate.limit_type === 'standard');
  if (!video) throw new Error('no paid standard video in the catalogue');
  return { id: video.id, slug: video.project_slug };
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: a new user applies for the pass with the success card, is told it is being verified, the sales desk approves it, and the pass is active with downloads`, async ({
    page,
    baseURL,
    request,
    browser,
  }) => {
    const origin = baseURL ?? '';
    const account = await createAccount(request, { locale });
    await signInThroughApi(page, baseURL, account);
    await page.goto(`/${locale}/plans`);
    // An account's first pass is an application (docs/decisions.md "Applying for a pass (issue 25)").
    await expect(page.getByTestId('apply-for-pass')).toHaveText(text('plans.actions.apply'));
    await page.getByTestId('apply-for-pass').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/payment/apply-for-pass\\?plan=pass-annually-eur`));
    await expect(page.getByTestId('verification-notice')).toHaveText(text('payment.apply.notice'));
    await fillBilling(page, locale);
    await expect(page.getByTestId('order-total')).toHaveText(/\S/);

    await page.getByTestId('licence-project_name').fill('Rheinblick Online');
    await page.getByTestId('licence-url_1').fill('rheinblick.example');
    await page.getByTestId('test-cards-toggle').click();
    await expect(page.getByTestId('test-cards')).toContainText('4242 4242 4242 4242');
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-pass-${locale}.png`), fullPage: true });
    await payWithCard(page, '4242 4242 4242 4242');

    await expect(page.getByTestId('payment-application')).toContainText(text('payment.apply.resultTitle'));
    await expect(page.getByTestId('application-verifying')).toHaveText(text('payment.apply.resultText'));
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-application-${locale}.png`) });
    await page.getByTestId('payment-success-next').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/user/plan-details`));
    const pass = page.locator('[data-type="pass"]');
    await expect(pass.getByTestId('agreement-status')).toHaveText(text('planDetails.statuses.processing'));
    await expect(pass.getByTestId('agreement-verification')).toHaveText(text('planDetails.verification.processing'));
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-processing-${locale}.png`), fullPage: true });
    // Nothing is granted while it waits.
    const video = await paidStandardVideo(page);
    await page.goto(`/${locale}/videos/${video.slug}`);
    await expect(page.getByTestId('download-reason')).toHaveText(text('video.reasons.licence_required'));

    // The sales desk approves it, in a browser of its own.
    const deskContext = await browser.newContext({ baseURL: origin, locale: 'en-US' });
    try {
      const desk = await deskContext.newPage();
      await signInAsStaff(desk, 'sales', origin);
      await desk.goto(`/${locale}/desk/pass-applications`);
      const row = desk.getByTestId(`application-${account.email}`);
      await expect(row.getByTestId('application-status')).toHaveText(text('desk.passApplications.statuses.processing'));
      await expect(row).toContainText('Rheinblick Online');
      await keepScreenshot(desk, { path: path.join(SHOTS, `desk-pass-applications-${locale}.png`), fullPage: true });
      await row.getByTestId('application-approve').click();
      await expect(row.getByTestId('application-status')).toHaveText(text('desk.passApplications.statuses.active'));
      await expect(row).toContainText('sales@newsreel.example');
      await keepScreenshot(desk, { path: path.join(SHOTS, `desk-pass-approved-${locale}.png`), fullPage: true });
    } finally {
      await deskContext.close();
    }

    await page.goto(`/${locale}/user/plan-details`);
    await expect(pass.getByTestId('agreement-status')).toHaveText(text('planDetails.statuses.active'));
    await expect(page.getByTestId('balance-pool')).toBeVisible();
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-approved-${locale}.png`), fullPage: true });
    await page.goto(`/${locale}/videos/${video.slug}`);
    await expect(page.getByTestId('download-panel')).toBeVisible();
    await expect(page.getByTestId('download-reason')).toHaveCount(0);
    await expect(page.getByTestId('download-button')).toBeEnabled();
    const requested = await page.request.post(`/api/content/video_projects/${video.id}/videos/download`, {
      headers: { origin },
      data: { restrictions_accepted: true, quality: 'hd', file_type: 'mp4', video_format: 'clean' },
    });
    expect(requested.status()).toBe(200);

    await page.goto(`/${locale}/user/purchase-history`);
    const row = page.locator('[data-testid^="purchase-"][data-status="succeeded"]').first();
    await expect(row).toContainText('4242');
    await row.getByTestId('purchase-receipt').click();
    await expect(page.getByTestId('receipt-totals')).toHaveText(/\S/);
    await expect(page.getByTestId('receipt-page')).toContainText('Domstraße 12');
  });

  test(`${locale}: a declined card shows the declined page and the rejection count`, async ({ page, baseURL, request }) => {
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    await page.goto(`/${locale}/payment/subscription?plan=pass-monthly-eur`);
    // A new account is an applicant: the pass page sends it to the apply-for-pass page.
    await expect(page).toHaveURL(new RegExp(`/${locale}/payment/apply-for-pass\\?plan=pass-annually-eur`));
    await fillBilling(page, locale);
    await page.getByTestId('licence-project_name').fill('Declined Media');
    await page.getByTestId('licence-url_1').fill('https://declined.example');
    await payWithCard(page, '4000 0000 0000 0002');

    await expect(page.getByTestId('card-declined')).toContainText(text('payment.declined.title'));
    await expect(page.getByTestId('declined-reason')).toHaveText(text('payment.cardErrors.card_declined'));
    const dialog = page.getByTestId('rejection-dialog');
    await expect(dialog.getByTestId('rejection-count')).toHaveText(pluralText(locale, 'payment.rejections.count', 1));
    await expect(dialog.getByTestId('rejection-remaining')).toHaveText(text('payment.rejections.remaining', { remaining: 4, limit: 5 }));
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-declined-${locale}.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-declined-${locale}-phone.png`), fullPage: true });
    await page.keyboard.press('Escape');
    await page.getByTestId('declined-try-again').click();
    await expect(page.getByTestId('checkout-form')).toBeVisible();
  });

  test(`${locale}: after the fifth declined card the user is signed out; signed in again, paying says payments are paused and until when`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.slow();
    const account = await createAccount(request, { locale });
    await signInThroughApi(page, baseURL, account);
    await page.goto(`/${locale}/payment/subscription?plan=pass-monthly-eur`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/payment/apply-for-pass`));
    await fillBilling(page, locale);
    await page.getByTestId('licence-project_name').fill('Paused Media');
    await page.getByTestId('licence-url_1').fill('https://paused.example');
    await payWithCard(page, '4000 0000 0000 0002');
    for (let declined = 1; declined < 5; declined += 1) {
      await expect(page.getByTestId('rejection-dialog').getByTestId('rejection-count')).toHaveText(
        pluralText(locale, 'payment.rejections.count', declined),
      );
      await page.keyboard.press('Escape');
      await page.getByTestId('declined-try-again').click();
      // The card is cleared for another; the confirmations stay ticked.
      await page.getByTestId('card-number').fill('4000 0000 0000 0002');
      await page.getByTestId('card-expiry').fill('12/34');
      await page.getByTestId('card-cvc').fill('123');
      await page.getByTestId('pay').click();
    }
    await expect(page.getByTestId('rejection-banned')).toBeVisible();

    // Signed in again and paying with a good card: no card is tried, and the page says why and until when.
    await signInThroughApi(page, baseURL, account);
    await page.goto(`/${locale}/payment/subscription?plan=pass-monthly-eur`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/payment/apply-for-pass`));
    // The billing details were saved with the first try.
    await expect(page.getByTestId('checkout-form')).toBeVisible();
    await page.getByTestId('licence-project_name').fill('Paused Media');
    await page.getByTestId('licence-url_1').fill('https://paused.example');
    await payWithCard(page, '4242 4242 4242 4242');
    const paused = page.getByTestId('payments-paused');
    await expect(paused).toContainText(text('payment.paused.title'));
    const escaped = text('payment.paused.text').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${escaped.replace('\\{\\{time\\}\\}', '.+').replace('\\{\\{minutes\\}\\}', '(19|20)')}$`);
    await expect(page.getByTestId('payments-paused-until')).toHaveText(pattern);
    await expect(page.getByTestId('card-declined')).toHaveCount(0);
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-paused-${locale}.png`) });
  });

  test(`${locale}: a one-off licence bought from a video page ends back on that video with the download available`, async ({
    page,
    baseURL,
    request,
  }) => {
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    const video = await paidStandardVideo(page);
    await page.goto(`/${locale}/videos/${video.slug}`);
    await expect(page.getByTestId('download-reason')).toHaveText(text('video.reasons.licence_required'));
    await page.getByTestId('buy-licence').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/payment/video\\?video_project_id=${video.id}`));
    await fillBilling(page, locale);
    await payWithCard(page, '4242424242424242');

    await expect(page.getByTestId('payment-success')).toBeVisible();
    await page.getByTestId('payment-success-next').click();
    await expect(page.getByTestId('download-panel')).toBeVisible();
    await expect(page.getByTestId('download-reason')).toHaveCount(0);
    await expect(page.getByTestId('download-button')).toBeEnabled();
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-video-${locale}.png`) });
  });
}

test('the subscriber demo account paid for its pass: the history shows it with a receipt, and its card is kept', async ({
  page,
  baseURL,
}) => {
  await signInAsDemo(page, 'subscriber', baseURL);
  await page.goto('/en/user/purchase-history');
  const row = page.locator('[data-testid^="purchase-"][data-status="succeeded"]').first();
  await expect(row).toContainText('4242');
  await row.getByTestId('purchase-receipt').click();
  await expect(page.getByTestId('receipt-page')).toContainText('Sevilla');
  await page.goto('/en/user/billing-settings');
  await expect(page.getByTestId('saved-cards')).toContainText('4242');
});
