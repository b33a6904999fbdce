import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';
import { startStripePeer, type StripePeer } from '../../test/stripe-peer.ts';
import { agreements } from '../agreements/schema.ts';
import { transactions } from './schema.ts';
import { chargeInput, providerFor } from './stripe-test-support.ts';
import { eventually, paymentFixtures, reconcileOnce } from './test-support.ts';

/**
 * Purchases a crash left pending, with Stripe as the card provider (the official SDK against the
 * local peer): the payment is found by its transaction among the PaymentIntents Stripe lists, and
 * a key Stripe never saw is spent by a voided PaymentIntent, so the dead request's charge cannot
 * arrive later. The crash is made as in reconciliation.test.ts (PAYMENT_CRASH_TEST_PAUSES).
 */
let t: TestApp;
let peer: StripePeer;
let f: ReturnType<typeof paymentFixtures>;
beforeAll(async () => {
  peer = await startStripePeer();
  t = await createTestApp({ env: { PAYMENT_CRASH_TEST_PAUSES: 'on' }, services: { cards: providerFor(peer) } });
  await seedTestCatalogue(t.database.db, t.services.clock.now());
  f = paymentFixtures(t);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const GRACE_SECONDS = 120;
const reconcile = () => reconcileOnce(t, { graceSeconds: GRACE_SECONDS });
const pastGrace = () => t.services.clock.advance(GRACE_SECONDS * 1000 + 1000);

type Buyer = Awaited<ReturnType<typeof f.buyer>>;
const intentsOf = (transactionId: number) =>
  [...peer.paymentIntents.values()].filter((intent) => intent.metadata.transaction_id === String(transactionId));
const transactionOf = async (userId: number, key: string) => {
  const [row] = await t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.idempotencyKey, key)));
  return row;
};
const agreementsOf = (userId: number) => t.database.db.select().from(agreements).where(eq(agreements.userId, userId));

/** A one-off licence bought with a Stripe card, stopped for good at `point` (its answer never comes). */
async function interrupted(buyer: Buyer, point: 'after-reservation' | 'after-charge') {
  const video = await f.paidVideo();
  const key = `pause-${point}-${randomUUID()}`;
  void f.buyVideo(buyer.browser, video, 'pm_card_visa', key);
  const row = await eventually(async () => {
    const pending = await transactionOf(buyer.user.id, key);
    if (pending && pending.status !== 'pending') throw new Error(`the purchase was not interrupted: ${pending.status}`);
    if (!pending || point === 'after-reservation') return pending;
    return intentsOf(pending.id).length > 0 ? pending : undefined;
  });
  return { key, row, retry: () => f.buyVideo(buyer.browser, video, 'pm_card_visa', key) };
}

describe('a Stripe purchase interrupted by a crash', () => {
  it('before the charge: the key is voided at Stripe and the purchase released; the dead request’s charge, arriving late, takes nothing', async () => {
    const buyer = await f.buyer();
    const crash = await interrupted(buyer, 'after-reservation');
    pastGrace();
    await reconcile();
    expect(await transactionOf(buyer.user.id, crash.key)).toMatchObject({ status: 'failed', errorCode: 'processing_error' });
    expect(intentsOf(crash.row.id)).toEqual([expect.objectContaining({ status: 'canceled', amount: crash.row.amountCents })]);

    const late = providerFor(peer).charge(
      chargeInput({
        amountCents: crash.row.amountCents,
        idempotencyKey: `txn-${crash.row.id}`,
        metadata: { transaction_id: String(crash.row.id) },
      }),
    );
    await expect(late).rejects.toMatchObject({ status: 409, items: [expect.objectContaining({ code: 'idempotency_key_reused' })] });
    expect(intentsOf(crash.row.id).filter((intent) => intent.status === 'succeeded')).toEqual([]);
    expect(purchaseResultSchema.parse((await crash.retry()).json())).toMatchObject({
      status: 'failed',
      error: { code: 'processing_error' },
    });
  });

  it('after the charge: found by its transaction and fulfilled once, however many runs at once', async () => {
    const buyer = await f.buyer();
    const crash = await interrupted(buyer, 'after-charge');
    pastGrace();
    await Promise.all([reconcile(), reconcile()]);
    const [intent] = intentsOf(crash.row.id);
    expect(await transactionOf(buyer.user.id, crash.key)).toMatchObject({ status: 'succeeded', providerPaymentId: intent?.id });
    expect(await agreementsOf(buyer.user.id)).toHaveLength(1);
    expect(purchaseResultSchema.parse((await crash.retry()).json())).toMatchObject({ status: 'succeeded', payment_intent_id: intent?.id });
    expect(intentsOf(crash.row.id)).toHaveLength(1);
  });

  it('a retry with the same key finishes the same purchase with one PaymentIntent, whether the crash came before or after the charge', async () => {
    for (const point of ['after-reservation', 'after-charge'] as const) {
      const buyer = await f.buyer();
      const crash = await interrupted(buyer, point);
      expect(purchaseResultSchema.parse((await crash.retry()).json())).toMatchObject({ status: 'succeeded', transaction_id: crash.row.id });
      expect(intentsOf(crash.row.id).map((intent) => intent.status)).toEqual(['succeeded']);
      expect(await agreementsOf(buyer.user.id)).toHaveLength(1);
    }
  });

  it('while Stripe does not answer the purchase stays pending (the run fails, to be logged), and is decided once it answers', async () => {
    const buyer = await f.buyer();
    const crash = await interrupted(buyer, 'after-charge');
    pastGrace();
    peer.outage = true;
    try {
      await expect(reconcile()).rejects.toThrow(/could not be reconciled/);
    } finally {
      peer.outage = false;
    }
    expect(await transactionOf(buyer.user.id, crash.key)).toMatchObject({ status: 'pending' });
    pastGrace();
    await reconcile();
    expect(await transactionOf(buyer.user.id, crash.key)).toMatchObject({ status: 'succeeded' });
  });
});

describe('a Stripe payment waiting for the bank step', () => {
  it('is left to the buyer for a day, then cancelled at Stripe and released: the bank step can no longer take money', async () => {
    const buyer = await f.buyer();
    const started = purchaseResultSchema.parse((await f.buyPass(buyer.browser, 'pm_card_threeDSecure2Required')).json());
    expect(started.status).toBe('requires_action');
    pastGrace();
    await reconcile();
    expect(peer.paymentIntents.get(started.payment_intent_id ?? '')?.status).toBe('requires_action');

    t.services.clock.advance(days(1));
    await reconcile();
    expect(peer.paymentIntents.get(started.payment_intent_id ?? '')?.status).toBe('canceled');
    expect(() => peer.authenticate(started.payment_intent_id ?? '', 'succeed')).toThrow(/not waiting/);
    const confirmed = await buyer.browser.post('/api/current_user/payments/confirm', { transaction_id: started.transaction_id });
    expect(purchaseResultSchema.parse(confirmed.json())).toMatchObject({ status: 'failed', error: { code: 'payment_incomplete' } });
    expect(await agreementsOf(buyer.user.id)).toEqual([]);
  });
});
