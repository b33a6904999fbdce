import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startPaypalPeer, type PaypalPeer } from '../../test/paypal-peer.ts';
import { startStripePeer, type StripePeer } from '../../test/stripe-peer.ts';
import { agreements } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { paypalWallet } from './paypal-wallet.ts';
import { transactions } from './schema.ts';
import { providerFor } from './stripe-test-support.ts';
import { paymentFixtures } from './test-support.ts';

/**
 * A declined pass application is refunded through the provider that took the money, once: Stripe
 * (the real SDK against a local peer) and the online wallet (PayPal through a local peer).
 * docs/decisions.md "Applying for a pass (issue 25)".
 */
const declineTwice = async (t: TestApp, id: number) => {
  const sales = await agreementFixtures(t).signedIn({ isAdmin: true, deskRoles: ['sales'] });
  return Promise.all(
    [1, 2].map(() => sales.browser.post(`/api/desk/pass_applications/${id}/declines`, { reason: 'Not a media organisation' })),
  );
};

describe('a declined application paid by card through Stripe', () => {
  let t: TestApp;
  let peer: StripePeer;
  beforeAll(async () => {
    peer = await startStripePeer();
    t = await createTestApp({ services: { cards: providerFor(peer) }, env: { PASS_VERIFICATION: 'first' } });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('is refunded once at Stripe, in full', async () => {
    const f = paymentFixtures(t);
    const { browser } = await f.buyer();
    const result = purchaseResultSchema.parse((await f.buyPass(browser, 'pm_card_visa', randomUUID())).json());
    expect(result).toMatchObject({ status: 'succeeded', verification: true });
    const answers = await declineTwice(t, result.agreement_id ?? 0);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refunds = [...peer.refunds.values()].filter((refund) => refund.payment_intent === result.payment_intent_id);
    expect(refunds).toEqual([expect.objectContaining({ amount: 11_424 })]);
    const [pass] = await t.database.db
      .select()
      .from(agreements)
      .where(eq(agreements.id, result.agreement_id ?? 0));
    expect(pass?.status).toBe('failed_to_qualify');
  });
});

describe('a declined application paid with the online wallet (PayPal)', () => {
  let t: TestApp;
  let peer: PaypalPeer;
  beforeAll(async () => {
    peer = await startPaypalPeer();
    t = await createTestApp({
      services: { wallet: paypalWallet({ clientId: peer.clientId, clientSecret: peer.clientSecret, apiUrl: peer.url }) },
      config: { publicUrl: 'https://newsreel.example' },
      env: { PASS_VERIFICATION: 'first' },
    });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('is refunded once on its capture', async () => {
    const f = paymentFixtures(t);
    const { browser } = await f.buyer();
    const started = purchaseResultSchema.parse(
      (
        await browser.post('/api/current_user/payments/initiate', {
          product: { type: 'pass', subscription: f.subscription },
          provider: 'wallet',
          idempotency_key: randomUUID(),
          confirmations: f.confirmations,
        })
      ).json(),
    );
    peer.approve(started.payment_intent_id ?? '');
    const paid = purchaseResultSchema.parse(
      (await browser.post('/api/current_user/payments/confirm', { transaction_id: started.transaction_id })).json(),
    );
    expect(paid).toMatchObject({ status: 'succeeded', verification: true });
    const answers = await declineTwice(t, paid.agreement_id ?? 0);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(peer.refunds.size).toBe(1);
    const [payment] = await t.database.db.select().from(transactions).where(eq(transactions.id, paid.transaction_id));
    expect(payment?.status).toBe('refunded');
  });
});
