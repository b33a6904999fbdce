import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementsResponseSchema, availableForOperationsSchema, purchasePossibilitySchema } from '../../../common/agreements.ts';
import { currentUserSchema } from '../../../common/accounts.ts';
import { passApplicationSchema, passApplicationsResponseSchema } from '../../../common/pass-applications.ts';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, days, minutes, type TestApp } from '../../test/harness.ts';
import { codes, type Browser } from '../../test/http.ts';
import { agreementBalances, agreements } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { auditLog } from '../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable } from '../desk/test-support.ts';
import { videoOf } from '../downloads/test-support.ts';
import { mailOutbox } from '../mail/schema.ts';
import { testCardPayments, transactions } from './schema.ts';
import { paymentFixtures } from './test-support.ts';

/**
 * Applying for a pass (docs/decisions.md "Applying for a pass (issue 25)"): with PASS_VERIFICATION
 * = first, an account's first pass is paid and waits in verification until the sales desk approves
 * or declines it; an account that held a pass buys the next at once.
 */
let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
let a: ReturnType<typeof agreementFixtures>;
let sales: Awaited<ReturnType<ReturnType<typeof agreementFixtures>['signedIn']>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PASS_VERIFICATION: 'first' } });
  f = paymentFixtures(t);
  a = agreementFixtures(t);
  sales = await a.signedIn({ isAdmin: true, deskRoles: ['sales'] });
});
afterAll(async () => t.close());

const db = () => t.database.db;
/** The sales desk, from a fresh session (the tests move the clock past sessions' idle time). */
const desk = () => f.signInAgain(sales.user, '10.8.8.8');
const approve = async (id: number) => (await desk()).post(`/api/desk/pass_applications/${id}/approvals`);
const decline = async (id: number, reason = 'Not a media organisation') =>
  (await desk()).post(`/api/desk/pass_applications/${id}/declines`, { reason });

const possibility = async (browser: Browser) =>
  purchasePossibilitySchema.parse(
    (await browser.get('/api/current_user/agreements/purchase_possibility', { query: { agreement_type: 'pass' } })).json(),
  );

async function applied() {
  const buyer = await f.buyer();
  const answer = await f.buyPass(buyer.browser, await f.card(buyer.browser));
  expect(answer.statusCode).toBe(200);
  const result = purchaseResultSchema.parse(answer.json());
  return { ...buyer, result, id: result.agreement_id ?? 0 };
}

const agreementOf = async (id: number) => (await db().select().from(agreements).where(eq(agreements.id, id)))[0];
const mailTo = async (email: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((message) => `${message.subject}\n${message.text}`).join('\n');

const download = (browser: Browser, projectId: number) =>
  browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
    restrictions_accepted: true,
    quality: 'hd',
    file_type: 'mp4',
    video_format: 'clean',
  });

describe('who applies and who buys', () => {
  it('a new account applies: paid, the pass waits in processing with no term, and the buyer is told 2–4 hours', async () => {
    const buyer = await f.buyer();
    expect(await possibility(buyer.browser)).toEqual({ agreement_type: 'pass', possible: true, reason: null, mode: 'apply' });
    const answer = await f.buyPass(buyer.browser, await f.card(buyer.browser));
    const result = purchaseResultSchema.parse(answer.json());
    expect(result).toMatchObject({ status: 'succeeded', verification: true });
    expect(await agreementOf(result.agreement_id ?? 0)).toMatchObject({
      agreementType: 'pass',
      status: 'processing',
      startDate: null,
      validTill: null,
      nextInvoiceDate: null,
    });
    const [payment] = await db().select().from(transactions).where(eq(transactions.id, result.transaction_id));
    expect(payment).toMatchObject({ status: 'succeeded', periodStart: null, periodEnd: null });
    // Shown on the plan details to every applicant, whatever their group (only active agreements otherwise).
    const listed = agreementsResponseSchema.parse((await buyer.browser.get('/api/current_user/agreements')).json());
    expect(listed.agreements).toEqual([
      expect.objectContaining({ agreement_type: 'pass', status: 'processing', can_change_renewal: false }),
    ]);
    const mail = await mailTo(buyer.user.email);
    expect(mail).toContain('2–4 hours, up to one working day');
    expect(mail).not.toContain('Payment Successful');
  });

  it('an account that held a pass (expired), or whose company did, buys the next one at once', async () => {
    const returning = await f.buyer();
    await createAgreement(db(), {
      userId: returning.user.id,
      agreementType: 'pass',
      status: 'expired',
      startDate: '2025-01-01',
      validTill: new Date('2026-01-01'),
    });
    expect((await possibility(returning.browser)).mode).toBe('buy');
    const result = purchaseResultSchema.parse((await f.buyPass(returning.browser, await f.card(returning.browser))).json());
    expect(result).toMatchObject({ status: 'succeeded', verification: false });
    expect(await agreementOf(result.agreement_id ?? 0)).toMatchObject({ status: 'active', startDate: '2026-11-22' });

    const { master, member } = await a.team();
    await createAgreement(db(), { userId: master.user.id, agreementType: 'pass', status: 'deactivated', startDate: '2025-01-01' });
    expect((await possibility(member.browser)).mode).toBe('buy');
  });

  it('an application refunded before its approval (the admin refund) is no pass held either', async () => {
    const first = await applied();
    const admin = await a.signedIn({ isAdmin: true, deskRoles: ['sales'] });
    expect((await admin.browser.post(`/api/admin/payments/transactions/${first.result.transaction_id}/refunds`)).statusCode).toBe(200);
    expect(await possibility(first.browser)).toMatchObject({ possible: true, mode: 'apply' });
  });

  it('an application that failed to qualify is no pass held: the account applies again', async () => {
    const first = await applied();
    expect((await decline(first.id)).statusCode).toBe(200);
    expect(await possibility(first.browser)).toMatchObject({ possible: true, mode: 'apply' });
  });
});

