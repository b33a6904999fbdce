import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentConfigSchema, purchaseResultSchema, savedCardsSchema } from '../../../common/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, errors } from '../../test/http.ts';
import { startStripePeer, type StripePeer } from '../../test/stripe-peer.ts';
import { agreements } from '../agreements/schema.ts';
import { providerFor } from './stripe-test-support.ts';
import { transactions } from './schema.ts';
import { paymentFixtures } from './test-support.ts';

/**
 * Checkout with Stripe as the card provider: the real SDK against a local peer speaking Stripe's
 * API, and its signed webhooks delivered to the app (valid, replayed, tampered, stale).
 */
let t: TestApp;
let peer: StripePeer;
let f: ReturnType<typeof paymentFixtures>;
beforeAll(async () => {
  peer = await startStripePeer();
  t = await createTestApp({ services: { cards: providerFor(peer) } });
  f = paymentFixtures(t);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const passWith = (browser: Parameters<typeof f.buyPass>[0], paymentMethod: string) => f.buyPass(browser, paymentMethod, randomUUID());
const webhook = (event: { body: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhooks',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.body,
  });
const agreementsOf = async (userId: number) => t.database.db.select().from(agreements).where(eq(agreements.userId, userId));

describe('checkout through Stripe', () => {
  it('the browser is told to use Stripe.js with the publishable key; the test card routes are not there', async () => {
    const { browser } = await f.buyer();
    expect(paymentConfigSchema.parse((await browser.get('/api/payments/config')).json()).card).toEqual({
      provider: 'stripe',
      publishable_key: 'pk_test_peer',
    });
    expect((await browser.post('/api/payments/test_cards/payment_methods', { number: '4242424242424242' })).statusCode).toBe(404);
  });

  it('a pass paid with a card Stripe accepts; the card is kept on the customer for renewals', async () => {
    const { user, browser } = await f.buyer();
    const answer = await browser.post('/api/current_user/payments/subscription', {
      subscription: f.subscription,
      payment_method: 'pm_card_visa',
      save_card: true,
      idempotency_key: randomUUID(),
      confirmations: f.confirmations,
    });
    expect(purchaseResultSchema.parse(answer.json())).toMatchObject({ status: 'succeeded' });
    const [intent] = [...peer.paymentIntents.values()].filter((pi) => pi.metadata.user_id === String(user.id));
    expect(intent).toMatchObject({ amount: 11_424, currency: 'eur', setup_future_usage: 'off_session' });
    expect(savedCardsSchema.parse((await browser.get('/api/current_user/payments/payment_methods')).json()).payment_methods).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', is_default: true }),
    ]);
    expect(await agreementsOf(user.id)).toHaveLength(1);
  });

  it('a card Stripe declines is the spec’s card error with the rejection count', async () => {
    const { browser } = await f.buyer();
    const answer = await passWith(browser, 'pm_card_chargeDeclinedExpiredCard');
    expect(answer.statusCode).toBe(402);
    expect(errors(answer)[0]).toMatchObject({ code: 'expired_card', meta: { rejections: '1', remaining: '4' } });
  });
});

describe('Stripe webhooks', () => {
  it('payment_intent.succeeded after the bank step completes the purchase once, however often it is delivered', async () => {
    const { user, browser } = await f.buyer();
    const started = purchaseResultSchema.parse((await passWith(browser, 'pm_card_threeDSecure2Required')).json());
    expect(started.status).toBe('requires_action');
    const intentId = started.payment_intent_id ?? '';
    const paid = peer.authenticate(intentId, 'succeed');

    const event = peer.signedEvent('payment_intent.succeeded', paid);
    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    const replays = await Promise.all(Array.from({ length: 5 }, () => webhook(event)));
    expect(replays.every((reply) => reply.statusCode === 200)).toBe(true);
    // The buyer's own confirmation, arriving after the webhook, finds it done.
    const confirmed = purchaseResultSchema.parse(
      (await browser.post('/api/current_user/payments/confirm', { payment_intent_id: intentId })).json(),
    );
    const held = await agreementsOf(user.id);
    expect(held).toHaveLength(1);
    expect(confirmed).toMatchObject({ status: 'succeeded', agreement_id: held[0]?.id });
  });

  it('payment_intent.payment_failed marks the purchase failed without counting a rejection against the buyer', async () => {
    const { user, browser } = await f.buyer();
    const started = purchaseResultSchema.parse((await passWith(browser, 'pm_card_threeDSecure2Required')).json());
    const failed = peer.authenticate(started.payment_intent_id ?? '', 'fail');
    expect((await webhook(peer.signedEvent('payment_intent.payment_failed', failed))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(row).toMatchObject({ status: 'failed', errorCode: 'card_declined' });
    expect((await browser.get('/api/current_user/payments/rejections')).json()).toMatchObject({ count: 0 });
  });

  it('a tampered body, a wrong secret, a stale timestamp or no signature are refused and change nothing', async () => {
    const { user, browser } = await f.buyer();
    const started = purchaseResultSchema.parse((await passWith(browser, 'pm_card_threeDSecure2Required')).json());
    const paid = peer.authenticate(started.payment_intent_id ?? '', 'succeed');
    const genuine = peer.signedEvent('payment_intent.succeeded', paid);
    const refused = [
      { body: genuine.body.replace('"succeeded"', '"succeeded" '), signature: genuine.signature },
      peer.signedEvent('payment_intent.succeeded', paid, { secret: 'whsec_someone_else' }),
      peer.signedEvent('payment_intent.succeeded', paid, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const event of refused) {
      const reply = await webhook(event);
      expect(reply.statusCode).toBe(400);
      expect(codes(reply)).toEqual(['invalid_signature']);
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhooks',
      payload: genuine.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await agreementsOf(user.id)).toHaveLength(0);
  });

  it('an event about a payment not known yet is answered 404, so Stripe delivers it again', async () => {
    const reply = await webhook(
      peer.signedEvent('payment_intent.succeeded', { id: 'pi_unknown', object: 'payment_intent', status: 'succeeded' }),
    );
    expect(reply.statusCode).toBe(404);
    const other = await webhook(peer.signedEvent('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.json()).toEqual({ received: true, applied: false });
  });
});
