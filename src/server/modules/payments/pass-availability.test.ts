import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasePossibilitySchema } from '../../../common/agreements.ts';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';
import { paymentFixtures } from './test-support.ts';

let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = paymentFixtures(t);
});
afterAll(async () => t.close());

const passPossibility = async (browser: Browser) =>
  purchasePossibilitySchema.parse((await browser.get('/api/current_user/agreements/purchase_possibility?agreement_type=pass')).json());

/**
 * "Pass temporarily unavailable" (spec: accounts §8): while a payment for the buyer's pass is still
 * pending (here at the bank's extra step), the pass cannot be bought; it can again once that payment
 * is settled one way or the other, and it is held once paid.
 */
describe('the pass while a payment for it is pending', () => {
  it('is temporarily unavailable until the pending payment is refused, then for sale again', async () => {
    const { browser } = await f.buyer();
    expect(await passPossibility(browser)).toEqual({ agreement_type: 'pass', possible: true, reason: null, mode: 'buy' });

    const started = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser, 'authenticate'))).json());
    expect(started.status).toBe('requires_action');
    expect(await passPossibility(browser)).toEqual({
      agreement_type: 'pass',
      possible: false,
      reason: 'pass_temporarily_unavailable',
      mode: 'buy',
    });
    // One-off licences are not held up by it.
    const oneOff = await browser.get('/api/current_user/agreements/purchase_possibility?agreement_type=one_off');
    expect(purchasePossibilitySchema.parse(oneOff.json())).toMatchObject({ possible: true });

    const refused = await browser.post(`/api/payments/test_cards/authentications/${started.payment_intent_id}`, { result: 'fail' });
    expect(refused.statusCode).toBe(402);
    expect(await passPossibility(browser)).toMatchObject({ possible: true, reason: null });
  });

  it('turns into the pass held once the pending payment succeeds', async () => {
    const { browser } = await f.buyer();
    const started = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser, 'authenticate'))).json());
    expect((await passPossibility(browser)).reason).toBe('pass_temporarily_unavailable');
    await browser.post(`/api/payments/test_cards/authentications/${started.payment_intent_id}`, { result: 'succeed' });
    await browser.post('/api/current_user/payments/confirm', { payment_intent_id: started.payment_intent_id });
    expect(await passPossibility(browser)).toMatchObject({ possible: false, reason: 'pass_already_held' });
  });
});
