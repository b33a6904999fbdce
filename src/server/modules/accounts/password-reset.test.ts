import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD } from '../../test/factories.ts';
import { Browser, codes, errors, lastMailTo, linkParam, mailbox } from '../../test/http.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-new-2027';
const reset = (token: string, password = NEW_PASSWORD, confirmation = password) => ({
  user: { reset_password_token: token, password, password_confirmation: confirmation },
});

async function requestReset(email: string, ip = '127.0.0.1') {
  const response = await new Browser(t.app, { ip }).post('/api/users/password_instructions', { email });
  expect(response.json()).toEqual({ ok: true });
  return linkParam(await lastMailTo(t.app, email), 'reset_password_token');
}

describe('forgotten password', () => {
  it('answers the same whether or not the address has an account, and mails only real accounts', async () => {
    const user = await createUser(t.database.db, { profileLocale: 'es' });
    const before = (await mailbox(t.app)).length;
    const browser = new Browser(t.app);
    const known = await browser.post('/api/users/password_instructions', { email: user.email });
    const unknown = await browser.post('/api/users/password_instructions', { email: 'nobody@agency.example' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mails = await mailbox(t.app);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]).toMatchObject({ to: user.email, subject: 'Restablece tu contraseña' });
    expect(mails[0]?.text).toMatch(/\/es\/new-password\?reset_password_token=/);
  });

  it('sets a new password that works, the old one no longer does, and every session ends', async () => {
    const user = await createUser(t.database.db);
    const signedIn = new Browser(t.app);
    await signedIn.signIn(user.email);
    const token = await requestReset(user.email);
    const response = await new Browser(t.app).patch('/users/password', reset(token));
    expect(response.json()).toEqual({ ok: true });
    expect((await signedIn.get('/api/current_user')).statusCode).toBe(401);
    expect(codes(await new Browser(t.app).signIn(user.email, PASSWORD))).toEqual(['invalid_email_or_password']);
    expect((await new Browser(t.app).signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('uses a link once and only for an hour (the expired-link text)', async () => {
    const user = await createUser(t.database.db);
    const token = await requestReset(user.email);
    expect((await new Browser(t.app).patch('/users/password', reset(token))).statusCode).toBe(200);
    const again = await new Browser(t.app).patch('/users/password', reset(token, 'Another-pass-3'));
    expect(errors(again)).toEqual([{ code: 'token_invalid', message: 'The link has expired or has already been used' }]);

    const late = await requestReset(user.email);
    t.services.clock.advance(minutes(61));
    expect(codes(await new Browser(t.app).patch('/users/password', reset(late)))).toEqual(['token_invalid']);
  });

  it('voids an older link when a newer one is sent', async () => {
    const user = await createUser(t.database.db);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect(codes(await new Browser(t.app).patch('/users/password', reset(first)))).toEqual(['token_invalid']);
    expect((await new Browser(t.app).patch('/users/password', reset(second))).statusCode).toBe(200);
  });

  it('applies the password rule and the confirmation', async () => {
    const user = await createUser(t.database.db);
    const token = await requestReset(user.email);
    const browser = new Browser(t.app);
    expect(errors(await browser.patch('/users/password', reset(token, 'letters-only')))).toEqual([
      expect.objectContaining({ code: 'password', field: 'user.password' }),
    ]);
    expect(errors(await browser.patch('/users/password', reset(token, 'Good-pass-1', 'Good-pass-2')))).toEqual([
      expect.objectContaining({ code: 'confirm', field: 'user.password_confirmation' }),
    ]);
    expect(errors(await browser.patch('/users/password', reset(token, 'Good-pass-1', '')))).toEqual([
      expect.objectContaining({ code: 'required', field: 'user.password_confirmation' }),
    ]);
    expect(errors(await browser.patch('/users/password', reset(token, `A1${'x'.repeat(127)}`)))).toEqual([
      expect.objectContaining({ code: 'password_too_long', field: 'user.password' }),
    ]);
  });

  it('limits requests per address with 429 and Retry-After', async () => {
    const browser = new Browser(t.app, { ip: '203.0.113.50' });
    let last = await browser.post('/api/users/password_instructions', { email: 'x@agency.example' });
    for (let i = 0; i < 10; i += 1) last = await browser.post('/api/users/password_instructions', { email: 'x@agency.example' });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });
});

describe('password change from the profile', () => {
  it('needs the current password and ends the other sessions but not this one', async () => {
    const user = await createUser(t.database.db);
    const here = new Browser(t.app);
    const elsewhere = new Browser(t.app);
    await here.signIn(user.email);
    await elsewhere.signIn(user.email);
    const body = (current: string) => ({
      user: { current_password: current, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    const wrong = await here.patch('/api/current_user/password', body('Not-my-pass-1'));
    expect(errors(wrong)).toEqual([{ code: 'current_password_invalid', field: 'current_password', message: 'is invalid' }]);
    expect((await here.patch('/api/current_user/password', body(PASSWORD))).statusCode).toBe(200);
    expect((await here.get('/api/current_user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/current_user')).statusCode).toBe(401);
    expect((await new Browser(t.app).signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect(
      (
        await new Browser(t.app).patch('/api/current_user/password', {
          user: { current_password: 'x', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });
});
