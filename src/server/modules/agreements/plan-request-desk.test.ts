import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskPlanRequestsResponseSchema, planRequestSchema } from '../../../common/plan-requests.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, mailbox } from '../../test/http.ts';
import { auditLog } from '../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { agreementBalances, agreements } from './schema.ts';
import { agreementFixtures } from './test-support.ts';

/**
 * The sales desk's plan requests (issue 29): the authorisation table, the queue with who asked,
 * an approval with the first balances the desk chose, a decline whose reason reaches the requester,
 * each in the audit log; two approvals at once make one agreement.
 */
let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
let fixtures: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
  fixtures = agreementFixtures(t);
});
afterAll(async () => t.close());

async function newRequest() {
  const form = await fixtures.requestForm();
  const created = await new Browser(t.app).post('/api/agreement_requests?locale=en', { agreement_request: form });
  expect(created.statusCode).toBe(201);
  return { form, request: planRequestSchema.parse(created.json()) };
}

const BALANCES = { balances: { standard: 40, pool: 8, spherical: 0 } };

describe('plan requests at the sales desk', () => {
  it('each caller gets exactly their rights', async () => {
    const calls: Record<string, StatusCall> = {
      'GET the queue': {
        call: async (who) => (await who.get('/api/desk/plan_requests')).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'POST an approval': {
        call: async (who) => (await who.post(`/api/desk/plan_requests/${(await newRequest()).request.id}/approvals`, BALANCES)).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'POST a rejection': {
        call: async (who) =>
          (await who.post(`/api/desk/plan_requests/${(await newRequest()).request.id}/rejections`, { reason: 'Not a newsroom' }))
            .statusCode,
        expected: deskExpectation('sales', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it('lists the waiting requests first, with who asked', async () => {
    const { form, request } = await newRequest();
    const queue = deskPlanRequestsResponseSchema.parse((await callers.sales.get('/api/desk/plan_requests?status=processing')).json());
    expect(queue.requests.every((row) => row.status === 'processing')).toBe(true);
    expect(queue.requests.find((row) => row.id === request.id)).toMatchObject({
      email: form.email,
      first_name: form.first_name,
      company_name: form.company_name,
      country_code: 'DE',
      plan: 'enterprise',
    });
    const all = deskPlanRequestsResponseSchema.parse((await callers.sales.get('/api/desk/plan_requests')).json()).requests;
    const firstDecided = all.findIndex((row) => row.status !== 'processing');
    expect(firstDecided === -1 || all.slice(firstDecided).every((row) => row.status !== 'processing')).toBe(true);
    expect((await callers.sales.get('/api/desk/plan_requests?status=nope')).statusCode).toBe(422);
  });

  it('an approval makes the agreement with the balances the desk chose, once, whoever clicks at the same moment', async () => {
    const { request } = await newRequest();
    const answers = await Promise.all([
      callers.sales.post(`/api/desk/plan_requests/${request.id}/approvals`, BALANCES),
      callers.admin.post(`/api/desk/plan_requests/${request.id}/approvals`, BALANCES),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const made = await t.database.db.select().from(agreements).where(eq(agreements.requestId, request.id));
    expect(made).toHaveLength(1);
    const balances = await t.database.db
      .select({ kind: agreementBalances.kind, amount: agreementBalances.amount })
      .from(agreementBalances)
      .where(eq(agreementBalances.agreementId, made[0]?.id ?? 0))
      .orderBy(asc(agreementBalances.kind));
    expect(balances).toEqual([
      { kind: 'pool', amount: 8 },
      { kind: 'spherical', amount: 0 },
      { kind: 'standard', amount: 40 },
    ]);
    const entries = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'plan_request'), eq(auditLog.subjectId, String(request.id))));
    expect(entries).toEqual([{ action: 'plan_request.approve' }]);
  });

  it('a decline says why to the requester; it needs a reason; a decided request is not decided again', async () => {
    const { form, request } = await newRequest();
    expect(codes(await callers.sales.post(`/api/desk/plan_requests/${request.id}/rejections`, { reason: '  ' }))).toEqual(['required']);
    const reason = 'We license to news organisations only; please write to us from your newsroom address.';
    const declined = planRequestSchema.parse(
      (await callers.sales.post(`/api/desk/plan_requests/${request.id}/rejections`, { reason })).json(),
    );
    expect(declined.status).toBe('failed_to_qualify');
    await expect.poll(async () => (await mailbox(t.app)).some((mail) => mail.to === form.email && mail.text.includes(reason))).toBe(true);
    expect(codes(await callers.sales.post(`/api/desk/plan_requests/${request.id}/approvals`, BALANCES))).toEqual([
      'agreement_request_decided',
    ]);
    expect(
      (await callers.sales.post(`/api/desk/plan_requests/${request.id}/approvals`, { balances: { standard: -1, pool: 0, spherical: 0 } }))
        .statusCode,
    ).toBe(422);
  });
});
