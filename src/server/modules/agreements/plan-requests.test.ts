import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserRolesSchema as rolesSchema } from '../../../common/accounts.ts';
import { agreementsResponseSchema } from '../../../common/agreements.ts';
import { newPlanRequestSchema, planRequestSchema } from '../../../common/plan-requests.ts';
import { planningAccessSchema, planningSectionSchema } from '../../../common/planning.ts';
import { createAgreement } from '../../test/factories.ts';
import { Browser, codes, errors, mailbox } from '../../test/http.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';
import { companyTypes } from '../reference/schema.ts';
import { seedPlanningSections } from './seed.ts';
import { agreements } from './schema.ts';
import { agreementFixtures } from './test-support.ts';

const CURRENT = '/api/current_user/agreements';

let t: TestApp;
let fixtures: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  await seedPlanningSections(t.database.db);
  fixtures = agreementFixtures(t);
});
afterAll(() => t.close());

const signedIn = (...args: Parameters<typeof fixtures.signedIn>) => fixtures.signedIn(...args);
const team = () => fixtures.team();
const requestForm = (overrides?: Record<string, unknown>) => fixtures.requestForm(overrides);

describe('plan requests (spec §4 "Plan requests and agreements")', () => {
  it('a visitor asks for an enterprise plan: processing, e-mailed; an admin approves: an agreement to accept, held for the address', async () => {
    const form = await requestForm();
    const created = await new Browser(t.app).post('/api/agreement_requests?locale=de', { agreement_request: form });
    expect(created.statusCode).toBe(201);
    const request = planRequestSchema.parse(created.json());
    expect(request).toMatchObject({ plan: 'enterprise', status: 'processing', agreement_id: null });
    expect((await mailbox(t.app)).some((mail) => mail.to === form.email && /2–4 hours/.test(mail.text))).toBe(true);

    const admin = await signedIn({ isAdmin: true });
    const approved = planRequestSchema.parse(
      (await admin.browser.post(`/api/admin/agreement_requests/${request.id}/approvals`, {})).json(),
    );
    expect(approved.status).toBe('approved');
    expect((await admin.browser.post(`/api/admin/agreement_requests/${request.id}/rejections`)).statusCode).toBe(409);

    // The address has no account yet: the account made with it later finds the agreement waiting.
    const later = await signedIn({ email: form.email, userGroup: 'customer' });
    const [agreement] = agreementsResponseSchema.parse((await later.browser.get(CURRENT)).json()).agreements;
    expect(agreement).toMatchObject({
      id: approved.agreement_id,
      agreement_type: 'enterprise',
      status: 'user_accepting',
      can_accept: true,
    });
    expect(agreement?.balances.map((balance) => [balance.kind, balance.remaining])).toEqual([
      ['standard', 20],
      ['pool', 5],
    ]);
    // The first balance is valid for 2 weeks (spec §9).
    expect(Date.parse(agreement?.balances[0]?.valid_till ?? '') - t.services.clock.now().getTime()).toBe(days(14));
    expect((await later.browser.get('/api/current_user/agreement_requests')).json()).toEqual([approved]);
  });

  it('a signed-in master’s approved request becomes the company’s; a declined one failed to qualify', async () => {
    const { home, master } = await team();
    const form = await requestForm({ plan: 'regional', email: master.user.email });
    const made = planRequestSchema.parse(
      (await master.browser.post('/api/current_user/agreement_requests', { agreement_request: form })).json(),
    );
    const admin = await signedIn({ isAdmin: true });
    await admin.browser.post(`/api/admin/agreement_requests/${made.id}/approvals`, { balances: { standard: 7 } });
    const [row] = await t.database.db.select().from(agreements).where(eq(agreements.requestId, made.id));
    expect(row).toMatchObject({ companyId: home.id, agreementType: 'regional', status: 'user_accepting' });

    const other = planRequestSchema.parse(
      (await new Browser(t.app).post('/api/agreement_requests', { agreement_request: await requestForm() })).json(),
    );
    const declined = await admin.browser.post(`/api/admin/agreement_requests/${other.id}/rejections`);
    expect(declined.json()).toMatchObject({ status: 'failed_to_qualify' });
    expect((await mailbox(t.app)).some((mail) => /5–15 business days/.test(mail.text))).toBe(true);
  });

  it('every field is required; “other” needs saying which; privacy must be accepted', async () => {
    const visitor = new Browser(t.app);
    const blank = await visitor.post('/api/agreement_requests', { agreement_request: { plan: 'enterprise' } });
    expect(blank.statusCode).toBe(422);
    const fields = errors(blank).map((error) => error.field);
    for (const name of [
      'first_name',
      'last_name',
      'phone_number',
      'email',
      'job_title_id',
      'company_name',
      'company_type_id',
      'company_size',
      'country_id',
      'privacy_accepted',
    ])
      expect(fields).toContain(`agreement_request.${name}`);

    const [other] = await t.database.db.select().from(companyTypes).where(eq(companyTypes.slug, 'other'));
    const unsaid = await visitor.post('/api/agreement_requests', { agreement_request: await requestForm({ company_type_id: other?.id }) });
    expect(errors(unsaid).map((error) => error.field)).toEqual(['agreement_request.company_type_other']);
    const made = await visitor.post('/api/agreement_requests', {
      agreement_request: await requestForm({ company_type_id: other?.id, company_type_other: 'Podcast network' }),
    });
    expect(made.statusCode).toBe(201);
    const madeUp = await visitor.post('/api/agreement_requests', { agreement_request: await requestForm({ country_id: 999999 }) });
    expect(errors(madeUp).map((error) => error.field)).toEqual(['agreement_request.country_id']);
  });

  it('the form starts from the account’s details; a visitor’s is blank', async () => {
    const { user, browser } = await signedIn({ firstName: 'Ola', companyName: 'Kanal 9' });
    expect((await browser.get('/api/agreement_requests/new')).json()).toMatchObject({
      agreement_request: { first_name: 'Ola', email: user.email, company_name: 'Kanal 9' },
    });
    const blank = newPlanRequestSchema.parse((await new Browser(t.app).get('/api/agreement_requests/new')).json());
    expect(blank.agreement_request.email).toBe('');
    expect(blank.company_sizes.at(-1)).toEqual({ value: '250_and_more', label: '250+' });
  });
});

