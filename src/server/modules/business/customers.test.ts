import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDetailSchema, customerPlanDetailsSchema, customersPageSchema } from '../../../common/customers.ts';
import { createAgreement, createSessionToken, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, mailbox } from '../../test/http.ts';
import { companies, sessions, users } from '../accounts/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { auditLog } from '../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable, type DeskCaller, type StatusCall } from '../desk/test-support.ts';

/**
 * The business desk's customers (issue 29): the authorisation table over every call, search by
 * name, e-mail, company, VAT id and country, a customer's page, and the desk's actions with their
 * effects (sessions end, a mail goes out, the lock is gone) and their audit entries.
 */
let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
});
afterAll(async () => t.close());

const search = async (q: string) =>
  customersPageSchema.parse((await callers.sales.get(`/api/desk/customers?q=${encodeURIComponent(q)}`)).json());

describe('customers at the business desk', () => {
  it('each caller gets exactly their rights: the sales role and admins; staff without it 403; everyone else finds no desk', async () => {
    const someone = await createUser(t.database.db, { email: `table-${Date.now()}@newsroom.example` });
    const calls: Record<string, StatusCall> = {
      'GET the customers': {
        call: async (who) => (await who.get('/api/desk/customers?q=newsroom')).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'GET a customer': {
        call: async (who) => (await who.get(`/api/desk/customers/${someone.id}`)).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'GET what a customer sees of their plan': {
        call: async (who) => (await who.get(`/api/desk/customers/${someone.id}/plan_details`)).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'POST unlock (not locked: 409)': {
        call: async (who) => (await who.post(`/api/desk/customers/${someone.id}/unlock`)).statusCode,
        expected: deskExpectation('sales', 409),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it('finds by a word of the name, the e-mail, the company, its VAT id and the country; staff are not customers', async () => {
    const [company] = await t.database.db.insert(companies).values({ name: 'Rheinblick Medien GmbH', vatId: 'DE987654321' }).returning();
    const found = await createUser(t.database.db, {
      firstName: 'Hanna',
      lastName: 'Quellmalz',
      email: `hanna-${Date.now()}@rheinblick.example`,
      companyId: company?.id,
      companyRole: 'master',
      userGroup: 'customer',
    });
    for (const q of ['Quellmalz', 'hanna q', 'rheinblick.example', 'Rheinblick Medien', 'DE987654321'])
      expect(
        (await search(q)).customers.map((row) => row.id),
        q,
      ).toContain(found.id);
    const [hit] = (await search('Quellmalz')).customers;
    expect(hit).toMatchObject({
      name: 'Hanna Quellmalz',
      company: { name: 'Rheinblick Medien GmbH', vat_id: 'DE987654321', role: 'master' },
      state: 'active',
    });
    expect((await search(`_${'%'}`)).customers.map((row) => row.id)).not.toContain(found.id);
    const staffIds = [callers.ids.sales, callers.ids.admin, callers.ids.editor];
    expect((await search('')).customers.some((row) => staffIds.includes(row.id))).toBe(false);
    expect((await callers.sales.get(`/api/desk/customers/${callers.ids.editor}`)).statusCode).toBe(404);
    expect((await callers.sales.get('/api/desk/customers?page=0')).statusCode).toBe(422);
  });

  it("a customer's page: profile, company and members, agreements with balances, downloads, payments, lists, sign-ins", async () => {
    const [company] = await t.database.db
      .insert(companies)
      .values({ name: `Desk Co ${Date.now()}` })
      .returning();
    const master = await createUser(t.database.db, { companyId: company?.id, companyRole: 'master', userGroup: 'customer' });
    const member = await createUser(t.database.db, { companyId: company?.id, companyRole: 'member', userGroup: 'customer' });
    await createAgreement(
      t.database.db,
      { companyId: company?.id, agreementType: 'enterprise', balances: [{ kind: 'standard', amount: 40, refill: 40 }] },
      t.services.clock.now(),
    );
    await createSessionToken(t.database.db, member, t.services.clock.now());
    const detail = customerDetailSchema.parse((await callers.sales.get(`/api/desk/customers/${member.id}`)).json());
    expect(detail.company?.role).toBe('member');
    expect(detail.members.map((row) => [row.id, row.role])).toEqual([
      [master.id, 'master'],
      [member.id, 'member'],
    ]);
    expect(detail.agreements).toHaveLength(1);
    expect(detail.agreements[0]?.balances.find((balance) => balance.kind === 'standard')?.remaining).toBe(40);
    expect(detail.sign_ins).toHaveLength(1);
    expect(detail).toMatchObject({ downloads: { total: 0, recent: [] }, transactions: [], lists_count: 0 });
  });
});

describe("the desk's actions on an account", () => {
  const act = (who: DeskCaller, id: number, action: string) => callers[who].post(`/api/desk/customers/${id}/${action}`);
  const audit = (id: number) =>
    t.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'customer'), eq(auditLog.subjectId, String(id))))
      .orderBy(asc(auditLog.id));

  it('what a customer sees of their plan: the very agreements and requests their own plan details page is answered', async () => {
    const { home, master } = await agreementFixtures(t).team();
    await createAgreement(t.database.db, { companyId: home.id, status: 'user_accepting', balances: [{ kind: 'pool', amount: 10 }] });
    const own = (await master.browser.get('/api/current_user/agreements')).json<{ agreements: { status: string }[] }>();
    const seen = customerPlanDetailsSchema.parse((await callers.sales.get(`/api/desk/customers/${master.user.id}/plan_details`)).json());
    expect(seen.agreements).toEqual(own);
    expect(seen.agreements.agreements.map((agreement) => agreement.status)).toEqual(['user_accepting']);
    expect(seen.plan_requests).toEqual((await master.browser.get('/api/current_user/agreement_requests')).json());
    expect((await callers.sales.get(`/api/desk/customers/${callers.ids.editor}/plan_details`)).statusCode).toBe(404);
  });

  it('deactivate ends the sessions at once; activate lets the customer back; each is audited', async () => {
    const user = await createUser(t.database.db, { userGroup: 'customer' });
    const browser = new Browser(t.app);
    browser.setCookie('session', await createSessionToken(t.database.db, user, t.services.clock.now()));
    expect((await browser.get('/api/current_user')).statusCode).toBe(200);
    const deactivated = customerDetailSchema.parse((await act('sales', user.id, 'deactivate')).json());
    expect(deactivated.state).toBe('deactivated');
    expect((await browser.get('/api/current_user')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(codes(await act('sales', user.id, 'deactivate'))).toEqual(['action_not_applicable']);
    expect(customerDetailSchema.parse((await act('admin', user.id, 'activate')).json()).state).toBe('active');
    expect(await audit(user.id)).toEqual([
      { action: 'customer.deactivate', actorId: callers.ids.sales },
      { action: 'customer.activate', actorId: callers.ids.admin },
    ]);
  });

  it("a master with active members is not deactivated: the company's work would stop", async () => {
    const [company] = await t.database.db
      .insert(companies)
      .values({ name: `Busy Co ${Date.now()}` })
      .returning();
    const master = await createUser(t.database.db, { companyId: company?.id, companyRole: 'master', userGroup: 'customer' });
    await createUser(t.database.db, { companyId: company?.id, companyRole: 'member', userGroup: 'customer' });
    expect(codes(await act('sales', master.id, 'deactivate'))).toEqual(['master_has_members']);
    expect((await t.database.db.select().from(users).where(eq(users.id, master.id)))[0]?.deactivatedAt).toBeNull();
  });

  it('unlock forgets the failed sign-ins; a confirmation goes again only to an unconfirmed account', async () => {
    const locked = await createUser(t.database.db, { userGroup: 'customer' });
    await t.database.db
      .update(users)
      .set({ failedSignInCount: 5, lockedUntil: new Date(t.services.clock.now().getTime() + 3_600_000) })
      .where(eq(users.id, locked.id));
    expect(customerDetailSchema.parse((await callers.sales.get(`/api/desk/customers/${locked.id}`)).json()).state).toBe('locked');
    expect(customerDetailSchema.parse((await act('sales', locked.id, 'unlock')).json()).state).toBe('active');
    expect((await t.database.db.select().from(users).where(eq(users.id, locked.id)))[0]).toMatchObject({
      failedSignInCount: 0,
      lockedUntil: null,
    });

    const unconfirmed = await createUser(t.database.db, { userGroup: 'other' });
    await t.database.db.update(users).set({ confirmedAt: null }).where(eq(users.id, unconfirmed.id));
    expect((await act('sales', unconfirmed.id, 'resend_confirmation')).statusCode).toBe(200);
    await expect
      .poll(async () =>
        (await mailbox(t.app)).some((mail) => mail.to === unconfirmed.email && /final-step\?confirmation_token=/.test(mail.text)),
      )
      .toBe(true);
    expect(codes(await act('sales', locked.id, 'resend_confirmation'))).toEqual(['action_not_applicable']);
    expect((await act('sales', locked.id, 'promote')).statusCode).toBe(422);
  });
});
