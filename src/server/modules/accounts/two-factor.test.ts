import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { Browser, codes, errors, lastMailTo } from '../../test/http.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VERIFY = '/api/admin/users/admins/token_verifications';

async function adminAtSecondStep(ip = '127.0.0.1') {
  const admin = await createUser(t.database.db, { isAdmin: true, profileLocale: 'ru' });
  const browser = new Browser(t.app, { ip });
  const first = await browser.signIn(admin.email);
  expect(first.statusCode).toBe(401);
  expect(codes(first)).toEqual(['user_need_2FA']);
  const mail = await lastMailTo(t.app, admin.email);
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1] ?? '';
  return { admin, browser, code, mail };
}

describe('admin two-factor sign-in (spec: accounts §6, §8)', () => {
  it('asks an admin for the e-mailed 4-character code and signs in with it', async () => {
    const { browser, code, mail } = await adminAtSecondStep();
    expect(code).toMatch(/^\d{4}$/);
    expect(mail.subject).toBe(`Ваш код входа: ${code}`);
    expect(browser.cookie('session')).toBeUndefined();
    const response = await browser.post(VERIFY, { token: code });
    expect(response.statusCode).toBe(200);
    expect(browser.cookie('session')).toBeTruthy();
    expect((await browser.get('/api/current_user')).statusCode).toBe(200);
  });

  it('answers 404 "Wrong verification code" to a wrong code', async () => {
    const { browser, code } = await adminAtSecondStep();
    const wrong = code === '0000' ? '1111' : '0000';
    const response = await browser.post(VERIFY, { token: wrong });
    expect(response.statusCode).toBe(404);
    expect(errors(response)).toEqual([{ code: 'wrong_verification_code', message: 'Wrong verification code' }]);
    expect((await browser.post(VERIFY, { token: code })).statusCode).toBe(200);
  });

  it('after 5 wrong codes answers 403 with the last attempt address, even to the right code', async () => {
    const { browser, code } = await adminAtSecondStep('203.0.113.9');
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i += 1) expect((await browser.post(VERIFY, { token: wrong })).statusCode).toBe(404);
    const fifth = await browser.post(VERIFY, { token: wrong });
    expect(fifth.statusCode).toBe(403);
    expect(errors(fifth)).toEqual([
      { code: 'two_factor_locked', message: 'Login error. Last attempt from 203.0.113.9', meta: { ip: '203.0.113.9' } },
    ]);
    expect((await browser.post(VERIFY, { token: code })).statusCode).toBe(403);
  });

  it('uses a code once and only for 10 minutes', async () => {
    const first = await adminAtSecondStep();
    expect((await first.browser.post(VERIFY, { token: first.code })).statusCode).toBe(200);
    expect(codes(await first.browser.post(VERIFY, { token: first.code }))).toEqual(['two_factor_expired']);

    const late = await adminAtSecondStep();
    t.services.clock.advance(minutes(10) + 1000);
    expect(codes(await late.browser.post(VERIFY, { token: late.code }))).toEqual(['two_factor_expired']);
  });

  it('needs the browser that passed the password step', async () => {
    const { code } = await adminAtSecondStep();
    expect(codes(await new Browser(t.app).post(VERIFY, { token: code }))).toEqual(['two_factor_expired']);
  });

  it('validates the token: required, at most 4 characters', async () => {
    const { browser } = await adminAtSecondStep();
    expect(errors(await browser.post(VERIFY, { token: '' }))).toEqual([expect.objectContaining({ code: 'required', field: 'token' })]);
    expect(errors(await browser.post(VERIFY, { token: '12345' }))).toEqual([
      expect.objectContaining({ code: 'max_length', field: 'token' }),
    ]);
  });
});

describe('admin actions', () => {
  it('answer not_admin ("You are not admin") to a signed-in non-admin, 401 to a visitor, and work for an admin', async () => {
    const url = '/api/admin/content/live/events/restrictions_dictionary_values?locale=es';
    expect((await new Browser(t.app).get(url)).statusCode).toBe(401);
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    await browser.signIn(user.email);
    const refused = await browser.get(url);
    expect(refused.statusCode).toBe(403);
    expect(errors(refused)).toEqual([{ code: 'not_admin', message: 'You are not admin' }]);

    const { browser: admin, code } = await adminAtSecondStep();
    await admin.post(VERIFY, { token: code });
    const allowed = await admin.get(url);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual(expect.arrayContaining([{ code: 'broadcast_only', name: 'Solo para emisión' }]));
  });
});
