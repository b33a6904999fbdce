import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';
import { catalogueText } from './support/catalogues.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Saved cards on the billing settings page (spec: accounts §2 billing settings, §7 payment_methods,
 * §8 "Payment method added"), in English and Arabic, through the built-in test provider: a new
 * account adds the success Visa (the default) and the Mastercard, is refused the declined card, and
 * removes the default, after which the Mastercard is the default. One declined card per language:
 * adding a card does not count as a card rejection, but the address is shared by every browser test.
 */
const SHOTS = os.tmpdir();

/**
 * An expiry of its own for each run: the test provider's payment method is the card's number and
 * expiry, and a payment method another account already keeps is not kept again.
 */
function someExpiry(): { typed: string; shown: string } {
  const month = 1 + Math.floor(Math.random() * 12);
  const year = 2030 + Math.floor(Math.random() * 16);
  return { typed: `${String(month).padStart(2, '0')}/${String(year).slice(2)}`, shown: `${String(month).padStart(2, '0')}/${year}` };
}

async function fillCard(page: Page, number: string, expiry: string) {
  const form = page.getByTestId('saved-cards-form');
  await form.getByTestId('card-number').fill(number);
  await form.getByTestId('card-expiry').fill(expiry);
  await form.getByTestId('card-cvc').fill('123');
  await form.getByTestId('saved-cards-save').click();
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);
  /** "Visa •••• 4242, expires 12/2034" as the page reads, without the markup that keeps it left to right. */
  const cardLine = (card: string, date: string) => text('savedCards.card', { card, date }).replace(/<\/?\w+>/g, '');

  test(`${locale}: a new account adds two cards, is refused a declined one, and removes the default`, async ({
    page,
    baseURL,
    request,
  }) => {
    const expiry = someExpiry();
    const visa = cardLine('Visa •••• 4242', expiry.shown);
    const mastercard = cardLine('Mastercard •••• 4444', expiry.shown);
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    await page.goto(`/${locale}/user/billing-settings`);
    const section = page.getByTestId('saved-cards');
    const rows = section.getByTestId('saved-card');
    await expect(section.getByRole('heading', { level: 2, name: text('savedCards.title') })).toBeVisible();
    await expect(section.getByTestId('saved-cards-empty')).toHaveText(text('savedCards.empty'));

    await section.getByTestId('saved-cards-add').click();
    await expect(section.getByTestId('card-number')).toBeFocused();
    await section.getByTestId('saved-cards-save').click();
    await expect(section.locator('.field', { has: page.getByTestId('card-number') }).locator('.field__error')).toHaveText(
      text('validation.required'),
    );
    await fillCard(page, '4242 4242 4242 4242', expiry.typed);
    await expect(page.getByTestId('notification')).toContainText(text('alert.flash.payment_card_update'));
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(visa);
    await expect(rows.nth(0).getByTestId('saved-card-default')).toHaveText(text('savedCards.default'));
    await expect(section.getByTestId('saved-cards-form')).toBeHidden();

    await section.getByTestId('saved-cards-add').click();
    await fillCard(page, '5555 5555 5555 4444', expiry.typed);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(mastercard);
    await expect(rows.nth(1).getByTestId('saved-card-default')).toHaveCount(0);
    await expect(rows.nth(0).getByTestId('saved-card-default')).toBeVisible();

    await section.getByTestId('saved-cards-add').click();
    await fillCard(page, '4000 0000 0000 0002', expiry.typed);
    await expect(section.getByTestId('saved-cards-error')).toHaveText(text('payment.cardErrors.card_declined'));
    await expect(rows).toHaveCount(2);
    await keepScreenshot(section, { path: path.join(SHOTS, `cards-${locale}-desktop.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(section, { path: path.join(SHOTS, `cards-${locale}-phone.png`) });
    await section.getByTestId('saved-cards-cancel').click();
    await expect(section.getByTestId('saved-cards-add')).toBeFocused();

    await rows
      .nth(0)
      .getByRole('button', { name: text('savedCards.removeLabel', { card: 'Visa •••• 4242' }) })
      .click();
    const dialog = page.getByTestId('remove-card-dialog');
    await expect(dialog).toContainText(text('savedCards.removeText', { card: 'Visa •••• 4242' }).replace(/<\/?\w+>/g, ''));
    await expect(dialog).toContainText(text('savedCards.removeDefault'));
    await keepScreenshot(page, { path: path.join(SHOTS, `cards-${locale}-phone-remove.png`) });
    await dialog.getByTestId('remove-card-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('notification').filter({ hasText: text('alert.flash.payment_card_updated') })).toBeVisible();
    await expect(section.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(mastercard);
    await expect(rows.nth(0).getByTestId('saved-card-default')).toHaveText(text('savedCards.default'));

    // What the page shows is what the account keeps.
    await page.reload();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(mastercard);
    await expect(rows.nth(0).getByTestId('saved-card-default')).toBeVisible();
  });
}