describe('while the application waits', () => {
  it('grants nothing: no agreement for operations, no pass in the user’s agreement types, no download', async () => {
    const { browser, user } = await applied();
    const usable = availableForOperationsSchema.parse((await browser.get('/api/current_user/agreements/available_for_operations')).json());
    expect(usable.agreements).toEqual([]);
    const me = currentUserSchema.parse((await browser.get('/api/current_user')).json());
    expect(me.agreement_types).not.toContain('pass');
    const refused = await download(browser, await videoOf(t, 'paid'));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const balances = await db().select().from(agreementBalances).innerJoin(agreements, eq(agreements.id, agreementBalances.agreementId));
    expect(balances.filter((row) => row.agreements.userId === user.id)).toEqual([]);
  });

  it('holds the place: no second application (one pass per user)', async () => {
    const { browser } = await applied();
    expect(await possibility(browser)).toMatchObject({ possible: false, reason: 'pass_in_verification' });
    const second = await f.buyPass(browser, await f.card(browser));
    expect(second.statusCode).toBe(409);
    expect(codes(second)).toEqual(['pass_in_verification']);
  });
});

describe('the desk decides', () => {
  it('approval activates the pass with its term, balance and invoice from the approval; downloads work', async () => {
    const { user, id, result } = await applied();
    t.services.clock.advance(minutes(180));
    const approvedAt = t.services.clock.now();
    const answer = await approve(id);
    expect(answer.statusCode).toBe(200);
    expect(passApplicationSchema.parse(answer.json())).toMatchObject({ id, status: 'active', decided_by: sales.user.email });
    const pass = await agreementOf(id);
    const yearLater = new Date(approvedAt);
    yearLater.setUTCMonth(yearLater.getUTCMonth() + 12);
    expect(pass).toMatchObject({ status: 'active', startDate: approvedAt.toISOString().slice(0, 10), verifiedBy: sales.user.id });
    expect(pass?.validTill?.toISOString()).toBe(yearLater.toISOString());
    expect(pass?.nextInvoiceDate).toBe(yearLater.toISOString().slice(0, 10));
    const [payment] = await db().select().from(transactions).where(eq(transactions.id, result.transaction_id));
    expect(payment?.periodStart).toBe(approvedAt.toISOString().slice(0, 10));
    const browser = await f.signInAgain(user, '10.7.7.7');
    expect((await download(browser, await videoOf(t, 'paid'))).statusCode).toBe(200);
    const [pool] = await db()
      .select()
      .from(agreementBalances)
      .where(and(eq(agreementBalances.agreementId, id), eq(agreementBalances.kind, 'pool')));
    expect(pool?.amount).toBe(10);
    expect(await mailTo(user.email)).toContain('Your Pass is active');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'agreement'), eq(auditLog.subjectId, String(id))));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'pass_application.approve', subjectType: 'agreement', actorId: sales.user.id }),
    ]);
    // Approved once: a second approval or a decline now is a conflict.
    expect(codes(await approve(id))).toEqual(['pass_application_decided']);
    expect(codes(await decline(id))).toEqual(['pass_application_decided']);
  });

  it('a decline refunds once through the card provider, even asked five times at once; the buyer is told 5–15 business days', async () => {
    const { user, id, result } = await applied();
    const answers = await Promise.all(Array.from({ length: 5 }, () => decline(id, 'Outside the media sector')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const [payment] = await db()
      .select()
      .from(testCardPayments)
      .where(eq(testCardPayments.id, result.payment_intent_id ?? ''));
    expect(payment).toMatchObject({ refundedCents: 11_424 });
    expect(await agreementOf(id)).toMatchObject({
      status: 'failed_to_qualify',
      declineReason: 'Outside the media sector',
      autoRenewal: false,
    });
    const [transaction] = await db().select().from(transactions).where(eq(transactions.id, result.transaction_id));
    expect(transaction?.status).toBe('refunded');
    const mail = await mailTo(user.email);
    expect(mail).toContain('failed to qualify');
    expect(mail).toContain('5–15 business days');
    expect(mail.match(/failed to qualify/g)?.length).toBe(2);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        or(
          and(eq(auditLog.subjectType, 'agreement'), eq(auditLog.subjectId, String(id))),
          and(eq(auditLog.subjectType, 'transaction'), eq(auditLog.subjectId, String(result.transaction_id))),
        ),
      );
    expect(audit.map((entry) => entry.action).sort()).toEqual(['pass_application.decline', 'pass_application.refund']);
  });

  it('a decline refunds even past the 14-day refund window (the order was never granted)', async () => {
    const { id, result } = await applied();
    t.services.clock.advance(days(20));
    expect((await decline(id)).statusCode).toBe(200);
    const [transaction] = await db().select().from(transactions).where(eq(transactions.id, result.transaction_id));
    expect(transaction?.status).toBe('refunded');
  });

  it('an approval and a decline at once: one of them happens', async () => {
    const { id } = await applied();
    const answers = await Promise.all([approve(id), decline(id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const status = (await agreementOf(id))?.status;
    const [payment] = await db().select().from(transactions).where(eq(transactions.agreementId, id));
    expect(payment?.status).toBe(status === 'active' ? 'succeeded' : 'refunded');
  });

  it('two approvals at once: one approval, one balance, one e-mail', async () => {
    const { id, user } = await applied();
    const answers = await Promise.all([approve(id), approve(id), approve(id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await db().select().from(agreementBalances).where(eq(agreementBalances.agreementId, id))).toHaveLength(1);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.filter((mail) => mail.subject.startsWith('Your Pass is active'))).toHaveLength(1);
  });

  it('the list shows the waiting first, oldest first, then the decided with their reason', async () => {
    const older = await applied();
    t.services.clock.advance(minutes(1));
    const newer = await applied();
    const declined = await applied();
    expect((await decline(declined.id, 'Reason kept')).statusCode).toBe(200);
    const list = passApplicationsResponseSchema.parse((await (await desk()).get('/api/desk/pass_applications')).json()).applications;
    const waiting = list.filter((application) => application.status === 'processing').map((application) => application.id);
    expect(waiting.indexOf(older.id)).toBeLessThan(waiting.indexOf(newer.id));
    expect(list.findIndex((application) => application.status !== 'processing')).toBe(waiting.length);
    expect(list.find((application) => application.id === declined.id)).toMatchObject({
      status: 'failed_to_qualify',
      decline_reason: 'Reason kept',
      payment_status: 'refunded',
      project_name: 'Canal Sur Noticias',
      applicant: { email: declined.user.email },
    });
  });

  it('bad input is a 4xx: no reason, a pass that is no application, an unknown id', async () => {
    const { id } = await applied();
    const noReason = await (await desk()).post(`/api/desk/pass_applications/${id}/declines`, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ errors: [expect.objectContaining({ code: 'required', field: 'reason' })] });
    const bought = await f.buyer();
    const pass = await createAgreement(db(), { userId: bought.user.id, agreementType: 'pass', status: 'active' });
    expect(codes(await approve(pass.id))).toEqual(['pass_application_not_found']);
    expect((await approve(99_999_999)).statusCode).toBe(404);
    expect((await (await desk()).post(`/api/desk/pass_applications/abc/approvals`)).statusCode).toBe(422);
  });
});

describe('who may call the pass applications desk', () => {
  it('sales and admin staff only; customers and other staff are refused', async () => {
    const callers = await deskCallers(t);
    const fresh = async () => (await applied()).id;
    const { answers, expected } = await statusTable(
      {
        'GET list': {
          call: async (who) => (await who.get('/api/desk/pass_applications')).statusCode,
          expected: deskExpectation('sales', 200),
        },
        'POST approval': {
          call: async (who) => (await who.post(`/api/desk/pass_applications/${await fresh()}/approvals`)).statusCode,
          expected: deskExpectation('sales', 200),
        },
        'POST decline': {
          call: async (who) => (await who.post(`/api/desk/pass_applications/${await fresh()}/declines`, { reason: 'No' })).statusCode,
          expected: deskExpectation('sales', 200),
        },
      },
      callers,
    );
    expect(answers).toEqual(expected);
  });
});

describe('PASS_VERIFICATION=off', () => {
  it('every pass is active at once, and the browser is told to buy', async () => {
    const off = await createTestApp({ env: { PASS_VERIFICATION: 'off' } });
    try {
      const g = paymentFixtures(off);
      const buyer = await g.buyer();
      const mode = purchasePossibilitySchema.parse(
        (await buyer.browser.get('/api/current_user/agreements/purchase_possibility', { query: { agreement_type: 'pass' } })).json(),
      ).mode;
      expect(mode).toBe('buy');
      const result = purchaseResultSchema.parse((await g.buyPass(buyer.browser, await g.card(buyer.browser), randomUUID())).json());
      expect(result).toMatchObject({ status: 'succeeded', verification: false });
      const [pass] = await off.database.db
        .select()
        .from(agreements)
        .where(eq(agreements.id, result.agreement_id ?? 0));
      expect(pass?.status).toBe('active');
    } finally {
      await off.close();
    }
  });
});
