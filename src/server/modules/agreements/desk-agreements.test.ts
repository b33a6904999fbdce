import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementSchema, agreementsResponseSchema } from '../../../common/agreements.ts';
import type { DeskAgreementTermsInput } from '../../../common/desk-agreements.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, type Browser } from '../../test/http.ts';
import { auditLog } from '../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { videoOf } from '../downloads/test-support.ts';
import { agreementFixtures } from './test-support.ts';

/**
 * Agreements at the business desk (issue 29): the authorisation table; an enterprise agreement
 * made for a company waits for its master, who accepts it, and a member's download uses its
 * balance; a change waits for acceptance again; a top-up adds; a deactivation ends it; bad terms
 * are 422; each step is in the audit log.
 */
let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const TERMS: DeskAgreementTermsInput = {
  agreement_type: 'enterprise',
  live_access: true,
  vod_access: true,
  access: 'all_content',
  balances: [{ kind: 'standard', amount: 10, refill: 10 }],
  start_date: '2026-11-01',
  valid_till: '2027-10-31',
  billing_period: 'month',
  duration: { value: 12, unit: 'months' },
  archival_days: null,
  auto_renewal: false,
  renewal_months: null,
  currency: 'EUR',
  next_invoice_date: '2026-12-01',
  next_invoice_cents: 120_000,
  top_up_price_cents: 900,
  platform_urls: ['https://news.example.com'],
};

const create = (who: Browser, companyId: number, terms: DeskAgreementTermsInput = TERMS) =>
  who.post('/api/desk/agreements', { owner: { company_id: companyId }, terms });
const made = async (companyId: number) => agreementSchema.parse((await create(callers.sales, companyId)).json());

