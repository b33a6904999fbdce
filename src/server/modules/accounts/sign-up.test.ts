import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../../common/accounts.ts';
import { Browser, codes, errors, lastMailTo, linkParam, mailbox } from '../../test/http.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  user: { email, newsletter_notify: true, agreeTerms: true, ...extra },
});
const profile = (token: string, extra: Record<string, unknown> = {}) => ({
  user: {
    confirmation_token: token,
    first_name: 'Lina',
    last_name: 'Haddad',
    phone_number: '+971 4 555 0100',
    country_id: 1,
    notification_locale: 'ar',
    company_name: 'Gulf News Desk',
    not_a_company: false,
    promo_code: '',
    password: 'Desk-2026-news',
    password_confirmation: 'Desk-2026-news',
    ...extra,
  },
});

async function signUp(email: string, locale = 'en') {
  const browser = new Browser(t.app);
  const response = await browser.post(`/users?locale=${locale}`, signUpBody(email));
  expect(response.statusCode).toBe(201);
  return { browser, token: linkParam(await lastMailTo(t.app, email.toLowerCase()), 'confirmation_token') };
}

describe('sign-up (POST /users)', () => {
  it('creates an unconfirmed account, lower-cases the e-mail and sends the confirmation in the caller language', async () => {
    const response = await new Browser(t.app).post('/users?locale=es', signUpBody('  Nuevo.Usuario@Agencia.ES '));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: 'nuevo.usuario@agencia.es' });
    const mail = await lastMailTo(t.app, 'nuevo.usuario@agencia.es');
    expect(mail.subject).toBe('Confirma tu dirección de correo electrónico');
    expect(mail.text).toMatch(/\/es\/final-step\?confirmation_token=/);
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
  });

  it('writes the Arabic confirmation right-to-left', async () => {
    await new Browser(t.app).post('/users?locale=ar', signUpBody('arabic.desk@agency.example'));
    const mail = await lastMailTo(t.app, 'arabic.desk@agency.example');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.subject).toBe('أكّد عنوان بريدك الإلكتروني');
  });

  it('requires the terms box (spec: accounts §5)', async () => {
    const response = await new Browser(t.app).post('/users', signUpBody('terms@agency.example', { agreeTerms: false }));
    expect(response.statusCode).toBe(422);
    expect(errors(response)).toEqual([expect.objectContaining({ code: 'terms_required', field: 'user.agreeTerms' })]);
  });

  it('rejects an invalid e-mail with a field error', async () => {
    const response = await new Browser(t.app).post('/users', signUpBody('not-an-email'));
    expect(response.statusCode).toBe(422);
    expect(errors(response)).toEqual([expect.objectContaining({ code: 'email', field: 'user.email' })]);
  });

  it('answers email_taken on the email field for an address that has an account', async () => {
    await signUp('taken@agency.example');
    const response = await new Browser(t.app).post('/users', signUpBody('TAKEN@agency.example'));
    expect(response.statusCode).toBe(422);
    expect(errors(response)).toEqual([{ code: 'email_taken', field: 'email', message: 'has already been taken' }]);
  });

  it('GET /api/users/check_email tells whether an address is free', async () => {
    await signUp('check@agency.example');
    const browser = new Browser(t.app);
    expect((await browser.get('/api/users/check_email?email=Check@agency.example')).json()).toEqual({
      email: 'check@agency.example',
      available: false,
    });
    expect((await browser.get('/api/users/check_email?email=free@agency.example')).json()).toEqual({
      email: 'free@agency.example',
      available: true,
    });
    expect((await browser.get('/api/users/check_email?email=nope')).statusCode).toBe(422);
  });
});

