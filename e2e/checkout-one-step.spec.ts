import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInAsDemo, signInThroughApi } from './support/demo.ts';
import { saveGermanConsumerBilling } from './support/billing.ts';
import { catalogueText } from './support/catalogues.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * One-step checkout (issue 28, "Checkout and bans"), in English and Arabic: "Pay" with the billing
 * form open (after "Change") saves it. A missing field stops the payment at that field, in view; a save that
 * changes the total (a German company's VAT id: reverse charge instead of 19 % VAT) stops before
 * paying and says the new total beside "Pay"; paying again charges the total the summary shows.
 * A master whose company's enterprise agreement already serves them is told so and asked before the
 * pass checkout.
 */
const SHOTS = os.tmpdir();
type Transaction = { id: number; status: string; amount_cents: number };

async function paidVideoId(page: Page): Promise<number> {
  const list = (await (
    await page.request.get('/api/content/video_projects', { params: { free_access: 'false', per_page: 24 } })
  ).json()) as { videos: { id: number; free_access: boolean; limit_type: string }[] };
  const video = list.videos.find((candidate) => !candidate.free_access && candidate.limit_type === 'standard');
  if (!video) throw new Error('no paid standard video in the catalogue');
  return video.id;
}

async function transactions(page: Page): Promise<Transaction[]> {
  return ((await (await page.request.get('/api/current_user/payments/transactions')).json()) as { transactions: Transaction[] })
    .transactions;
}

/** The total the order summary shows, as the page writes it. */
async function totalShown(page: Page): Promise<string> {
  return (await page.getByTestId('order-total').textContent()) ?? '';
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: Pay saves the billing form; a missing city stops at the city, a new total is said beside Pay before anything is charged`, async ({
    page,
    baseURL,
    request,
  }) => {
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    const videoId = await paidVideoId(page);
    // Saved before: a consumer in Germany (19 % VAT).
    await saveGermanConsumerBilling(page, baseURL ?? '');
    await page.goto(`/${locale}/payment/video?video_project_id=${videoId}`);
    await expect(page.getByTestId('order-summary')).toContainText(text('payment.summary.vat', { rate: 19 }));

    // "Change": now a company with a VAT id, typed but not saved, and the city cleared.
    const billing = page.getByTestId('checkout-billing');
    await billing.getByTestId('billing-change').click();
    await billing.getByTestId('billing-kind-company').click();
    await billing.getByTestId('billing-company_name').fill('Rheinblick Medien GmbH');
    await billing.getByTestId('billing-vat_id').fill('DE123456789');
    await billing.getByTestId('billing-city').fill('');
    await page.getByTestId('card-number').fill('4242424242424242');
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('123');
    for (const name of ['withdrawal', 'terms', 'licence_values']) await page.getByTestId(`confirm-${name}`).click();
    const before = await totalShown(page);

    await page.getByTestId('pay').click();
    // The message is where the fault is: the city field has the focus, its error is in view.
    const city = billing.getByTestId('billing-city');
    await expect(city).toBeFocused();
    const cityError = billing.locator('.field', { has: page.getByTestId('billing-city') }).locator('.field__error');
    await expect(cityError).toBeVisible();
    await expect(cityError).toBeInViewport();
    await expect(page.getByTestId('checkout-repriced')).toHaveCount(0);
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-one-step-missing-${locale}.png`) });
    expect(await transactions(page)).toEqual([]);

    // With the city, "Pay" saves the form; the VAT id makes it a reverse charge: a new total,
    // said beside the button, the same as the summary's, and nothing charged yet.
    await city.fill('Köln');
    await page.getByTestId('pay').click();
    await expect(billing.getByTestId('billing-summary')).toContainText('Köln');
    const repriced = page.getByTestId('checkout-repriced');
    await expect(repriced).toBeVisible();
    await expect(page.getByTestId('order-summary')).toContainText(text('payment.summary.reverse_charge'));
    const after = await totalShown(page);
    expect(after).not.toBe(before);
    await expect(repriced).toHaveText(text('payment.billing.repriced', { total: after }));
    await expect(repriced).toBeInViewport();
    await expect(page.getByTestId('pay')).toBeInViewport();
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-one-step-repriced-${locale}.png`) });
    expect(await transactions(page)).toEqual([]);
    const settings = (await (await page.request.get('/api/current_user/billing_settings')).json()) as { vat_id: string; city: string };
    expect(settings).toMatchObject({ vat_id: 'DE123456789', city: 'Köln' });

    // Paying again charges the total shown: the net price, no VAT.
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('payment-success')).toBeVisible();
    const [paid] = await transactions(page);
    expect(paid?.status).toBe('succeeded');
    const price = (await (
      await page.request.get('/api/current_user/payments/prices', { params: { video_project_id: videoId } })
    ).json()) as { price_cents: number; tax_value_cents: number; vat_reason: string };
    expect(price).toMatchObject({ tax_value_cents: 0, vat_reason: 'reverse_charge' });
    expect(paid?.amount_cents).toBe(price.price_cents);
  });
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: a master under an enterprise agreement who opens the pass checkout is told what they have and asked first`, async ({
    page,
    baseURL,
  }) => {
    await signInAsDemo(page, 'master', baseURL);
    const { agreements } = (await (await page.request.get('/api/current_user/agreements')).json()) as {
      agreements: { id: number; agreement_type: string; status: string }[];
    };
    const enterprise = agreements.find((agreement) => agreement.agreement_type === 'enterprise_branded' && agreement.status === 'active');
    if (!enterprise) throw new Error('the demo master has no active enterprise agreement');

    await page.goto(`/${locale}/plans`);
    await page.locator('[data-testid="buy-pass"], [data-testid="apply-for-pass"]').first().click();
    const covered = page.getByTestId('already-covered');
    await expect(covered).toBeVisible();
    await expect(covered.getByRole('heading')).toHaveText(text('payment.covered.title'));
    const item = covered.getByTestId(`covered-${enterprise.id}`);
    await expect(item).toContainText(text('planDetails.types.enterprise_branded'));
    await expect(item).toContainText(text('planDetails.owner.company'));
    await expect(item.locator('[data-testid^="covered-balance-"]').first()).toBeVisible();
    // Nothing of the checkout before the answer.
    await expect(page.getByTestId('checkout-form')).toHaveCount(0);
    await keepScreenshot(page, { path: path.join(SHOTS, `checkout-covered-${locale}.png`), fullPage: true });

    await covered.getByTestId('covered-back').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/user/plan-details$`));
    await page.goBack();
    await page.getByTestId('covered-continue').click();
    await expect(page.getByTestId('checkout-form')).toBeVisible();
    await expect(page.getByTestId('already-covered')).toHaveCount(0);
  });
}
