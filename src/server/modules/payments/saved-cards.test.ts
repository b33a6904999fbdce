import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCardsSchema, testPaymentMethodSchema, type SavedCard } from '../../../common/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { paymentFixtures } from './test-support.ts';

/**
 * Saved cards (spec: accounts §2 billing settings, §7 payment_methods) through the built-in test
 * provider: the browser turns the card form into a payment method, then keeps it on the account.
 */
let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = paymentFixtures(t);
});
afterAll(async () => t.close());

const PAYMENT_METHODS = '/api/current_user/payments/payment_methods';

/** The test provider's payment method for a card number and expiry, as the card form makes it. */
async function cardForm(browser: Browser, number: string, expYear = 2034) {
  const answer = await browser.post('/api/payments/test_cards/payment_methods', { number, exp_month: 12, exp_year: expYear, cvc: '123' });
  expect(answer.statusCode, answer.body).toBe(200);
  return testPaymentMethodSchema.parse(answer.json()).id;
}

const add = (browser: Browser, paymentMethod: string) => browser.post(PAYMENT_METHODS, { payment_method: paymentMethod });
const remove = (browser: Browser, id: number) => browser.delete(PAYMENT_METHODS, { payload: { payment_method: id } });
const list = (answer: { json(): unknown }): SavedCard[] => savedCardsSchema.parse(answer.json()).payment_methods;
const summary = (cards: SavedCard[]) =>
  cards.map((card) => `${card.brand} ${card.last4} ${card.exp_month}/${card.exp_year}${card.is_default ? ' default' : ''}`);

describe('saved cards (spec §7 payment_methods)', () => {
  it('a card added is listed; the first is the default, the next is not', async () => {
    const { browser } = await f.buyer();
    expect(list(await browser.get(PAYMENT_METHODS))).toEqual([]);

    const first = await add(browser, await cardForm(browser, '4242 4242 4242 4242'));
    expect(first.statusCode).toBe(200);
    expect(summary(list(first))).toEqual(['visa 4242 12/2034 default']);

    const second = await add(browser, await cardForm(browser, '5555555555554444'));
    expect(summary(list(second))).toEqual(['visa 4242 12/2034 default', 'mastercard 4444 12/2034']);
    expect(list(await browser.get(PAYMENT_METHODS))).toEqual(list(second));
  });

  it('removing the default makes the next card the default; removing the last leaves none', async () => {
    const { browser } = await f.buyer();
    await add(browser, await cardForm(browser, '4242424242424242', 2033));
    const both = list(await add(browser, await cardForm(browser, '5555555555554444', 2033)));
    const [visa, mastercard] = both;
    if (!visa || !mastercard) throw new Error('two cards expected');

    const afterVisa = await remove(browser, visa.id);
    expect(afterVisa.statusCode).toBe(200);
    expect(summary(list(afterVisa))).toEqual(['mastercard 4444 12/2033 default']);

    expect(list(await remove(browser, mastercard.id))).toEqual([]);
    expect(list(await browser.get(PAYMENT_METHODS))).toEqual([]);
  });

  it.each(['card_declined', 'expired_card', 'processing_error'] as const)(
    'a card the provider refuses (%s) is 402 with its card error, and nothing is kept',
    async (code) => {
      const { browser } = await f.buyer();
      const answer = await add(browser, await f.card(browser, code));
      expect(answer.statusCode).toBe(402);
      expect(codes(answer)).toEqual([code]);
      expect(list(await browser.get(PAYMENT_METHODS))).toEqual([]);
    },
  );

  it('a payment method that is not one of the provider’s is refused as declined', async () => {
    const { browser } = await f.buyer();
    const answer = await add(browser, 'pm_test_not-a-card');
    expect(answer.statusCode).toBe(402);
    expect(errors(answer)[0]).toMatchObject({ code: 'card_declined' });
  });

  it('another user’s card is not found and stays theirs', async () => {
    const owner = await f.buyer();
    const [owned] = list(await add(owner.browser, await cardForm(owner.browser, '4242424242424242', 2032)));
    if (!owned) throw new Error('no card kept');
    const other = await f.buyer();
    await add(other.browser, await cardForm(other.browser, '5555555555554444', 2032));

    const answer = await remove(other.browser, owned.id);
    expect(answer.statusCode).toBe(404);
    expect(codes(answer)).toEqual(['payment_method_not_found']);
    expect(list(await owner.browser.get(PAYMENT_METHODS))).toEqual([owned]);
    expect(summary(list(await other.browser.get(PAYMENT_METHODS)))).toEqual(['mastercard 4444 12/2032 default']);
    expect((await remove(other.browser, 2_000_000_000)).statusCode).toBe(404);
  });

  it('a client account may not add a card (spec §6: no billing settings)', async () => {
    const { browser } = await f.buyer({ overrides: { userGroup: 'client' } });
    const answer = await add(browser, await cardForm(browser, '4242424242424242', 2031));
    expect(answer.statusCode).toBe(403);
    expect(list(await browser.get(PAYMENT_METHODS))).toEqual([]);
  });

  it('two people may keep the same card number: each has their own payment method', async () => {
    const first = await f.buyer();
    const second = await f.buyer();
    const same = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
    const made = async (browser: Browser) =>
      testPaymentMethodSchema.parse((await browser.post('/api/payments/test_cards/payment_methods', same)).json()).id;
    expect(list(await add(first.browser, await made(first.browser)))).toHaveLength(1);
    expect(list(await add(second.browser, await made(second.browser)))).toHaveLength(1);
  });

  it('a refused card counts as a card rejection, as at checkout (no way around the limit)', async () => {
    const { browser } = await f.buyer();
    const refused = await add(browser, await f.card(browser, 'expired_card'));
    expect(errors(refused)[0]).toMatchObject({ code: 'expired_card', meta: { rejections: '1', remaining: '4' } });
  });

  it('a guest is asked to sign in', async () => {
    const guest = new Browser(t.app, { ip: '192.0.2.44' });
    expect((await guest.get(PAYMENT_METHODS)).statusCode).toBe(401);
    expect((await add(guest, 'pm_test_anything')).statusCode).toBe(401);
    expect((await remove(guest, 1)).statusCode).toBe(401);
    expect(
      (
        await guest.post('/api/payments/test_cards/payment_methods', {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: 2034,
          cvc: '123',
        })
      ).statusCode,
    ).toBe(401);
  });
});