describe('planning (spec §6: the menu shows when the access check has no error)', () => {
  it('enterprise holders and admins read planning; a pass holder is refused', async () => {
    const { home, member } = await team();
    await createAgreement(t.database.db, { companyId: home.id, agreementType: 'enterprise' });
    // The roles call says beforehand what the check will answer (issue 28: no 403 to hide the item).
    expect(rolesSchema.parse((await member.browser.get('/api/current_user/roles')).json()).planning).toBe(true);
    const access = planningAccessSchema.parse((await member.browser.get('/api/system/user_access_to_planning_sections?locale=es')).json());
    expect(access.sections.map((section) => section.slug)).toEqual(['week-ahead', 'elections']);
    const first = access.sections[0];
    expect(first?.title).toBe('La semana que viene');
    const section = planningSectionSchema.parse((await member.browser.get(`/api/system/planning_sections/${first?.id}`)).json());
    expect(section.body).toMatch(/Brussels/);

    const { user, browser } = await signedIn({ userGroup: 'customer' });
    await createAgreement(t.database.db, { userId: user.id, agreementType: 'pass' });
    const refused = await browser.get('/api/system/user_access_to_planning_sections');
    expect(refused.statusCode).toBe(403);
    expect(codes(refused)).toEqual(['planning_access_denied']);
    expect(rolesSchema.parse((await browser.get('/api/current_user/roles')).json()).planning).toBe(false);
    expect((await browser.get(`/api/system/planning_sections/${first?.id}`)).statusCode).toBe(403);
    expect((await browser.get('/api/system/planning_sections/999999')).statusCode).toBe(404);

    const admin = await signedIn({ isAdmin: true });
    expect((await admin.browser.get('/api/system/user_access_to_planning_sections')).statusCode).toBe(200);
    expect(rolesSchema.parse((await admin.browser.get('/api/current_user/roles')).json()).planning).toBe(true);
  });
});