describe('confirmation (final step)', () => {
  it('validates the profile: password rule, confirmation, company name unless not a company, known country', async () => {
    const { token } = await signUp('rules@agency.example');
    const browser = new Browser(t.app);
    const weak = await browser.patch('/users/confirmation.json', profile(token, { password: 'short1', password_confirmation: 'short1' }));
    expect(errors(weak)).toEqual([expect.objectContaining({ code: 'password', field: 'user.password' })]);
    const mismatch = await browser.patch('/users/confirmation.json', profile(token, { password_confirmation: 'Desk-2026-newz' }));
    expect(errors(mismatch)).toEqual([expect.objectContaining({ code: 'confirm', field: 'user.password_confirmation' })]);
    const noCompany = await browser.patch('/users/confirmation.json', profile(token, { company_name: '' }));
    expect(errors(noCompany)).toEqual([expect.objectContaining({ code: 'required', field: 'user.company_name' })]);
    // A CR/LF in a one-line field could forge an e-mail header where the name reaches a subject.
    const forged = await browser.patch(
      '/users/confirmation.json',
      profile(token, { company_name: 'Gulf\r\nBcc: victim@evil.example', first_name: 'Lina\u0007' }),
    );
    expect(errors(forged)).toEqual([
      expect.objectContaining({ code: 'single_line', field: 'user.first_name' }),
      expect.objectContaining({ code: 'single_line', field: 'user.company_name' }),
    ]);
    const country = await browser.patch('/users/confirmation.json', profile(token, { country_id: 99999 }));
    expect(codes(country)).toEqual(['unknown_country']);
    const missing = await browser.patch('/users/confirmation.json', { user: { confirmation_token: token } });
    expect(missing.statusCode).toBe(422);
    expect(errors(missing).map((e) => e.field)).toEqual(expect.arrayContaining(['user.first_name', 'user.last_name', 'user.password']));
  });

  it('confirms, signs in and shows the current user with exactly the spec fields', async () => {
    const { token } = await signUp('final@agency.example');
    const browser = new Browser(t.app);
    expect((await browser.get(`/api/users/check_confirmation_token?confirmation_token=${token}`)).json()).toEqual({
      email: 'final@agency.example',
      confirmed: false,
    });
    const response = await browser.patch('/users/confirmation.json', profile(token));
    expect(response.statusCode).toBe(200);
    expect(browser.cookie('session')).toBeTruthy();
    const me = await browser.get('/api/current_user');
    expect(me.statusCode).toBe(200);
    const user = currentUserSchema.strict().parse(me.json());
    expect(user).toMatchObject({
      email: 'final@agency.example',
      country_id: 1,
      company: { country_id: 1, vat_id: null, has_no_vat: false },
      user_group: 'other',
      admin_group: null,
      members_count: 0,
      only_one_off: false,
      terms_accepted: true,
      agreement_types: [],
    });
    expect(Object.keys(me.json<object>()).sort()).toEqual(
      [
        'accepted_release_notes',
        'admin_group',
        'agreement_types',
        'company',
        'country_id',
        'email',
        'has_limit_agreements',
        'id',
        'members_count',
        'only_one_off',
        'terms_accepted',
        'time_zone',
        'user_group',
      ].sort(),
    );
    // Whoever names a new company runs its team (spec §6): the company answers them as its master.
    const team = await browser.get('/api/current_user/company');
    expect(team.statusCode).toBe(200);
    expect(team.json<{ name: string; owners: { email: string }[] }>()).toMatchObject({
      name: 'Gulf News Desk',
      owners: [expect.objectContaining({ email: 'final@agency.example' })],
    });
  });

  it('a not-a-company user gets no company', async () => {
    const { token } = await signUp('freelance@agency.example');
    const browser = new Browser(t.app);
    await browser.patch('/users/confirmation.json', profile(token, { company_name: '', not_a_company: true }));
    expect(currentUserSchema.parse((await browser.get('/api/current_user')).json()).company).toBeNull();
  });

  it('uses a link once: a second use fails and the link then reads as already confirmed', async () => {
    const { token } = await signUp('once@agency.example');
    expect((await new Browser(t.app).patch('/users/confirmation.json', profile(token))).statusCode).toBe(200);
    const again = await new Browser(t.app).patch('/users/confirmation.json', profile(token));
    expect(again.statusCode).toBe(422);
    expect(codes(again)).toEqual(['token_invalid']);
    expect((await new Browser(t.app).get(`/api/users/check_confirmation_token?confirmation_token=${token}`)).json()).toMatchObject({
      confirmed: true,
    });
  });

  it('expires a link after 3 days; the expired link still finds the account to send a new one', async () => {
    const { token } = await signUp('late@agency.example');
    t.services.clock.advance(days(3) + 1000);
    const browser = new Browser(t.app);
    expect(codes(await browser.get(`/api/users/check_confirmation_token?confirmation_token=${token}`))).toEqual(['token_invalid']);
    expect(codes(await browser.patch('/users/confirmation.json', profile(token)))).toEqual(['token_invalid']);
    const unconfirmed = (await browser.get(`/api/users/unconfirmed.json?token=${token}`)).json<{ id: number; email: string }>();
    expect(unconfirmed.email).toBe('late@agency.example');
    const before = (await mailbox(t.app)).length;
    expect((await browser.post(`/api/users/${unconfirmed.id}/confirmation_instructions`)).json()).toEqual({ ok: true });
    expect((await mailbox(t.app)).length).toBe(before + 1);
    const fresh = linkParam(await lastMailTo(t.app, 'late@agency.example'), 'confirmation_token');
    expect(fresh).not.toBe(token);
    expect((await browser.patch('/users/confirmation.json', profile(fresh))).statusCode).toBe(200);
  });

  it('an unknown token is token_invalid everywhere', async () => {
    const browser = new Browser(t.app);
    expect(codes(await browser.get('/api/users/check_confirmation_token?confirmation_token=nope'))).toEqual(['token_invalid']);
    expect(codes(await browser.get('/api/users/unconfirmed.json?token=nope'))).toEqual(['token_invalid']);
  });
});

describe('unconfirmed accounts', () => {
  it('cannot sign in and can ask for the confirmation again; the answer is the same for unknown addresses', async () => {
    await signUp('pending@agency.example');
    const browser = new Browser(t.app);
    // No password is set before the final step, so no password is right: the answer is a plain failure.
    expect(codes(await browser.signIn('pending@agency.example', 'Whatever-123'))).toEqual(['invalid_email_or_password']);
    const before = (await mailbox(t.app)).length;
    const known = await browser.post('/api/users/registrations', { email: 'pending@agency.example' });
    const unknown = await browser.post('/api/users/registrations', { email: 'nobody@agency.example' });
    expect(known.json()).toEqual({ ok: true });
    expect(unknown.json()).toEqual(known.json());
    expect((await mailbox(t.app)).length).toBe(before + 1);
  });

  it('limits resends per address with 429 and Retry-After', async () => {
    const browser = new Browser(t.app, { ip: '203.0.113.77' });
    let last = await browser.post('/api/users/registrations', { email: 'someone@agency.example' });
    for (let i = 0; i < 10; i += 1) last = await browser.post('/api/users/registrations', { email: 'someone@agency.example' });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
