import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema, receiptSchema, transactionSchema } from '../../../common/payments.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';
import { codes, errors } from '../../test/http.ts';
import { recordOperation } from '../agreements/operations.ts';
import { agreementBalances, agreements } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { mailOutbox } from '../mail/schema.ts';
import { testCardPayments } from './schema.ts';
import { paymentFixtures } from './test-support.ts';

let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
let admin: Awaited<ReturnType<ReturnType<typeof agreementFixtures>['signedIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  f = paymentFixtures(t);
  admin = await agreementFixtures(t).signedIn({ isAdmin: true });
});
afterAll(async () => t.close());

/** An admin's call, from a session of its own (the tests move the clock past sessions' idle time). */
const refund = async (id: number) => (await f.signInAgain(admin.user, '10.9.9.9')).post(`/api/admin/payments/transactions/${id}/refunds`);

async function paidPass() {
  const buyer = await f.buyer();
  const result = purchaseResultSchema.parse((await f.buyPass(buyer.browser, await f.card(buyer.browser))).json());
  return { ...buyer, result };
}

describe('refunds (spec §9: within 14 days of payment if nothing was downloaded)', () => {
  it('pays back once, even when asked five times at once; the pass ends and the buyer is told 5–15 business days', async () => {
    const { user, browser, result } = await paidPass();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(result.transaction_id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const done = answers.find((answer) => answer.statusCode === 200);
    expect(transactionSchema.parse(done?.json())).toMatchObject({ status: 'refunded' });
    const [payment] = await t.database.db
      .select()
      .from(testCardPayments)
      .where(eq(testCardPayments.id, result.payment_intent_id ?? ''));
    expect(payment).toMatchObject({ refundedCents: 11_424 });

    const [pass] = await t.database.db
      .select()
      .from(agreements)
      .where(eq(agreements.id, result.agreement_id ?? 0));
    expect(pass).toMatchObject({ status: 'deactivated', autoRenewal: false });
    const balances = await t.database.db
      .select()
      .from(agreementBalances)
      .where(eq(agreementBalances.agreementId, pass?.id ?? 0));
    expect(balances.map((balance) => balance.amount)).toEqual([0]);
    const mail = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail.map((message) => message.text).join('\n')).toContain('5–15 business days');
    const receipt = receiptSchema.parse(
      (await browser.get(`/api/current_user/payments/transactions/${result.transaction_id}/receipt`)).json(),
    );
    expect(receipt.refunded).toBe(true);
  });

  it('is refused after 14 days, after a download, and for a payment that was not made', async () => {
    const late = await paidPass();
    t.services.clock.advance(days(15));
    expect(codes(await refund(late.result.transaction_id))).toEqual(['refund_window_passed']);
    t.services.clock.advance(-days(15));
    // Fourteen days are still within it.
    const inTime = await paidPass();
    t.services.clock.advance(days(14) - 60_000);
    expect((await refund(inTime.result.transaction_id)).statusCode).toBe(200);
    t.services.clock.advance(-(days(14) - 60_000));

    const used = await paidPass();
    await recordOperation(t.database.db, {
      agreementId: used.result.agreement_id ?? 0,
      kind: 'pool',
      type: 'download',
      amount: -1,
      at: t.services.clock.now(),
    });
    expect(codes(await refund(used.result.transaction_id))).toEqual(['already_downloaded']);

    const { browser } = await f.buyer();
    const declined = await f.buyPass(browser, await f.card(browser, 'card_declined'));
    const failedId = Number(errors(declined)[0]?.meta?.transaction_id);
    expect(codes(await refund(failedId))).toEqual(['not_paid']);
    expect((await refund(999_999)).statusCode).toBe(404);
  });

  it('a 3-D Secure payment stays paid when its bank page is answered "fail" after "succeed": its refund goes through', async () => {
    const { browser } = await f.buyer();
    const started = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser, 'authenticate'))).json());
    const bank = (result: 'succeed' | 'fail') =>
      browser.post(`/api/payments/test_cards/authentications/${started.payment_intent_id}`, { result });
    expect(purchaseResultSchema.parse((await bank('succeed')).json()).status).toBe('succeeded');
    const late = await bank('fail');
    expect(purchaseResultSchema.parse(late.json())).toMatchObject({ status: 'succeeded', transaction_id: started.transaction_id });
    const [payment] = await t.database.db
      .select()
      .from(testCardPayments)
      .where(eq(testCardPayments.id, started.payment_intent_id ?? ''));
    expect(payment).toMatchObject({ status: 'succeeded' });
    expect(transactionSchema.parse((await refund(started.transaction_id)).json())).toMatchObject({ status: 'refunded' });
  });

  it('a payment by the online wallet is refunded through the wallet', async () => {
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
    await browser.request({
      method: 'POST',
      url: started.approve_url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(
      purchaseResultSchema.parse(
        (await browser.post('/api/current_user/payments/confirm', { transaction_id: started.transaction_id })).json(),
      ).status,
    ).toBe('succeeded');
    expect((await refund(started.transaction_id)).statusCode).toBe(200);
  });
});
