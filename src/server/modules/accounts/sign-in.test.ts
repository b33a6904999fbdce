import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../../common/accounts.ts';
import { createUser, PASSWORD } from '../../test/factories.ts';
import { Browser, codes, lastMailTo, linkParam } from '../../test/http.ts';
import { createTestApp, days, minutes, type TestApp } from '../../test/harness.ts';
import { sessions, users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in (POST /users/sign_in.json)', () => {
  it('signs in with any e-mail case and sets an HttpOnly, SameSite=Lax session cookie for 30 days', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    const response = await browser.signIn(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(currentUserSchema.parse(response.json()).email).toBe(user.email);
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
    expect(Buffer.from(cookie?.value ?? '', 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await browser.get('/api/current_user')).statusCode).toBe(200);
  });

  it('marks the cookie Secure when served over HTTPS behind a trusted proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    const user = await createUser(proxied.database.db);
    const response = await new Browser(proxied.app).post(
      '/users/sign_in.json',
      { user: { email: user.email, password: PASSWORD } },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(response.cookies.find((c) => c.name === 'session')?.secure).toBe(true);
    await proxied.close();
  });

  it('stores only a hash of the session id', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    await browser.signIn(user.email);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idHash).not.toBe(browser.cookie('session'));
  });

  it('answers the same code for a wrong password and an unknown address', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    const wrong = await browser.signIn(user.email, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(codes(wrong)).toEqual(['invalid_email_or_password']);
    expect(codes(await browser.signIn('ghost@agency.example', 'Wrong-password-1'))).toEqual(['invalid_email_or_password']);
  });

  it('rejects bad input with field errors before checking anything', async () => {
    const response = await new Browser(t.app).post('/users/sign_in.json', { user: { email: 'x', password: '' } });
    expect(response.statusCode).toBe(422);
  });

  it('tells a deactivated user "User is deactivated" only after the right password', async () => {
    const user = await createUser(t.database.db, { deactivatedAt: new Date('2026-06-01T00:00:00Z') });
    const browser = new Browser(t.app);
    expect(codes(await browser.signIn(user.email, 'Wrong-password-1'))).toEqual(['invalid_email_or_password']);
    const response = await browser.signIn(user.email);
    expect(response.json()).toEqual({ errors: [{ code: 'deactivated', message: 'User is deactivated' }] });
  });

  it('tells an account moved over without its password that it has not migrated; choosing one through a reset lets it in', async () => {
    const user = await createUser(t.database.db, { passwordHash: null });
    const browser = new Browser(t.app);
    const refused = await browser.signIn(user.email, 'Any-password-1');
    expect(refused.statusCode).toBe(401);
    expect(codes(refused)).toEqual(['user_not_migrated']);
    // Spec §8 "user has not migrated": the password-reset page gives it its password here.
    expect((await browser.post('/api/users/password_instructions', { email: user.email })).json()).toEqual({ ok: true });
    const token = linkParam(await lastMailTo(t.app, user.email), 'reset_password_token');
    const chosen = await browser.patch('/users/password', {
      user: { reset_password_token: token, password: 'Migrated-at-last-1', password_confirmation: 'Migrated-at-last-1' },
    });
    expect(chosen.statusCode).toBe(200);
    expect((await browser.signIn(user.email, 'Migrated-at-last-1')).statusCode).toBe(200);
    // An unconfirmed account has no password either, and is told nothing new.
    const unconfirmed = await createUser(t.database.db, { passwordHash: null, confirmedAt: null });
    expect(codes(await new Browser(t.app).signIn(unconfirmed.email, 'Any-password-1'))).toEqual(['invalid_email_or_password']);
  });

  it('gives a new session id at every sign-in and ends the one the browser held', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    await browser.signIn(user.email);
    const first = browser.cookie('session') ?? '';
    await browser.signIn(user.email);
    const second = browser.cookie('session') ?? '';
    expect(second).not.toBe(first);
    const stale = new Browser(t.app);
    stale.setCookie('session', first);
    expect((await stale.get('/api/current_user')).statusCode).toBe(401);
  });

  it('sign-out deletes the session on the server, not only the cookie', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    await browser.signIn(user.email);
    const token = browser.cookie('session') ?? '';
    expect((await browser.delete('/users/sign_out.json')).statusCode).toBe(204);
    expect(browser.cookie('session')).toBeUndefined();
    const replay = new Browser(t.app);
    replay.setCookie('session', token);
    expect(codes(await replay.get('/api/current_user'))).toEqual(['unauthenticated']);
  });

  it('expires a session after 14 idle days (timeout) and after 30 days in all', async () => {
    const user = await createUser(t.database.db);
    const idle = new Browser(t.app);
    await idle.signIn(user.email);
    t.services.clock.advance(days(13));
    expect((await idle.get('/api/current_user')).statusCode).toBe(200);
    t.services.clock.advance(days(13));
    expect((await idle.get('/api/current_user')).statusCode).toBe(200);
    t.services.clock.advance(days(14) + 1000);
    expect(codes(await idle.get('/api/current_user'))).toEqual(['timeout']);

    const busy = new Browser(t.app);
    await busy.signIn(user.email);
    for (let day = 0; day < 29; day += 1) {
      t.services.clock.advance(days(1));
      expect((await busy.get('/api/current_user')).statusCode).toBe(200);
    }
    t.services.clock.advance(days(1) + 1000);
    expect(codes(await busy.get('/api/current_user'))).toEqual(['timeout']);
  });
});

