import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../../common/accounts.ts';
import { agreementSchema, agreementsResponseSchema, availableForOperationsSchema } from '../../../common/agreements.ts';
import { planRequestSchema } from '../../../common/plan-requests.ts';
import { createAgreement } from '../../test/factories.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';
import { agreements } from './schema.ts';
import { agreementFixtures } from './test-support.ts';

const CURRENT = '/api/current_user/agreements';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  fixtures = agreementFixtures(t);
});
afterAll(() => t.close());

let fixtures: ReturnType<typeof agreementFixtures>;
const signedIn = (...args: Parameters<typeof fixtures.signedIn>) => fixtures.signedIn(...args);
const team = () => fixtures.team();
const requestForm = (overrides?: Record<string, unknown>) => fixtures.requestForm(overrides);

describe('GET /api/current_user/agreements', () => {
  it('a customer sees every agreement of theirs and their company’s, with balances and terms', async () => {
    const { home, member } = await team();
    const active = await createAgreement(t.database.db, {
      companyId: home.id,
      agreementType: 'enterprise_branded',
      liveAccess: true,
      billingPeriod: 'month',
      durationValue: 12,
      durationUnit: 'months',
      validTill: new Date('2027-11-01T00:00:00Z'),
      balances: [
        { kind: 'standard', amount: 200, refill: 200 },
        { kind: 'pool', amount: 30, refill: 30 },
      ],
    });
    const pending = await createAgreement(t.database.db, { companyId: home.id, agreementType: 'regional', status: 'user_accepting' });
    const answer = agreementsResponseSchema.parse((await member.browser.get(CURRENT)).json());
    expect(answer.has_unaccepted).toBe(false);
    expect(answer.agreements.map((agreement) => [agreement.id, agreement.status])).toEqual([
      [active.id, 'active'],
      [pending.id, 'user_accepting'],
    ]);
    expect(answer.agreements[0]).toMatchObject({
      agreement_type: 'enterprise_branded',
      owner: 'company',
      live_access: true,
      duration: { value: 12, unit: 'months' },
      balances: [
        { kind: 'standard', remaining: 200, total: 200, refills_monthly: true },
        { kind: 'pool', remaining: 30, total: 30, refills_monthly: true },
      ],
      // A member may not accept or change the company's agreements.
      can_accept: false,
    });
    expect(answer.agreements[1]?.can_accept).toBe(false);
  });

  it('anyone else sees only active agreements, and a flag that unaccepted ones exist', async () => {
    const { user, browser } = await signedIn({ userGroup: 'other' });
    await createAgreement(t.database.db, { userId: user.id, agreementType: 'bundle' });
    await createAgreement(t.database.db, { userId: user.id, agreementType: 'trial', status: 'user_accepting' });
    const answer = agreementsResponseSchema.parse((await browser.get(CURRENT)).json());
    expect(answer.agreements.map((agreement) => agreement.agreement_type)).toEqual(['bundle']);
    expect(answer.has_unaccepted).toBe(true);
  });

  it('a pass shows no limit on standard material and its pool balance', async () => {
    const { user, browser } = await signedIn({ userGroup: 'customer' });
    await createAgreement(t.database.db, { userId: user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: 10, refill: 10 }] });
    const [pass] = agreementsResponseSchema.parse((await browser.get(CURRENT)).json()).agreements;
    expect(pass?.balances).toEqual([
      { kind: 'standard', remaining: null, total: null, refills_monthly: false, valid_till: null },
      { kind: 'pool', remaining: 10, total: 10, refills_monthly: true, valid_till: null },
    ]);
  });

  it('a visitor is asked to sign in', async () => {
    expect((await new Browser(t.app).get(CURRENT)).statusCode).toBe(401);
  });
});

