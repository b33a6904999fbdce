import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema, transactionsPageSchema } from '../../../common/payments.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { createTestApp, days, minutes, type TestApp } from '../../test/harness.ts';
import { agreements } from '../agreements/schema.ts';
import { mailOutbox } from '../mail/schema.ts';
import { testCardPayments, testWalletOrders, transactions } from './schema.ts';
import { eventually, paymentFixtures, reconcileOnce } from './test-support.ts';
import type { WalletProvider } from './wallet-provider.ts';

/**
 * Purchases a crash left pending (issue: "a card charged and no licence after a crash"), with the
 * built-in test provider. The crash is made by the crash-test pauses (PAYMENT_CRASH_TEST_PAUSES): a
 * purchase whose key says so stops for good after its reservation or after the charge, as the
 * request of a killed process does; the periodic reconciliation job and the buyer's retry then
 * finish it. purchase-crash.test.ts does the same with real processes killed and restarted.
 */
let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_CRASH_TEST_PAUSES: 'on' } });
  await seedTestCatalogue(t.database.db, t.services.clock.now());
  f = paymentFixtures(t);
});
afterAll(async () => t.close());

const GRACE_SECONDS = 120;

const reconcile = (options: { wallet?: WalletProvider } = {}) => reconcileOnce(t, { graceSeconds: GRACE_SECONDS, ...options });

type Buyer = Awaited<ReturnType<typeof f.buyer>>;
type Point = 'after-reservation' | 'after-charge';

const transactionOf = async (userId: number, key: string) => {
  const [row] = await t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.idempotencyKey, key)));
  return row;
};
const paymentsFor = (transactionId: number) =>
  t.database.db
    .select()
    .from(testCardPayments)
    .where(eq(testCardPayments.idempotencyKey, `txn-${transactionId}`));
const agreementsOf = (userId: number) => t.database.db.select().from(agreements).where(eq(agreements.userId, userId));
const mailTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

/** A one-off licence bought by card, stopped for good at `point` (its answer never comes). */
async function interrupted(buyer: Buyer, point: Point) {
  const video = await f.paidVideo();
  const method = await f.card(buyer.browser);
  const key = `pause-${point}-${randomUUID()}`;
  void f.buyVideo(buyer.browser, video, method, key);
  const row = await eventually(async () => {
    const pending = await transactionOf(buyer.user.id, key);
    if (pending && pending.status !== 'pending') throw new Error(`the purchase was not interrupted: ${pending.status}`);
    if (!pending || point === 'after-reservation') return pending;
    return (await paymentsFor(pending.id)).length > 0 ? pending : undefined;
  });
  return { key, video, method, row, retry: () => f.buyVideo(buyer.browser, video, method, key) };
}

describe('a card purchase interrupted by a crash', () => {
  it('before the card was charged: left alone for the grace period, then failed and released; its key charges nothing afterwards', async () => {
    const buyer = await f.buyer();
    const crash = await interrupted(buyer, 'after-reservation');
    await reconcile();
    expect(await transactionOf(buyer.user.id, crash.key)).toMatchObject({ status: 'pending' });

    t.services.clock.advance(GRACE_SECONDS * 1000 + 1000);
    await reconcile();
    expect(await transactionOf(buyer.user.id, crash.key)).toMatchObject({ status: 'failed', errorCode: 'processing_error' });
    // The request of the dead process, had it reached the provider now, takes no money.
    const late = await t.services.cards.charge({
      amountCents: crash.row.amountCents,
      currency: crash.row.currency,
      paymentMethod: crash.method,
      customer: null,
      saveCard: false,
      offSession: false,
      description: 'late',
      idempotencyKey: `txn-${crash.row.id}`,
      metadata: {},
    });
    expect(late.status).toBe('failed');
    expect((await paymentsFor(crash.row.id)).filter((payment) => payment.status === 'succeeded')).toEqual([]);

    expect(purchaseResultSchema.parse((await crash.retry()).json())).toMatchObject({
      status: 'failed',
      transaction_id: crash.row.id,
      error: { code: 'processing_error' },
    });
    // Released: the same video is bought again, once.
    const again = await f.buyVideo(buyer.browser, crash.video, await f.card(buyer.browser));
    expect(purchaseResultSchema.parse(again.json()).status).toBe('succeeded');
    expect(await agreementsOf(buyer.user.id)).toHaveLength(1);
  });

  it('after the card was charged: fulfilled once past the grace period (one licence, one receipt), however many runs at once', async () => {
    const buyer = await f.buyer();
    const crash = await interrupted(buyer, 'after-charge');
    t.services.clock.advance(GRACE_SECONDS * 1000 + 1000);
    await Promise.all([reconcile(), reconcile(), reconcile()]);
    await reconcile();

    const [payment] = await paymentsFor(crash.row.id);
    const done = await transactionOf(buyer.user.id, crash.key);
    expect(done).toMatchObject({ status: 'succeeded', providerPaymentId: payment?.id });
    const licences = await agreementsOf(buyer.user.id);
    expect(licences).toEqual([expect.objectContaining({ id: done?.agreementId, agreementType: 'one_off', videoProjectId: crash.video })]);
    expect(await mailTo(buyer.user.email)).toHaveLength(1);
    const history = transactionsPageSchema.parse((await buyer.browser.get('/api/current_user/payments/transactions')).json());
    expect(history.transactions.map((row) => row.status)).toEqual(['succeeded']);

    expect(purchaseResultSchema.parse((await crash.retry()).json())).toMatchObject({
      status: 'succeeded',
      transaction_id: crash.row.id,
      agreement_id: done?.agreementId,
    });
    expect(await paymentsFor(crash.row.id)).toHaveLength(1);
  });

  it('a retry with the same key finishes the same purchase, charged once, whether the crash came before or after the charge', async () => {
    for (const point of ['after-reservation', 'after-charge'] as const) {
      const buyer = await f.buyer();
      const crash = await interrupted(buyer, point);
      const answers = await Promise.all([crash.retry(), crash.retry()]);
      for (const answer of answers)
        expect(purchaseResultSchema.parse(answer.json())).toMatchObject({ status: 'succeeded', transaction_id: crash.row.id });
      const payments = await paymentsFor(crash.row.id);
      expect(payments.map((payment) => payment.status)).toEqual(['succeeded']);
      expect(purchaseResultSchema.parse(answers[0]?.json()).payment_intent_id).toBe(payments[0]?.id);
      expect(await agreementsOf(buyer.user.id)).toHaveLength(1);
      expect(await mailTo(buyer.user.email)).toHaveLength(1);
    }
  });

  it('a retry after the grace period asks the provider rather than charging: a card never charged is released', async () => {
    const buyer = await f.buyer();
    const crash = await interrupted(buyer, 'after-reservation');
    t.services.clock.advance(GRACE_SECONDS * 1000 + 1000);
    expect(purchaseResultSchema.parse((await crash.retry()).json())).toMatchObject({
      status: 'failed',
      error: { code: 'processing_error' },
    });
    expect((await paymentsFor(crash.row.id)).filter((payment) => payment.status === 'succeeded')).toEqual([]);
    expect(await agreementsOf(buyer.user.id)).toEqual([]);
  });
});

