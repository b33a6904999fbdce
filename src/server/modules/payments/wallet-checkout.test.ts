import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema, transactionsPageSchema } from '../../../common/payments.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';
import { codes } from '../../test/http.ts';
import { startPaypalPeer, type PaypalPeer } from '../../test/paypal-peer.ts';
import { agreements } from '../agreements/schema.ts';
import { paypalWallet } from './paypal-wallet.ts';
import { paymentFixtures } from './test-support.ts';

/** Checkout with the online wallet (spec §7: initiate, then confirm): PayPal through a local peer, and the built-in test wallet. */
const initiate = (browser: Browser, product: object) =>
  browser.post('/api/current_user/payments/initiate', {
    product,
    provider: 'wallet',
    idempotency_key: randomUUID(),
    confirmations: { withdrawal: true, terms: true, licence_values: true },
  });
const confirm = (browser: Browser, body: object) => browser.post('/api/current_user/payments/confirm', body);

describe('PayPal (a local peer speaking Orders v2)', () => {
  let t: TestApp;
  let peer: PaypalPeer;
  let f: ReturnType<typeof paymentFixtures>;
  beforeAll(async () => {
    peer = await startPaypalPeer();
    t = await createTestApp({
      services: { wallet: paypalWallet({ clientId: peer.clientId, clientSecret: peer.clientSecret, apiUrl: peer.url }) },
      config: { publicUrl: 'https://newsreel.example' },
    });
    await seedTestCatalogue(t.database.db, t.services.clock.now());
    f = paymentFixtures(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('a one-off licence: the buyer approves at PayPal, comes back, and confirming captures it once', async () => {
    const { user, browser } = await f.buyer();
    const video = await f.paidVideo();
    const started = purchaseResultSchema.parse((await initiate(browser, { type: 'video', video_project_id: video })).json());
    expect(started.status).toBe('approval_required');
    expect(started.approve_url).toMatch(new RegExp(`^${peer.url}/checkoutnow\\?token=`));
    const order = peer.orders.get(started.payment_intent_id ?? '');
    expect(order).toMatchObject({ returnUrl: `https://newsreel.example/en/payment-processing?transaction_id=${started.transaction_id}` });

    // Back before approving: nothing is captured yet.
    expect(purchaseResultSchema.parse((await confirm(browser, { transaction_id: started.transaction_id })).json()).status).toBe(
      'approval_required',
    );
    peer.approve(started.payment_intent_id ?? '');
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(browser, { transaction_id: started.transaction_id })));
    expect(answers.map((answer) => purchaseResultSchema.parse(answer.json()).status)).toEqual(Array(5).fill('succeeded'));
    expect(peer.captures.size).toBe(1);
    expect(await t.database.db.select().from(agreements).where(eq(agreements.userId, user.id))).toEqual([
      expect.objectContaining({ agreementType: 'one_off', videoProjectId: video }),
    ]);
    const history = transactionsPageSchema.parse((await browser.get('/api/current_user/payments/transactions')).json());
    expect(history.transactions[0]).toMatchObject({ status: 'succeeded', wallet: 'PayPal', card_last4: null, amount_cents: 5_831 });
  });

  it('a payment the wallet declines at capture is failed with a clear error; a cancelled one is left incomplete', async () => {
    const { browser } = await f.buyer();
    const [first, second] = await f.paidVideos(2);
    const declined = purchaseResultSchema.parse((await initiate(browser, { type: 'video', video_project_id: first })).json());
    peer.approve(declined.payment_intent_id ?? '');
    peer.declineNextCapture();
    const refused = await confirm(browser, { transaction_id: declined.transaction_id });
    expect(refused.statusCode).toBe(402);
    expect(codes(refused)).toEqual(['wallet_declined']);

    const cancelled = purchaseResultSchema.parse((await initiate(browser, { type: 'video', video_project_id: second })).json());
    const left = purchaseResultSchema.parse((await confirm(browser, { transaction_id: cancelled.transaction_id, abandon: true })).json());
    expect(left).toMatchObject({ status: 'failed', error: { code: 'payment_incomplete' } });
    // The video can be bought again at once.
    expect(purchaseResultSchema.parse((await initiate(browser, { type: 'video', video_project_id: second })).json()).status).toBe(
      'approval_required',
    );
  });

  it('nobody confirms another buyer’s payment', async () => {
    const { browser } = await f.buyer();
    const started = purchaseResultSchema.parse(
      (await initiate(browser, { type: 'video', video_project_id: await f.paidVideo('standard') })).json(),
    );
    const stranger = await f.buyer();
    expect((await confirm(stranger.browser, { transaction_id: started.transaction_id })).statusCode).toBe(404);
  });
});

describe('the built-in test wallet (the embedded default)', () => {
  let t: TestApp;
  let f: ReturnType<typeof paymentFixtures>;
  beforeAll(async () => {
    t = await createTestApp();
    f = paymentFixtures(t);
  });
  afterAll(async () => t.close());

  it('a pass: its checkout page on our own site, Approve, back to the processing page, confirmed', async () => {
    const { user, browser } = await f.buyer();
    const started = purchaseResultSchema.parse((await initiate(browser, { type: 'pass', subscription: f.subscription })).json());
    expect(started.approve_url).toMatch(/^\/test-wallet\/checkout\//);
    const page = await browser.get(started.approve_url ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('114.24');
    const approved = await browser.request({
      method: 'POST',
      url: started.approve_url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toContain(`/en/payment-processing?transaction_id=${started.transaction_id}`);
    expect(purchaseResultSchema.parse((await confirm(browser, { transaction_id: started.transaction_id })).json()).status).toBe(
      'succeeded',
    );
    expect(await t.database.db.select().from(agreements).where(eq(agreements.userId, user.id))).toEqual([
      expect.objectContaining({ agreementType: 'pass', autoRenewal: true }),
    ]);
  });

  it('the spec’s wallet subscription calls: proceed, then pay; and the return call with the wallet’s order id', async () => {
    const { browser } = await f.buyer();
    const proceeded = purchaseResultSchema.parse(
      (
        await browser.post('/api/current_user/paypal_subscriptions/proceed', {
          subscription: f.subscription,
          idempotency_key: randomUUID(),
          confirmations: { withdrawal: true, terms: true, licence_values: true },
        })
      ).json(),
    );
    expect(proceeded).toMatchObject({ status: 'approval_required', kind: 'pass' });
    await browser.request({
      method: 'POST',
      url: proceeded.approve_url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    const returned = await browser.post('/api/current_user/payments', { order_id: proceeded.payment_intent_id, payment_approved: true });
    expect(purchaseResultSchema.parse(returned.json()).status).toBe('succeeded');
    const paid = await browser.post('/api/current_user/paypal_subscriptions/pay', { transaction_id: proceeded.transaction_id });
    expect(purchaseResultSchema.parse(paid.json())).toMatchObject({ status: 'succeeded', agreement_id: expect.any(Number) as number });
    expect((await browser.post('/api/current_user/payments', { order_id: 'NOT-MINE' })).statusCode).toBe(404);
    expect((await browser.post('/api/current_user/payments', {})).statusCode).toBe(422);
  });
});