describe('POST /api/current_user/agreements/{id}/accepts', () => {
  it('the master accepts; a member gets the spec’s message; another company’s master gets 404; twice is refused', async () => {
    const { home, master, member, otherMaster } = await team();
    const pending = await createAgreement(t.database.db, { companyId: home.id, status: 'user_accepting' });
    const url = `${CURRENT}/${pending.id}/accepts`;

    const byMember = await member.browser.post(url);
    expect(byMember.statusCode).toBe(403);
    expect(errors(byMember)).toEqual([
      {
        code: 'company_agreement_unaccepted',
        message: 'You company has unaccepted agreement. Please, contact your Master account to approve it.',
      },
    ]);
    expect((await otherMaster.browser.post(url)).statusCode).toBe(404);

    const listed = agreementsResponseSchema.parse((await master.browser.get(CURRENT)).json());
    expect(listed.agreements.find((agreement) => agreement.id === pending.id)?.can_accept).toBe(true);

    const accepted = await master.browser.post(url);
    expect(accepted.statusCode).toBe(200);
    expect(agreementSchema.parse(accepted.json())).toMatchObject({ id: pending.id, status: 'active', can_accept: false });
    const [row] = await t.database.db.select().from(agreements).where(eq(agreements.id, pending.id));
    expect(row?.acceptedBy).toBe(master.user.id);

    const again = await master.browser.post(url);
    expect(again.statusCode).toBe(409);
    expect(codes(again)).toEqual(['agreement_already_accepted']);
  });

  it('an admin accepts any agreement; a made-up id is 404', async () => {
    const { home } = await team();
    const pending = await createAgreement(t.database.db, { companyId: home.id, status: 'user_accepting' });
    const admin = await signedIn({ isAdmin: true });
    expect((await admin.browser.post(`${CURRENT}/${pending.id}/accepts`)).json()).toMatchObject({ status: 'active' });
    expect((await admin.browser.post(`${CURRENT}/999999/accepts`)).statusCode).toBe(404);
    expect((await admin.browser.post(`${CURRENT}/abc/accepts`)).statusCode).toBe(422);
  });

  it('many accepts at once make one acceptance', async () => {
    const { home, master } = await team();
    const pending = await createAgreement(t.database.db, { companyId: home.id, status: 'user_accepting' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => master.browser.post(`${CURRENT}/${pending.id}/accepts`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
  });
});

describe('auto-renewal: opt_ins and opt_outs (spec §4 "Pass auto-renewal")', () => {
  it('opting out keeps the pass until its renewal date and drops the next invoice; opting in brings it back', async () => {
    const { user, browser } = await signedIn({ userGroup: 'customer' });
    const validTill = new Date('2027-10-01T00:00:00Z');
    const pass = await createAgreement(t.database.db, {
      userId: user.id,
      agreementType: 'pass',
      autoRenewal: true,
      renewalMonths: 12,
      validTill,
      nextInvoiceDate: '2027-10-01',
      nextInvoiceCents: 9600,
    });
    const out = agreementSchema.parse((await browser.post(`${CURRENT}/${pass.id}/opt_outs`)).json());
    expect(out).toMatchObject({ auto_renewal: false, status: 'active', valid_till: validTill.toISOString(), next_invoice: null });
    const back = agreementSchema.parse((await browser.post(`${CURRENT}/${pass.id}/opt_ins`)).json());
    expect(back).toMatchObject({ auto_renewal: true, next_invoice: { date: '2027-10-01', amount_cents: 9600, currency: 'EUR' } });
  });

  it('an agreement that does not renew refuses; a member may not change the company’s', async () => {
    const { home, member, master } = await team();
    const fixed = await createAgreement(t.database.db, { companyId: home.id, agreementType: 'bundle' });
    expect(codes(await master.browser.post(`${CURRENT}/${fixed.id}/opt_outs`))).toEqual(['renewal_not_available']);
    const renewing = await createAgreement(t.database.db, { companyId: home.id, renewalMonths: 12, autoRenewal: true });
    expect((await member.browser.post(`${CURRENT}/${renewing.id}/opt_outs`)).statusCode).toBe(403);
  });
});

describe('current_user agreement fields come from data', () => {
  it('types of agreements in force, only_one_off and has_limit_agreements', async () => {
    const { user, browser } = await signedIn({ userGroup: 'customer' });
    const fields = async () => currentUserSchema.parse((await browser.get('/api/current_user')).json());
    expect(await fields()).toMatchObject({ agreement_types: [], only_one_off: false, has_limit_agreements: false });
    await createAgreement(t.database.db, { userId: user.id, agreementType: 'one_off', videoProjectId: 1 });
    expect(await fields()).toMatchObject({ agreement_types: ['one_off'], only_one_off: true });
    await createAgreement(t.database.db, {
      userId: user.id,
      agreementType: 'pass',
      validTill: new Date(t.services.clock.now().getTime() - days(1)),
    });
    expect((await fields()).agreement_types).toEqual(['one_off']);

    const { home, member } = await team();
    await createAgreement(t.database.db, { companyId: home.id, balances: [{ kind: 'standard', amount: 5 }] });
    expect(currentUserSchema.parse((await member.browser.get('/api/current_user')).json())).toMatchObject({
      agreement_types: ['enterprise'],
      has_limit_agreements: true,
    });
  });
});

describe('available_for_operations and purchase_possibility', () => {
  it('lists agreements in force that can pay; a visitor’s list is empty', async () => {
    const { user, browser } = await signedIn({ userGroup: 'customer' });
    const usable = await createAgreement(t.database.db, { userId: user.id, balances: [{ kind: 'standard', amount: 3 }] });
    await createAgreement(t.database.db, { userId: user.id, status: 'user_accepting' });
    await createAgreement(t.database.db, { userId: user.id, status: 'expired' });
    const answer = availableForOperationsSchema.parse((await browser.get(`${CURRENT}/available_for_operations`)).json());
    expect(answer.agreements.map((agreement) => agreement.id)).toEqual([usable.id]);
    expect((await new Browser(t.app).get('/api/current_guest/agreements/available_for_operations')).json()).toEqual({ agreements: [] });
  });

  it('one pass per user (spec §5); a visitor must sign in; a client does not buy', async () => {
    const { user, browser } = await signedIn({ userGroup: 'customer' });
    const ask = (who: Browser, type: string) => who.get(`${CURRENT}/purchase_possibility?agreement_type=${type}`);
    expect((await ask(browser, 'pass')).json()).toEqual({ agreement_type: 'pass', possible: true, reason: null, mode: 'buy' });
    await createAgreement(t.database.db, { userId: user.id, agreementType: 'pass' });
    expect((await ask(browser, 'pass')).json()).toMatchObject({ possible: false, reason: 'pass_already_held' });
    expect((await ask(browser, 'one_off')).json()).toMatchObject({ possible: true });
    expect((await ask(new Browser(t.app), 'pass')).json()).toMatchObject({ possible: false, reason: 'sign_in_required' });
    const client = await signedIn({ userGroup: 'client' });
    expect((await ask(client.browser, 'one_off')).json()).toMatchObject({ possible: false, reason: 'client_account' });
    expect((await ask(browser, 'gold')).statusCode).toBe(422);
  });
});

describe('who may call what (one row per caller)', () => {
  it('guest, user, member, master, another company’s master and admin each get exactly their rights', async () => {
    const { home, master, member, otherMaster } = await team();
    const user = await signedIn({ userGroup: 'other' });
    const admin = await signedIn({ isAdmin: true });
    const callers = {
      guest: new Browser(t.app),
      user: user.browser,
      member: member.browser,
      master: master.browser,
      otherMaster: otherMaster.browser,
      admin: admin.browser,
    };
    const pendingFor = async () => (await createAgreement(t.database.db, { companyId: home.id, status: 'user_accepting' })).id;
    const request = async () =>
      planRequestSchema.parse((await new Browser(t.app).post('/api/agreement_requests', { agreement_request: await requestForm() })).json())
        .id;

    type Call = (who: Browser) => Promise<number>;
    const calls: Record<string, { call: Call; expected: Record<keyof typeof callers, number> }> = {
      'GET agreements': {
        call: async (who) => (await who.get(CURRENT)).statusCode,
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'POST accepts (the company’s)': {
        call: async (who) => (await who.post(`${CURRENT}/${await pendingFor()}/accepts`)).statusCode,
        expected: { guest: 401, user: 404, member: 403, master: 200, otherMaster: 404, admin: 200 },
      },
      'GET admin requests': {
        call: async (who) => (await who.get('/api/admin/agreement_requests')).statusCode,
        expected: { guest: 401, user: 403, member: 403, master: 403, otherMaster: 403, admin: 200 },
      },
      'POST approvals': {
        call: async (who) => (await who.post(`/api/admin/agreement_requests/${await request()}/approvals`, {})).statusCode,
        expected: { guest: 401, user: 403, member: 403, master: 403, otherMaster: 403, admin: 200 },
      },
      'POST guest request': {
        call: async (who) => (await who.post('/api/agreement_requests', { agreement_request: await requestForm() })).statusCode,
        expected: { guest: 201, user: 201, member: 201, master: 201, otherMaster: 201, admin: 201 },
      },
      'POST current_user request': {
        call: async (who) =>
          (await who.post('/api/current_user/agreement_requests', { agreement_request: await requestForm() })).statusCode,
        expected: { guest: 401, user: 201, member: 201, master: 201, otherMaster: 201, admin: 201 },
      },
    };
    for (const [name, { call, expected }] of Object.entries(calls)) {
      const got: Record<string, number> = {};
      for (const who of Object.keys(callers) as (keyof typeof callers)[]) got[who] = await call(callers[who]);
      expect({ name, got }).toEqual({ name, got: expected });
    }
  });
});
