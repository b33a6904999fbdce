import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { Browser, codes, errors, lastMailTo, mailbox } from '../../test/http.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';
import { sessions, users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/api/users/account_transfers';
const NEW_PASSWORD = 'Moved-over-2026';
let clients = 0;
/** Each test calls from an address of its own, so that the per-client budgets of one do not reach the next. */
const freshBrowser = () => new Browser(t.app, { ip: `198.51.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}` });

/** An account moved over from the earlier platform: confirmed, active, no password. */
const notMigrated = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(t.database.db, { passwordHash: null, ...overrides });

async function requestCode(browser: Browser, email: string): Promise<string> {
  const response = await browser.post(PATH, { email });
  expect(response.statusCode).toBe(202);
  const mail = await lastMailTo(t.app, email);
  const code = /\b([A-Z2-9]{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

const transfer = (email: string, code: string, password = NEW_PASSWORD, confirmation = password) => ({
  email,
  code,
  password,
  password_confirmation: confirmation,
});

/** A code of the alphabet that is not the given one. */
const otherCode = (code: string) => (code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');

describe('account transfer: asking for a code (spec accounts §2, §5)', () => {
  it('answers 202 and the same body whatever the address, and mails a code only to an account that has not migrated', async () => {
    const waiting = await notMigrated({ profileLocale: 'es' });
    const migrated = await createUser(t.database.db);
    const unconfirmed = await notMigrated({ confirmedAt: null });
    const deactivated = await notMigrated({ deactivatedAt: new Date('2026-06-01T00:00:00Z') });
    const before = (await mailbox(t.app)).length;
    const browser = freshBrowser();
    const answers = [];
    for (const email of [waiting.email, migrated.email, unconfirmed.email, deactivated.email, 'nobody@agency.example']) {
      answers.push(await browser.post(PATH, { email }));
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect(answers[0]?.json()).toEqual({ ok: true });
    const mails = await mailbox(t.app);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]).toMatchObject({ to: waiting.email });
    // Six symbols of the alphabet without 0/O and 1/I, in the account's language.
    expect(mails[0]?.subject).toMatch(/^Tu código de traspaso de cuenta: [A-HJ-NP-Z2-9]{6}$/);
    expect(mails[0]?.text).toContain('15 minutos');
  });

  it('draws codes from the unambiguous alphabet only', async () => {
    const user = await notMigrated();
    const browser = freshBrowser();
    const seen = new Set<string>();
    for (let i = 0; i < 5; i += 1) seen.add(await requestCode(browser, user.email));
    for (const code of seen) expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
  });

  it('limits the codes asked for one address in an hour, whether or not it has an account', async () => {
    for (const email of [(await notMigrated()).email, 'nobody-limited@agency.example']) {
      for (let i = 0; i < 5; i += 1) expect((await freshBrowser().post(PATH, { email })).statusCode).toBe(202);
      const refused = await freshBrowser().post(PATH, { email });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeTruthy();
    }
  });

  it('limits the codes one client asks for in an hour, in one statement (concurrent requests never pass it)', async () => {
    const browser = freshBrowser();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => browser.post(PATH, { email: `client-limit-${i}@agency.example` })),
    );
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(20);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
  });

  it('refuses a malformed address with 422, never a 500', async () => {
    const response = await freshBrowser().post(PATH, { email: 'not-an-address' });
    expect(response.statusCode).toBe(422);
    expect(errors(response)[0]).toMatchObject({ field: 'email' });
    expect((await freshBrowser().post(PATH, {})).statusCode).toBe(422);
  });
});

describe('account transfer: the code and the new password', () => {
  it('sets the password and signs in with a session as sign-in makes; the code may be typed in lower case and with spaces', async () => {
    const user = await notMigrated();
    const browser = freshBrowser();
    const code = await requestCode(browser, user.email);
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)} `;
    const response = await browser.patch(PATH, transfer(user.email.toUpperCase(), typed));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
    expect(browser.cookie('session')).toBeTruthy();
    expect((await browser.get('/api/current_user')).json()).toMatchObject({ id: user.id });
    // The password works from now on; sign-in no longer says the account has not migrated.
    expect((await freshBrowser().signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // The code worked once.
    expect(codes(await freshBrowser().patch(PATH, transfer(user.email, code, 'Another-pass-3')))).toEqual(['transfer_code_invalid']);
  });

  it('refuses a wrong code with 422 on the code field, counting it; after 5 wrong codes even the right one is void', async () => {
    const user = await notMigrated();
    const browser = freshBrowser();
    const code = await requestCode(browser, user.email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await browser.patch(PATH, transfer(user.email, otherCode(code)));
      expect(wrong.statusCode).toBe(422);
      expect(errors(wrong)).toEqual([
        { code: 'transfer_code_invalid', field: 'code', message: 'Wrong code; after 5 wrong codes, ask for a new one' },
      ]);
    }
    const voided = await browser.patch(PATH, transfer(user.email, code));
    expect(voided.statusCode).toBe(422);
    expect(codes(voided)).toEqual(['transfer_code_void']);
    // A new code works.
    const fresh = await requestCode(browser, user.email);
    expect((await browser.patch(PATH, transfer(user.email, fresh))).statusCode).toBe(200);
  });

  it('takes the right code after 4 wrong ones', async () => {
    const user = await notMigrated();
    const browser = freshBrowser();
    const code = await requestCode(browser, user.email);
    for (let i = 0; i < 4; i += 1) expect((await browser.patch(PATH, transfer(user.email, otherCode(code)))).statusCode).toBe(422);
    expect((await browser.patch(PATH, transfer(user.email, code))).statusCode).toBe(200);
  });

  it('refuses an expired code with transfer_code_expired (a code lives 15 minutes)', async () => {
    const user = await notMigrated();
    const browser = freshBrowser();
    const code = await requestCode(browser, user.email);
    t.services.clock.advance(minutes(15) + 1000);
    const expired = await browser.patch(PATH, transfer(user.email, code));
    expect(expired.statusCode).toBe(422);
    expect(errors(expired)).toEqual([{ code: 'transfer_code_expired', field: 'code', message: 'The code has expired; ask for a new one' }]);
    // A wrong code is only wrong: expiry is told to the code's right symbols alone.
    expect(codes(await browser.patch(PATH, transfer(user.email, otherCode(code))))).toEqual(['transfer_code_invalid']);

    const next = await requestCode(browser, user.email);
    t.services.clock.advance(minutes(14));
    expect((await browser.patch(PATH, transfer(user.email, next))).statusCode).toBe(200);
  });

  it('replaces the code with a new one on a new request', async () => {
    const user = await notMigrated();
    const browser = freshBrowser();
    const first = await requestCode(browser, user.email);
    const second = await requestCode(browser, user.email);
    if (first !== second) expect(codes(await browser.patch(PATH, transfer(user.email, first)))).toEqual(['transfer_code_invalid']);
    expect((await browser.patch(PATH, transfer(user.email, second))).statusCode).toBe(200);
  });

  it('answers an address without a waiting account as a wrong code', async () => {
    const migrated = await createUser(t.database.db);
    const browser = freshBrowser();
    for (const email of [migrated.email, 'nobody-transfer@agency.example']) {
      expect(errors(await browser.patch(PATH, transfer(email, 'ABCDEF')))).toEqual([
        { code: 'transfer_code_invalid', field: 'code', message: 'Wrong code; after 5 wrong codes, ask for a new one' },
      ]);
    }
  });

  it('uses a right code once when ten arrive at once: one succeeds, one password, one session', async () => {
    const user = await notMigrated();
    const code = await requestCode(freshBrowser(), user.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => freshBrowser().patch(PATH, transfer(user.email, code, `Concurrent-pass-${i}`))),
    );
    const winners = answers.filter((answer) => answer.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(422);
      expect(['transfer_code_invalid', 'transfer_code_void']).toContain(codes(answer)[0]);
    }
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    const index = answers.indexOf(winners[0] as (typeof answers)[number]);
    expect((await freshBrowser().signIn(user.email, `Concurrent-pass-${index}`)).statusCode).toBe(200);
  });

  it('applies the validation of the shared contract: a 6-symbol code, the password rules and the confirmation', async () => {
    const browser = freshBrowser();
    const email = 'contract@agency.example';
    expect(errors(await browser.patch(PATH, transfer(email, 'ABC 2E')))).toEqual([
      { code: 'code_symbols', field: 'code', message: 'Code symbols' },
    ]);
    expect(errors(await browser.patch(PATH, transfer(email, 'ABCDEFG')))).toEqual([expect.objectContaining({ code: 'code_symbols' })]);
    expect(errors(await browser.patch(PATH, transfer(email, '')))).toEqual([expect.objectContaining({ code: 'required', field: 'code' })]);
    expect(errors(await browser.patch(PATH, transfer(email, 'ABCDEF', 'letters-only')))).toEqual([
      expect.objectContaining({ code: 'password', field: 'password' }),
    ]);
    expect(errors(await browser.patch(PATH, transfer(email, 'ABCDEF', 'Good-pass-1', 'Good-pass-2')))).toEqual([
      expect.objectContaining({ code: 'confirm', field: 'password_confirmation' }),
    ]);
    expect((await browser.patch(PATH, { email })).statusCode).toBe(422);
    expect((await browser.patch(PATH, 'not json', { headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
  });

  it('limits the wrong codes one client gives in an hour, across accounts', async () => {
    const browser = freshBrowser();
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) => browser.patch(PATH, transfer(`guess-${i}@agency.example`, 'ABCDEF'))),
    );
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(30);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(2);
  });

  it('sends an admin on to the e-mailed second factor, as sign-in does', async () => {
    const admin = await notMigrated({ isAdmin: true });
    const browser = freshBrowser();
    const code = await requestCode(browser, admin.email);
    const first = await browser.patch(PATH, transfer(admin.email, code));
    expect(first.statusCode).toBe(401);
    expect(codes(first)).toEqual(['user_need_2FA']);
    expect(browser.cookie('session')).toBeUndefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.passwordHash).toBeTruthy();
    const mail = await lastMailTo(t.app, admin.email);
    const secondFactor = /\b(\d{4})\b/.exec(mail.text)?.[1] ?? '';
    const verified = await browser.post('/api/admin/users/admins/token_verifications', { token: secondFactor });
    expect(verified.statusCode).toBe(200);
    expect((await browser.get('/api/current_user')).json()).toMatchObject({ id: admin.id });
  });
});

describe('account transfer: who may call', () => {
  const callers = [
    { who: 'a guest', make: async () => freshBrowser() },
    ...(
      [
        { who: 'a registered user', overrides: {} },
        { who: 'a company member', overrides: { company: 'Transfer TV', companyRole: 'member' as const, userGroup: 'customer' as const } },
        { who: 'a company master', overrides: { company: 'Transfer TV', companyRole: 'master' as const, userGroup: 'customer' as const } },
        {
          who: "another company's master",
          overrides: { company: 'Other Transfer TV', companyRole: 'master' as const, userGroup: 'customer' as const },
        },
        { who: 'an admin with desk roles', overrides: { isAdmin: true } },
      ] as const
    ).map(({ who, overrides }) => ({
      who,
      make: async () => {
        const caller = await createUser(t.database.db, overrides);
        const browser = freshBrowser();
        browser.setCookie('session', await createSessionToken(t.database.db, caller));
        return browser;
      },
    })),
  ];

  it.each(callers)('$who may ask for a code and transfer a waiting account, and is then signed in as that account', async ({ make }) => {
    const browser = await make();
    const user = await notMigrated();
    const code = await requestCode(browser, user.email);
    expect(codes(await browser.patch(PATH, transfer(user.email, otherCode(code))))).toEqual(['transfer_code_invalid']);
    const response = await browser.patch(PATH, transfer(user.email, code));
    expect(response.statusCode).toBe(200);
    expect((await browser.get('/api/current_user')).json()).toMatchObject({ id: user.id });
  });
});

describe('the demo tool that takes a password away (dev tools only)', () => {
  it('makes an account one that has not migrated, as a browser test needs', async () => {
    const user = await createUser(t.database.db);
    // Dev tools answer this machine only.
    expect((await new Browser(t.app).post('/dev/users/unmigrate', { email: user.email.toUpperCase() })).json()).toEqual({ ok: true });
    expect(codes(await freshBrowser().signIn(user.email))).toEqual(['user_not_migrated']);
    const browser = freshBrowser();
    const code = await requestCode(browser, user.email);
    expect((await browser.patch(PATH, transfer(user.email, code))).statusCode).toBe(200);
  });
});
