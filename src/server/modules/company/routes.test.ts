import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySchema, invitationSchema, userLimitSchema } from '../../../common/company.ts';
import { createAgreement, createSessionToken, createUser, PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { recordOperation } from '../agreements/operations.ts';
import { agreementOperations, agreements } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { users } from '../accounts/schema.ts';
import { mailOutbox } from '../mail/schema.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

/** A team with an enterprise agreement of 30 pool and 200 standard items a month. */
async function enterpriseTeam() {
  const team = await a.team();
  await createAgreement(
    t.database.db,
    {
      companyId: team.home.id,
      agreementType: 'enterprise',
      balances: [
        { kind: 'pool', amount: 30, refill: 30 },
        { kind: 'standard', amount: 200, refill: 200 },
      ],
    },
    t.services.clock.now(),
  );
  return team;
}

const company = async (browser: Browser) => companySchema.parse((await browser.get('/api/current_user/company')).json());
const inviteFrom = (browser: Browser, email: string) => browser.post('/api/current_user/company/members', { email });
const linkTo = async (email: string) => {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const link = /https?:\/\/\S+\/join-team\?confirmation_token=[\w-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no invitation to ${email}`);
  return new URL(link);
};
const join = (token: string | null) =>
  new Browser(t.app).request({
    method: 'PATCH',
    url: '/users/confirmation.json',
    payload: {
      user: {
        confirmation_token: token,
        first_name: 'Ina',
        last_name: 'Invited',
        phone_number: '+49 30 1234567',
        country_id: 1,
        notification_locale: 'en',
        company_name: 'Ignored',
        not_a_company: false,
        promo_code: '',
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    },
  });

describe('invitations (spec §4)', () => {
  it('the master invites; the invitee joins through the e-mailed single-use link and is a member of the company', async () => {
    const { home, master } = await enterpriseTeam();
    const email = `ina-${Date.now()}@newsroom.example`;
    const sent = await inviteFrom(master.browser, email);
    expect(sent.statusCode).toBe(201);
    expect(invitationSchema.parse(sent.json())).toMatchObject({ email });
    expect((await company(master.browser)).not_confirmed_members.map((invitation) => invitation.email)).toEqual([email]);

    const link = await linkTo(email);
    expect(link.pathname).toBe('/en/join-team');
    expect((await join(link.searchParams.get('confirmation_token'))).statusCode).toBe(200);
    const [joined] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(joined).toMatchObject({ companyId: home.id, companyRole: 'member' });
    const team = await company(master.browser);
    expect(team.not_confirmed_members).toEqual([]);
    expect(team.members.map((member) => member.email)).toContain(email);
    expect((await join(link.searchParams.get('confirmation_token'))).statusCode).not.toBe(200);
  });

  it('resend kills the old link; remove withdraws it; an address with an account is refused; twice is refused', async () => {
    const { master, member } = await enterpriseTeam();
    const email = `resend-${Date.now()}@newsroom.example`;
    const invitation = invitationSchema.parse((await inviteFrom(master.browser, email)).json());
    const first = (await linkTo(email)).searchParams.get('confirmation_token');
    expect(codes(await inviteFrom(master.browser, email))).toEqual(['already_invited']);
    const resent = await master.browser.patch(`/api/current_user/company/members/${invitation.id}`, {
      member: { resend_invitation: true },
    });
    expect(resent.statusCode).toBe(200);
    expect((await join(first)).statusCode).not.toBe(200);

    expect((await master.browser.delete(`/api/current_user/company/members/${invitation.id}`)).statusCode).toBe(204);
    expect((await company(master.browser)).not_confirmed_members).toEqual([]);
    expect(codes(await inviteFrom(master.browser, member.user.email))).toEqual(['already_registered']);
  });

  it('an invitation links to the origin every other e-mail of a request does (issue 28: it said localhost)', async () => {
    const { master } = await enterpriseTeam();
    const onHost = { headers: { host: '127.0.0.1:4100' } };
    const invited = `origin-${Date.now()}@newsroom.example`;
    const made = await master.browser.post('/api/current_user/company/members', { email: invited }, onHost);
    expect(made.statusCode).toBe(201);
    const resend = { member: { resend_invitation: true } };
    const again = await master.browser.patch(`/api/current_user/company/members/${invitationSchema.parse(made.json()).id}`, resend, onHost);
    expect(again.statusCode).toBe(200);
    const reset = await createUser(t.database.db);
    expect((await new Browser(t.app).post('/api/users/password_instructions', { email: reset.email }, onHost)).statusCode).toBe(200);
    await t.services.background.idle();
    const origins = async (email: string) => {
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      return mails.map((mail) => new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '').origin);
    };
    expect(await origins(invited)).toEqual(['http://127.0.0.1:4100', 'http://127.0.0.1:4100']);
    expect(await origins(reset.email)).toEqual(['http://127.0.0.1:4100']);
  });

  it('a pass allows 2 member accounts: five invitations at once make two', async () => {
    const holder = await createUser(t.database.db, { company: `Pass team ${Date.now()}`, companyRole: 'master', userGroup: 'customer' });
    await createAgreement(
      t.database.db,
      { userId: holder.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: 10, refill: 10 }] },
      t.services.clock.now(),
    );
    const browser = new Browser(t.app);
    browser.setCookie('session', await createSessionToken(t.database.db, holder, t.services.clock.now()));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => inviteFrom(browser, `pass-${index}-${Date.now()}@newsroom.example`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).flatMap(codes)).toEqual(Array(3).fill('member_accounts_limit'));
    expect((await company(browser)).member_accounts_limit).toBe(2);
  });
});

describe('members (spec §4)', () => {
  it('a deactivated member is signed out at once and cannot sign in; activation restores access', async () => {
    const { master, member } = await enterpriseTeam();
    const off = await master.browser.patch(`/api/current_user/company/members/${member.user.id}`, { member: { active: false } });
    expect(off.json()).toMatchObject({ active: false });
    expect((await member.browser.get('/api/current_user')).statusCode).toBe(401);
    const refused = await new Browser(t.app).signIn(member.user.email);
    expect(codes(refused)).toEqual(['deactivated']);
    expect((await company(master.browser)).deactivated_members.map((row) => row.id)).toEqual([member.user.id]);

    await master.browser.patch(`/api/current_user/company/members/${member.user.id}`, { member: { active: true } });
    expect((await new Browser(t.app).signIn(member.user.email)).statusCode).toBe(200);
  });

  it('the master edits a member’s details; removal detaches the member and keeps their history; the master stays', async () => {
    const { master, member, home } = await enterpriseTeam();
    const edited = await master.browser.patch(`/api/current_user/company/members/${member.user.id}`, { member: { first_name: 'Renamed' } });
    expect(edited.json()).toMatchObject({ first_name: 'Renamed' });
    const [agreement] = (await t.database.db.select().from(agreements).where(eq(agreements.companyId, home.id))).filter(
      (row) => row.agreementType === 'enterprise',
    );
    await recordOperation(t.database.db, {
      agreementId: agreement?.id ?? 0,
      kind: 'pool',
      type: 'download',
      amount: -1,
      userId: member.user.id,
      at: t.services.clock.now(),
    });

    expect((await master.browser.delete(`/api/current_user/company/members/${member.user.id}`)).statusCode).toBe(204);
    const [left] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(left).toMatchObject({ companyId: null, companyRole: null });
    const history = await t.database.db.select().from(agreementOperations).where(eq(agreementOperations.userId, member.user.id));
    expect(history).toHaveLength(1);
    expect(codes(await master.browser.delete(`/api/current_user/company/members/${master.user.id}`))).toEqual(['owner_unchangeable']);
  });
});

describe('member limits (spec §5, §8)', () => {
  it('not above the available amount, not below what was used; blank is no limit', async () => {
    const { master, member, home } = await enterpriseTeam();
    const set = (limit: number | null) =>
      master.browser.post('/api/current_user/user_limits', { user_limit: { user_id: member.user.id, kind: 'pool', limit } });
    const above = await set(31);
    expect(above.statusCode).toBe(422);
    expect(errors(above)[0]).toMatchObject({
      code: 'limit_exceeds_available',
      message: 'Limit exceeds available amount',
      field: 'user_limit.limit',
    });

    const [agreement] = (await t.database.db.select().from(agreements).where(eq(agreements.companyId, home.id))).filter(
      (row) => row.agreementType === 'enterprise',
    );
    for (let i = 0; i < 4; i += 1)
      await recordOperation(t.database.db, {
        agreementId: agreement?.id ?? 0,
        kind: 'pool',
        type: 'download',
        amount: -1,
        userId: member.user.id,
        at: t.services.clock.now(),
      });
    expect(errors(await set(3))[0]).toMatchObject({ code: 'limit_below_used', message: 'Limit is lower than operations amount' });

    const made = userLimitSchema.parse((await set(10)).json());
    expect(made).toMatchObject({ limit: 10, used: 4, kind: 'pool' });
    const none = await master.browser.patch(`/api/current_user/user_limits/${made.id}`, { user_limit: { limit: null } });
    expect(userLimitSchema.parse(none.json()).limit).toBeNull();
    expect((await company(master.browser)).user_limits).toEqual([expect.objectContaining({ id: made.id, limit: null, used: 4 })]);
    expect((await company(master.browser)).available).toMatchObject({ pool: 26, standard: 200 });
    expect((await master.browser.delete(`/api/current_user/user_limits/${made.id}`)).statusCode).toBe(204);
  });
});

describe('member limits under a pass', () => {
  it('draw on the master’s pass: its 10 pool items a month are what a limit may not exceed', async () => {
    const { master, member } = await a.team();
    const pass = await createAgreement(
      t.database.db,
      { userId: master.user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: 10, refill: 10 }] },
      t.services.clock.now(),
    );
    expect((await company(master.browser)).available).toEqual({ pool: 10 });
    const set = (limit: number) =>
      master.browser.post('/api/current_user/user_limits', { user_limit: { user_id: member.user.id, kind: 'pool', limit } });
    expect(codes(await set(11))).toEqual(['limit_exceeds_available']);
    await recordOperation(t.database.db, {
      agreementId: pass.id,
      kind: 'pool',
      type: 'download',
      amount: -2,
      userId: member.user.id,
      at: t.services.clock.now(),
    });
    expect(userLimitSchema.parse((await set(8)).json())).toMatchObject({ limit: 8, used: 2 });
  });
});

describe('a team of their own', () => {
  it('a user without a company who invites runs a new team named after them, and an invitee joins it as a member', async () => {
    const solo = await a.signedIn({ userGroup: 'customer' });
    expect((await solo.browser.get('/api/current_user/company')).statusCode).toBe(404);
    expect((await inviteFrom(solo.browser, `solo-${Math.random()}@newsroom.example`)).statusCode).toBe(201);
    const team = await company(solo.browser);
    expect(team.owners.map((owner) => owner.id)).toEqual([solo.user.id]);
    expect(team.name).toBe(solo.user.companyName || `${solo.user.firstName} ${solo.user.lastName}`);
    expect(team.not_confirmed_members).toHaveLength(1);

    // An invitee who joins with a company name stays the member they were invited as.
    const email = `joiner-${Math.random()}@newsroom.example`;
    await inviteFrom(solo.browser, email);
    expect((await join((await linkTo(email)).searchParams.get('confirmation_token'))).statusCode).toBe(200);
    const [joined] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(joined).toMatchObject({ companyId: team.id, companyRole: 'member' });
  });
});

describe('who may call what in company teams (one row per caller)', () => {
  it('guest, user, member, master, another company’s master and admin each get exactly their rights', async () => {
    const { home, master, member, otherMaster } = await enterpriseTeam();
    const user = await a.signedIn({ userGroup: 'other' });
    const admin = await a.signedIn({ isAdmin: true });
    const callers = {
      guest: new Browser(t.app),
      user: user.browser,
      member: member.browser,
      master: master.browser,
      otherMaster: otherMaster.browser,
      admin: admin.browser,
    };
    const limit = userLimitSchema.parse(
      (
        await master.browser.post('/api/current_user/user_limits', { user_limit: { user_id: member.user.id, kind: 'standard', limit: 5 } })
      ).json(),
    );
    const invitation = async () =>
      invitationSchema.parse((await inviteFrom(master.browser, `table-${Math.random()}@newsroom.example`)).json()).id;
    const ofHome = `?company_id=${home.id}`;

    type Call = (who: Browser) => Promise<number | string>;
    const calls: Record<string, { call: Call; expected: Record<keyof typeof callers, number | string> }> = {
      'GET the home company (an admin names it)': {
        call: async (who) => {
          const answer = await who.get(`/api/current_user/company${ofHome}`);
          return answer.statusCode === 200 && companySchema.parse(answer.json()).id !== home.id ? 'own company' : answer.statusCode;
        },
        // Another master gets their own company, never the home one: they learn nothing of it.
        expected: { guest: 401, user: 404, member: 403, master: 200, otherMaster: 'own company', admin: 200 },
      },
      'PUT the company': {
        call: async (who) => (await who.put(`/api/current_user/company${ofHome}`, { company: { name: 'Renamed Team' } })).statusCode,
        expected: { guest: 401, user: 404, member: 403, master: 200, otherMaster: 200, admin: 200 },
      },
      'POST an invitation (a master or a user invites into their own team)': {
        call: async (who) => {
          const email = `table-${Math.random()}@newsroom.example`;
          const answer = await who.post(`/api/current_user/company/members${ofHome}`, { email });
          if (answer.statusCode !== 201) return answer.statusCode;
          const [invitee] = await t.database.db.select().from(users).where(eq(users.email, email));
          return invitee?.companyId === home.id ? 201 : 'into own team';
        },
        expected: { guest: 401, user: 'into own team', member: 403, master: 201, otherMaster: 'into own team', admin: 201 },
      },
      'PATCH a home member': {
        call: async (who) =>
          (await who.patch(`/api/current_user/company/members/${member.user.id}`, { member: { last_name: 'Member' } })).statusCode,
        expected: { guest: 401, user: 404, member: 403, master: 200, otherMaster: 404, admin: 200 },
      },
      'DELETE a home invitation': {
        call: async (who) => (await who.delete(`/api/current_user/company/members/${await invitation()}`)).statusCode,
        expected: { guest: 401, user: 404, member: 403, master: 204, otherMaster: 404, admin: 204 },
      },
      'POST a home member’s limit': {
        call: async (who) =>
          (await who.post('/api/current_user/user_limits', { user_limit: { user_id: member.user.id, kind: 'standard', limit: 6 } }))
            .statusCode,
        expected: { guest: 401, user: 404, member: 403, master: 201, otherMaster: 404, admin: 201 },
      },
      'PATCH a home limit': {
        call: async (who) => (await who.patch(`/api/current_user/user_limits/${limit.id}`, { user_limit: { limit: 7 } })).statusCode,
        expected: { guest: 401, user: 404, member: 404, master: 200, otherMaster: 404, admin: 200 },
      },
      'DELETE a home limit': {
        call: async (who) => {
          const made = await master.browser.post('/api/current_user/user_limits', {
            user_limit: { user_id: member.user.id, kind: 'pool', limit: 1 },
          });
          const id = made.statusCode === 201 ? userLimitSchema.parse(made.json()).id : limit.id;
          const answer = await who.delete(`/api/current_user/user_limits/${id}`);
          if (answer.statusCode !== 204) await master.browser.delete(`/api/current_user/user_limits/${id}`);
          return answer.statusCode;
        },
        expected: { guest: 401, user: 404, member: 404, master: 204, otherMaster: 404, admin: 204 },
      },
    };
    for (const [name, { call, expected }] of Object.entries(calls)) {
      const got: Record<string, number | string> = {};
      for (const who of Object.keys(callers) as (keyof typeof callers)[]) got[who] = await call(callers[who]);
      expect({ name, got }).toEqual({ name, got: expected });
    }
  });
});