describe('agreements at the business desk', () => {
  it('each caller gets exactly their rights', async () => {
    const { home } = await a.team();
    const calls: Record<string, StatusCall> = {
      'POST an agreement': { call: async (who) => (await create(who, home.id)).statusCode, expected: deskExpectation('sales', 201) },
      'PATCH its terms': {
        call: async (who) =>
          (await who.request({ method: 'PATCH', url: `/api/desk/agreements/${(await made(home.id)).id}`, payload: { terms: TERMS } }))
            .statusCode,
        expected: deskExpectation('sales', 200),
      },
      'POST a top-up': {
        call: async (who) =>
          (await who.post(`/api/desk/agreements/${(await made(home.id)).id}/top_ups`, { kind: 'standard', amount: 5 })).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'POST a deactivation': {
        call: async (who) => (await who.post(`/api/desk/agreements/${(await made(home.id)).id}/deactivation`)).statusCode,
        expected: deskExpectation('sales', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it("made for a company, it waits for the master, who accepts it; a member's download uses its balance", async () => {
    const { home, master, member } = await a.team();
    const answer = await create(callers.sales, home.id);
    expect(answer.statusCode).toBe(201);
    const agreement = agreementSchema.parse(answer.json());
    // Unattended delivery is off unless the desk allows it (issue 30).
    expect(agreement).toMatchObject({
      status: 'user_accepting',
      agreement_type: 'enterprise',
      owner: 'company',
      can_accept: true,
      unattended_delivery: false,
    });
    const allowed = await callers.sales.patch(`/api/desk/agreements/${agreement.id}`, { terms: { ...TERMS, unattended_delivery: true } });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(agreementSchema.parse(allowed.json()).unattended_delivery).toBe(true);
    const seen = agreementsResponseSchema.parse((await master.browser.get('/api/current_user/agreements')).json()).agreements;
    expect(seen.find((row) => row.id === agreement.id)?.can_accept).toBe(true);
    expect((await master.browser.post(`/api/current_user/agreements/${agreement.id}/accepts`)).statusCode).toBe(200);

    const video = await videoOf(t, 'paid');
    const downloaded = await member.browser.post(`/api/content/video_projects/${video}/videos/download`, {
      restrictions_accepted: true,
      quality: 'sd',
    });
    expect(downloaded.statusCode).toBe(200);
    const after = agreementsResponseSchema.parse((await master.browser.get('/api/current_user/agreements')).json()).agreements;
    expect(after.find((row) => row.id === agreement.id)?.balances.find((balance) => balance.kind === 'standard')?.remaining).toBe(9);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'agreement'), eq(auditLog.subjectId, String(agreement.id))))
      .orderBy(asc(auditLog.id));
    expect(actions).toEqual([{ action: 'agreement.create' }, { action: 'agreement.change' }]);
  });

  it('a registered person it is made for becomes a customer, and sees it waiting for their acceptance', async () => {
    const { user, browser } = await a.signedIn({ userGroup: 'other' });
    const answer = await callers.sales.post('/api/desk/agreements', { owner: { user_id: user.id }, terms: TERMS });
    expect(answer.statusCode).toBe(201);
    const mine = agreementsResponseSchema.parse((await browser.get('/api/current_user/agreements')).json());
    expect(mine.agreements.map((row) => [row.owner, row.status, row.can_accept])).toEqual([['user', 'user_accepting', true]]);
  });

  it('a change waits for acceptance again; a top-up adds to the balance; a deactivation serves no one', async () => {
    const { home, master } = await a.team();
    const agreement = await made(home.id);
    await master.browser.post(`/api/current_user/agreements/${agreement.id}/accepts`);
    const changed = agreementSchema.parse(
      (
        await callers.sales.request({
          method: 'PATCH',
          url: `/api/desk/agreements/${agreement.id}`,
          payload: {
            terms: {
              ...TERMS,
              agreement_type: 'enterprise_branded',
              balances: [
                { kind: 'standard', amount: 10, refill: 20 },
                { kind: 'pool', amount: 4, refill: null },
              ],
            },
          },
        })
      ).json(),
    );
    expect(changed).toMatchObject({ status: 'user_accepting', agreement_type: 'enterprise_branded' });
    expect(changed.balances.map((balance) => [balance.kind, balance.remaining])).toEqual([
      ['standard', 10],
      ['pool', 4],
    ]);
    const topped = agreementSchema.parse(
      (await callers.sales.post(`/api/desk/agreements/${agreement.id}/top_ups`, { kind: 'pool', amount: 6 })).json(),
    );
    expect(topped.balances.find((balance) => balance.kind === 'pool')?.remaining).toBe(10);
    expect(codes(await callers.sales.post(`/api/desk/agreements/${agreement.id}/top_ups`, { kind: 'spherical', amount: 1 }))).toEqual([
      'no_such_balance',
    ]);
    const ended = agreementSchema.parse((await callers.sales.post(`/api/desk/agreements/${agreement.id}/deactivation`)).json());
    expect(ended.status).toBe('deactivated');
    expect(codes(await callers.sales.post(`/api/desk/agreements/${agreement.id}/deactivation`))).toEqual(['agreement_deactivated']);
  });

  it('refuses terms that do not hold, and an owner who is not a customer of their own', async () => {
    const { home, member } = await a.team();
    const refused = async (terms: Partial<DeskAgreementTermsInput>) =>
      (await create(callers.sales, home.id, { ...TERMS, ...terms })).statusCode;
    expect(await refused({ valid_till: '2026-10-01' })).toBe(422);
    expect(await refused({ agreement_type: 'one_off' as 'pass' })).toBe(422);
    expect(await refused({ agreement_type: 'pass', platform_urls: ['https://a.example', 'https://b.example', 'https://c.example'] })).toBe(
      422,
    );
    expect(await refused({ platform_urls: ['not a url'] })).toBe(422);
    expect(await refused({ auto_renewal: true, renewal_months: null })).toBe(422);
    expect(await refused({ balances: [{ kind: 'standard', amount: -1, refill: null }] })).toBe(422);
    expect(codes(await callers.sales.post('/api/desk/agreements', { owner: { user_id: member.user.id }, terms: TERMS }))).toEqual([
      'owner_not_found',
    ]);
    expect(codes(await callers.sales.post('/api/desk/agreements', { owner: { company_id: 999_999 }, terms: TERMS }))).toEqual([
      'owner_not_found',
    ]);
  });
});