describe('payments waiting for the buyer', () => {
  it('a 3-D Secure step is left to the buyer for a day, then cancelled at the provider; a late answer charges nothing', async () => {
    const buyer = await f.buyer();
    const started = purchaseResultSchema.parse((await f.buyPass(buyer.browser, await f.card(buyer.browser, 'authenticate'))).json());
    expect(started.status).toBe('requires_action');
    t.services.clock.advance(minutes(30));
    await reconcile();
    const confirm = () => buyer.browser.post('/api/current_user/payments/confirm', { transaction_id: started.transaction_id });
    expect(purchaseResultSchema.parse((await confirm()).json()).status).toBe('requires_action');

    t.services.clock.advance(days(1));
    await reconcile();
    expect(purchaseResultSchema.parse((await confirm()).json())).toMatchObject({
      status: 'failed',
      error: { code: 'payment_incomplete' },
    });
    const late = await buyer.browser.post(`/api/payments/test_cards/authentications/${started.payment_intent_id}`, { result: 'succeed' });
    expect(purchaseResultSchema.parse(late.json()).status).toBe('failed');
    const [payment] = await paymentsFor(started.transaction_id);
    expect(payment).toMatchObject({ status: 'canceled' });
    expect(await agreementsOf(buyer.user.id)).toEqual([]);
  });

  const walletPass = async (buyer: Buyer) =>
    purchaseResultSchema.parse(
      (
        await buyer.browser.post('/api/current_user/payments/initiate', {
          product: { type: 'pass', subscription: f.subscription },
          provider: 'wallet',
          idempotency_key: randomUUID(),
          confirmations: f.confirmations,
        })
      ).json(),
    );
  const approve = (buyer: Buyer, url: string | null) =>
    buyer.browser.request({
      method: 'POST',
      url: url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
  const statusOf = async (id: number) => (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]?.status;

  it('a wallet order never approved stays pending until the wallet lets it expire (3 hours), then is released', async () => {
    const buyer = await f.buyer();
    const started = await walletPass(buyer);
    t.services.clock.advance(minutes(170));
    await reconcile();
    expect(await statusOf(started.transaction_id)).toBe('pending');
    t.services.clock.advance(minutes(11));
    await reconcile();
    expect(await statusOf(started.transaction_id)).toBe('incomplete');
    expect(purchaseResultSchema.parse((await f.buyPass(buyer.browser, await f.card(buyer.browser))).json()).status).toBe('succeeded');
  });

  it('a wallet order approved whose confirmation never came is captured and fulfilled once', async () => {
    const buyer = await f.buyer();
    const started = await walletPass(buyer);
    await approve(buyer, started.approve_url);
    t.services.clock.advance(GRACE_SECONDS * 1000 + 1000);
    await Promise.all([reconcile(), reconcile()]);
    expect(await statusOf(started.transaction_id)).toBe('succeeded');
    const confirmed = await buyer.browser.post('/api/current_user/payments/confirm', { transaction_id: started.transaction_id });
    expect(purchaseResultSchema.parse(confirmed.json()).status).toBe('succeeded');
    expect(await agreementsOf(buyer.user.id)).toHaveLength(1);
    expect(await mailTo(buyer.user.email)).toHaveLength(1);
  });

  it('a wallet order the wallet no longer knows (gone at the wallet) is released', async () => {
    const buyer = await f.buyer();
    const started = await walletPass(buyer);
    t.services.clock.advance(GRACE_SECONDS * 1000 + 1000);
    await t.database.db.delete(testWalletOrders).where(eq(testWalletOrders.id, started.payment_intent_id ?? ''));
    await reconcile();
    expect(await statusOf(started.transaction_id)).toBe('incomplete');
  });
});