describe('lockout (issue #3: 10 failures lock for an hour)', () => {
  it('locks after 10 failures in a row, e-mails an unlock link, and the link unlocks', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app, { ip: '198.51.100.10' });
    // The tenth failure locks, but answers like any failure: a lock is only told to the right password.
    for (let i = 0; i < 10; i += 1)
      expect(codes(await browser.signIn(user.email, 'Wrong-password-1'))).toEqual(['invalid_email_or_password']);
    // Locked: even the right password is refused.
    expect(codes(await browser.signIn(user.email))).toEqual(['user_locked']);
    const mail = await lastMailTo(t.app, user.email);
    expect(mail.subject).toBe('Your account has been locked');
    const unlock = await browser.post('/api/users/unlock', { unlock_token: linkParam(mail, 'unlock_token') });
    expect(unlock.json()).toEqual({ ok: true });
    expect((await browser.signIn(user.email)).statusCode).toBe(200);
    expect(codes(await browser.post('/api/users/unlock', { unlock_token: linkParam(mail, 'unlock_token') }))).toEqual(['token_invalid']);
  });

  it('ends the lock by itself after an hour', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app, { ip: '198.51.100.11' });
    for (let i = 0; i < 10; i += 1) await browser.signIn(user.email, 'Wrong-password-1');
    t.services.clock.advance(minutes(59));
    expect(codes(await browser.signIn(user.email))).toEqual(['user_locked']);
    t.services.clock.advance(minutes(2));
    expect((await browser.signIn(user.email)).statusCode).toBe(200);
  });

  it('a success resets the count of failures', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app, { ip: '198.51.100.12' });
    for (let i = 0; i < 9; i += 1) await browser.signIn(user.email, 'Wrong-password-1');
    expect((await browser.signIn(user.email)).statusCode).toBe(200);
    expect(codes(await browser.signIn(user.email, 'Wrong-password-1'))).toEqual(['invalid_email_or_password']);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.failedSignInCount).toBe(1);
  });

  it('more than 100 failures an hour from one address get 429 with Retry-After, others are not affected', async () => {
    const user = await createUser(t.database.db);
    const attacker = new Browser(t.app, { ip: '192.0.2.200' });
    for (let i = 0; i < 100; i += 1) {
      const response = await attacker.signIn(`nobody${i}@agency.example`, 'Wrong-password-1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await attacker.signIn(user.email);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await new Browser(t.app, { ip: '192.0.2.201' }).signIn(user.email)).statusCode).toBe(200);
  }, 60_000);
});

describe('Origin check', () => {
  it('refuses unsafe methods from a foreign Origin with 403 and allows the same origin', async () => {
    const user = await createUser(t.database.db);
    const foreign = new Browser(t.app, { origin: 'https://evil.example' });
    const refused = await foreign.signIn(user.email);
    expect(refused.statusCode).toBe(403);
    expect(codes(refused)).toEqual(['forbidden_origin']);
    const same = new Browser(t.app, { origin: 'http://localhost:80' });
    expect((await same.signIn(user.email, PASSWORD)).statusCode).toBe(200);
    expect(codes(await foreign.delete('/users/sign_out.json'))).toEqual(['forbidden_origin']);
  });

  it('refuses an Origin that only equals the Host (DNS rebinding): the configured origins decide', async () => {
    const user = await createUser(t.database.db);
    const rebound = new Browser(t.app, { origin: 'http://rebind.evil.example:3000' });
    const refused = await rebound.post(
      '/users/sign_in.json',
      { user: { email: user.email, password: PASSWORD } },
      { headers: { host: 'rebind.evil.example:3000' } },
    );
    expect([refused.statusCode, codes(refused)]).toEqual([403, ['forbidden_origin']]);
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:5173', 'http://ru.localhost:3100']) {
      const local = await new Browser(t.app, { origin }).signIn(user.email, PASSWORD);
      expect(local.statusCode, origin).toBe(200);
    }
  });

  it('refuses a cross-site request without Origin when the browser says it is cross-site', async () => {
    const response = await new Browser(t.app).post(
      '/api/users/password_instructions',
      { email: 'a@b.example' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(response.statusCode).toBe(403);
  });

  it('lets safe methods through from anywhere', async () => {
    expect((await new Browser(t.app, { origin: 'https://evil.example' }).get('/api/locales')).statusCode).toBe(200);
  });
});
