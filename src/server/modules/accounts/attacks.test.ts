import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, PASSWORD } from '../../test/factories.ts';
import { Browser, codes, mailbox } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sessions, users } from './schema.ts';

// Hundreds of password hashes at once: seconds on an idle machine, more on a busy CI one.
vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VERIFY = '/api/admin/users/admins/token_verifications';
const WRONG = 'Wrong-password-1';
const signInFrom = (ip: string, email: string, password: string) => new Browser(t.app, { ip }).signIn(email, password);
const mailsTo = async (email: string, subject: string) => (await mailbox(t.app)).filter((m) => m.to === email && m.subject === subject);

describe('sign-in under concurrency (each attempt counted before it is checked)', () => {
  it('60 simultaneous wrong passwords lock the account exactly once, after the tenth', async () => {
    const user = await createUser(t.database.db);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signInFrom(`198.18.1.${i}`, user.email, WRONG)));
    expect(answers.every((answer) => codes(answer).join() === 'invalid_email_or_password')).toBe(true);
    expect(await mailsTo(user.email, 'Your account has been locked')).toHaveLength(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(t.services.clock.now().getTime());
    // Past the checked attempts nothing is checked, not even the right password: no session, no oracle.
    const owner = await signInFrom('198.18.2.1', user.email, PASSWORD);
    expect(owner.statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('the right password among 80 simultaneous wrong ones does not escape the lock', async () => {
    const user = await createUser(t.database.db);
    const attempts = Array.from({ length: 81 }, (_, i) => signInFrom(`198.18.3.${i}`, user.email, i === 40 ? PASSWORD : WRONG));
    const answers = await Promise.all(attempts);
    // The right one is counted about 41st: long past the ten the account allows, so it is never checked.
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(0);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await mailsTo(user.email, 'Your account has been locked')).toHaveLength(1);
    expect((await signInFrom('198.18.4.1', user.email, PASSWORD)).statusCode).toBe(401);
  });

  it('300 simultaneous failures from one address: exactly 100 are checked, the rest get 429', async () => {
    const attacker = new Browser(t.app, { ip: '198.18.5.5' });
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => attacker.signIn(`nobody${i}@agency.example`, WRONG)));
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(100);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(200);
  });

  it('tells unconfirmed and locked only to the right password', async () => {
    const unconfirmed = await createUser(t.database.db, { confirmedAt: null });
    expect(codes(await signInFrom('198.18.6.1', unconfirmed.email, WRONG))).toEqual(['invalid_email_or_password']);
    expect(codes(await signInFrom('198.18.6.1', unconfirmed.email, PASSWORD))).toEqual(['unconfirmed']);
    const locked = await createUser(t.database.db, { lockedUntil: new Date(t.services.clock.now().getTime() + 600_000) });
    expect(codes(await signInFrom('198.18.6.2', locked.email, WRONG))).toEqual(['invalid_email_or_password']);
    expect(codes(await signInFrom('198.18.6.2', locked.email, PASSWORD))).toEqual(['user_locked']);
  });
});

async function adminChallenge(admin: { email: string }, ip: string) {
  const browser = new Browser(t.app, { ip });
  expect(codes(await browser.signIn(admin.email))).toEqual(['user_need_2FA']);
  const mail = (await mailbox(t.app)).find((m) => m.to === admin.email);
  const code = /\b(\d{4})\b/.exec(mail?.text ?? '')?.[1] ?? '';
  return { browser, code, wrong: code === '0000' ? '1111' : '0000' };
}

describe('the admin second factor cannot be brute-forced', () => {
  it('50 simultaneous guesses on one challenge: four are answered, then the challenge is dead (403)', async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    const { browser, code, wrong } = await adminChallenge(admin, '198.18.7.1');
    const answers = await Promise.all(Array.from({ length: 50 }, () => browser.post(VERIFY, { token: wrong })));
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(46);
    expect((await browser.post(VERIFY, { token: code })).statusCode).toBe(403);
  });

  it('limits new challenges per admin and hour', async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    for (let i = 0; i < 10; i += 1) expect(codes(await signInFrom(`198.18.8.${i}`, admin.email, PASSWORD))).toEqual(['user_need_2FA']);
    const refused = await signInFrom('198.18.8.99', admin.email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the third dead challenge in an hour locks the account and e-mails the admin', async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    for (let round = 0; round < 3; round += 1) {
      const { browser, wrong } = await adminChallenge(admin, `198.18.9.${round}`);
      for (let guess = 0; guess < 5; guess += 1) await browser.post(VERIFY, { token: wrong });
    }
    expect(await mailsTo(admin.email, 'Your account has been locked')).toHaveLength(1);
    expect(codes(await signInFrom('198.18.9.9', admin.email, PASSWORD))).toEqual(['user_locked']);
  });
});

describe('password change guesses are limited like sign-in', () => {
  it('30 simultaneous wrong current passwords: 10 are checked, the rest get 429; the right one still works later', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app, { ip: '198.18.10.1' });
    await browser.signIn(user.email);
    const change = (current: string) =>
      browser.patch('/api/current_user/password', {
        user: { current_password: current, password: 'New-password-42', password_confirmation: 'New-password-42' },
      });
    const answers = await Promise.all(Array.from({ length: 30 }, () => change(WRONG)));
    expect(answers.filter((answer) => codes(answer).join() === 'current_password_invalid')).toHaveLength(10);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20);
    expect((await change(PASSWORD)).statusCode).toBe(429);
    t.services.clock.advance(3600 * 1000);
    expect((await change(PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset does not tell who has an account', () => {
  it('answers the same for a known and an unknown address, and the known one gets the mail', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app, { ip: '198.18.11.1' });
    const known = await browser.post('/api/users/password_instructions', { email: user.email });
    const unknown = await browser.post('/api/users/password_instructions', { email: 'ghost@agency.example' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(await mailsTo(user.email, 'Reset your password')).toHaveLength(1);
  });
});
