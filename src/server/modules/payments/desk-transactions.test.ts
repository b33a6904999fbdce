import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskTransactionDetailSchema, deskTransactionsPageSchema } from '../../../common/desk-payments.ts';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, errors } from '../../test/http.ts';
import { recordOperation } from '../agreements/operations.ts';
import { auditLog } from '../desk/schema.ts';
import { videoOf } from '../downloads/test-support.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { testCardPayments } from './schema.ts';
import { paymentFixtures } from './test-support.ts';

/**
 * The sales desk's payments (issue 29): the authorisation table, the list's filters, a payment's
 * detail with what the refund rule says, refunds under the rule and past it with an audited
 * override, and a refund asked twice at once paid back once.
 */
let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  f = paymentFixtures(t);
  callers = await deskCallers(t);
});
afterAll(async () => t.close());

async function paidPass() {
  const buyer = await f.buyer();
  const result = purchaseResultSchema.parse((await f.buyPass(buyer.browser, await f.card(buyer.browser))).json());
  return { ...buyer, result };
}

const list = async (query: string) => deskTransactionsPageSchema.parse((await callers.sales.get(`/api/desk/transactions?${query}`)).json());
const detail = async (id: number) => deskTransactionDetailSchema.parse((await callers.sales.get(`/api/desk/transactions/${id}`)).json());
const refund = (id: number, body: Record<string, unknown> = {}) => callers.sales.post(`/api/desk/transactions/${id}/refunds`, body);
const audited = (id: number) =>
  t.database.db
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'transaction'), eq(auditLog.subjectId, String(id))))
    .orderBy(asc(auditLog.id));

describe('payments at the sales desk', () => {
  it('each caller gets exactly their rights', async () => {
    const { result } = await paidPass();
    const calls: Record<string, StatusCall> = {
      'GET the payments': {
        call: async (who) => (await who.get('/api/desk/transactions')).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'GET a payment': {
        call: async (who) => (await who.get(`/api/desk/transactions/${result.transaction_id}`)).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'POST a refund (each sales or admin caller a payment of its own)': {
        call: async (who) => (await who.post(`/api/desk/transactions/${(await paidPass()).result.transaction_id}/refunds`, {})).statusCode,
        expected: deskExpectation('sales', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it('finds payments by state, provider, period and customer', async () => {
    const { user, result } = await paidPass();
    const { browser } = await f.buyer();
    const declined = await f.buyPass(browser, await f.card(browser, 'card_declined'));
    const failedId = Number(errors(declined)[0]?.meta?.transaction_id);
    const today = t.services.clock.now().toISOString().slice(0, 10);
    const mine = await list(`customer=${encodeURIComponent(user.email)}`);
    expect(mine.transactions.map((row) => row.id)).toEqual([result.transaction_id]);
    expect(mine.transactions[0]).toMatchObject({ status: 'succeeded', provider: 'test', kind: 'pass', customer: { email: user.email } });
    expect((await list('status=failed')).transactions.map((row) => row.id)).toContain(failedId);
    expect((await list('status=failed')).transactions.every((row) => row.status === 'failed')).toBe(true);
    expect((await list(`from=${today}&to=${today}&provider=test`)).transactions.map((row) => row.id)).toContain(result.transaction_id);
    expect((await list('from=2001-01-01&to=2001-01-02')).transactions).toEqual([]);
    expect((await callers.sales.get('/api/desk/transactions?status=lost')).statusCode).toBe(422);
    expect((await callers.sales.get('/api/desk/transactions?from=yesterday')).statusCode).toBe(422);
    expect((await detail(failedId)).refund_block).toBe('not_paid');
  });

  it('refunds under the rule; past it only with an override and a reason, both in the audit log', async () => {
    const fresh = await paidPass();
    expect((await detail(fresh.result.transaction_id)).refund_block).toBeNull();
    expect((await refund(fresh.result.transaction_id)).statusCode).toBe(200);
    expect((await audited(fresh.result.transaction_id)).map((entry) => entry.action)).toEqual(['transaction.refund']);
    expect((await detail(fresh.result.transaction_id)).refund_block).toBe('already_refunded');

    const used = await paidPass();
    await recordOperation(t.database.db, {
      agreementId: used.result.agreement_id ?? 0,
      kind: 'pool',
      type: 'download',
      amount: -1,
      at: t.services.clock.now(),
    });
    expect((await detail(used.result.transaction_id)).refund_block).toBe('already_downloaded');
    expect(codes(await refund(used.result.transaction_id))).toEqual(['already_downloaded']);
    expect((await refund(used.result.transaction_id, { override: true })).statusCode).toBe(422);
    const reason = 'The file was unusable: a broken master, replaced by the newsroom';
    expect((await refund(used.result.transaction_id, { override: true, reason })).statusCode).toBe(200);
    const [entry] = await audited(used.result.transaction_id);
    expect(entry).toMatchObject({ action: 'transaction.refund_override', after: { overridden: 'already_downloaded', reason } });
  });

  it('a one-off licence whose video was downloaded is not refunded under the rule (its download takes no balance)', async () => {
    const { browser } = await f.buyer();
    const video = await videoOf(t, 'paid');
    const bought = purchaseResultSchema.parse((await f.buyVideo(browser, video, await f.card(browser))).json());
    expect((await detail(bought.transaction_id)).refund_block).toBeNull();
    expect(
      (await browser.post(`/api/content/video_projects/${video}/videos/download`, { restrictions_accepted: true, quality: 'sd' }))
        .statusCode,
    ).toBe(200);
    expect((await detail(bought.transaction_id)).refund_block).toBe('already_downloaded');
  });

  it('a refund asked twice at once pays back once', async () => {
    const { result } = await paidPass();
    const answers = await Promise.all([
      refund(result.transaction_id),
      callers.admin.post(`/api/desk/transactions/${result.transaction_id}/refunds`, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [payment] = await t.database.db
      .select()
      .from(testCardPayments)
      .where(eq(testCardPayments.id, result.payment_intent_id ?? ''));
    expect(payment?.refundedCents).toBe(payment?.amountCents);
    expect(await audited(result.transaction_id)).toHaveLength(1);
  });
});
