import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, latestReleaseNoteResponseSchema, profileSchema, termsOfServiceSchema } from '../../../common/accounts.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decrypt } from '../security/crypto.ts';
import { SESSION_COOKIE } from './auth.ts';
import { marketingOutbox, releaseNotes, termsVersions, users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database.db, overrides);
  const browser = new Browser(t.app);
  await browser.signIn(user.email);
  return { user, browser };
}

describe('GET /api/current_user', () => {
  it('answers 401 unauthenticated to a visitor', async () => {
    const response = await new Browser(t.app).get('/api/current_user');
    expect(response.statusCode).toBe(401);
    expect(codes(response)).toEqual(['unauthenticated']);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('counts the other members of the company and carries the groups', async () => {
    await createUser(t.database.db, { company: 'Nordic Wire' });
    await createUser(t.database.db, { company: 'Nordic Wire' });
    const { browser } = await signedIn({ company: 'Nordic Wire', userGroup: 'customer', adminGroup: 'client_supervisor' });
    const user = currentUserSchema.parse((await browser.get('/api/current_user')).json());
    expect(user).toMatchObject({ members_count: 2, user_group: 'customer', admin_group: 'client_supervisor' });
  });
  it('callers whose sessions are read at once (one statement for many) are each answered as themselves; a bogus cookie among them is a visitor', async () => {
    const callers = await Promise.all(Array.from({ length: 12 }, () => signedIn()));
    const bogus = new Browser(t.app);
    bogus.setCookie(SESSION_COOKIE, 'not-a-session');
    const [answers, visitor] = await Promise.all([
      Promise.all([...callers, ...callers].map(({ browser }) => browser.get('/api/current_user'))),
      bogus.get('/api/current_user'),
    ]);
    const emails = answers.map((answer) => currentUserSchema.parse(answer.json()).email);
    expect(emails).toEqual([...callers, ...callers].map(({ user }) => user.email));
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /api/current_user/roles', () => {
  it('says whether the user is an admin (who copies without the copy notice) and their desk roles; a visitor gets 401', async () => {
    expect((await new Browser(t.app).get('/api/current_user/roles')).statusCode).toBe(401);
    const { browser: customer } = await signedIn({});
    // A user without a company runs their own integration (API keys, webhooks); a member does not.
    expect((await customer.get('/api/current_user/roles')).json()).toEqual({
      admin: false,
      desk_roles: [],
      planning: false,
      integrations: true,
    });
    const { browser: member } = await signedIn({ company: 'Roles team', companyRole: 'member' });
    expect((await member.get('/api/current_user/roles')).json()).toMatchObject({ integrations: false });
    // An admin's session, as after the two-factor step.
    const admin = new Browser(t.app);
    admin.setCookie(
      'session',
      await createSessionToken(
        t.database.db,
        await createUser(t.database.db, { isAdmin: true, deskRoles: ['editor', 'live'] }),
        t.services.clock.now(),
      ),
    );
    expect((await admin.get('/api/current_user/roles')).json()).toMatchObject({ admin: true, desk_roles: ['editor', 'live'] });
  });
});

describe('PATCH /api/current_user (profile)', () => {
  it('updates the profile fields of the spec and shows them on the profile', async () => {
    const { browser } = await signedIn();
    const response = await browser.patch('/api/current_user', {
      user: {
        first_name: 'Omar',
        last_name: 'Said',
        phone_number: '+20 2 2345 6789',
        country_id: 5,
        company_name: 'Nile Pictures',
        tvu_email: 'TVU@Nile.example',
        notification_locale: 'ar',
        time_zone: 'Africa/Cairo',
        live_event_notifications: false,
        video_branding_notifications: false,
        newsletter: true,
        ftp_server: 'ftp.nile.example',
        ftp_username: 'omar',
        ftp_password: 'ftp-secret',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(currentUserSchema.parse(response.json())).toMatchObject({ country_id: 5, time_zone: 'Africa/Cairo' });
    const profile = profileSchema.parse((await browser.get('/api/current_user/profile')).json());
    expect(profile).toMatchObject({
      first_name: 'Omar',
      tvu_email: 'tvu@nile.example',
      notification_locale: 'ar',
      live_event_notifications: false,
      newsletter: true,
      ftp: { server: 'ftp.nile.example', username: 'omar', password_set: true },
    });
    expect(JSON.stringify(profile)).not.toContain('ftp-secret');
  });

  it('stores the FTP password encrypted, and an empty one clears it', async () => {
    const { user, browser } = await signedIn();
    await browser.patch('/api/current_user', { user: { ftp_password: 'pa55-word' } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.ftpPasswordEncrypted).not.toContain('pa55-word');
    expect(decrypt(row?.ftpPasswordEncrypted ?? '', t.services.secret)).toBe('pa55-word');
    await browser.patch('/api/current_user', { user: { ftp_password: '' } });
    expect(profileSchema.parse((await browser.get('/api/current_user/profile')).json()).ftp.password_set).toBe(false);
  });

  it('refuses an unknown time zone or country, and a bad phone or TVU e-mail', async () => {
    const { browser } = await signedIn();
    expect(errors(await browser.patch('/api/current_user', { user: { time_zone: 'Mars/Olympus' } }))).toEqual([
      expect.objectContaining({ code: 'unknown_time_zone', field: 'time_zone' }),
    ]);
    expect(codes(await browser.patch('/api/current_user', { user: { country_id: 4242 } }))).toEqual(['unknown_country']);
    expect(errors(await browser.patch('/api/current_user', { user: { phone_number: 'call me' } }))).toEqual([
      expect.objectContaining({ code: 'phone', field: 'user.phone_number' }),
    ]);
    expect(errors(await browser.patch('/api/current_user', { user: { tvu_email: 'nope' } }))).toEqual([
      expect.objectContaining({ code: 'email', field: 'user.tvu_email' }),
    ]);
  });

  it('sets the company VAT through company_attributes, and "no VAT" clears the id', async () => {
    const { browser } = await signedIn({ company: 'Baltic Feed' });
    const withVat = currentUserSchema.parse(
      (await browser.patch('/api/current_user', { user: { company_attributes: { vat_id: 'LV40003245752' } } })).json(),
    );
    expect(withVat.company).toMatchObject({ vat_id: 'LV40003245752', has_no_vat: false });
    const noVat = currentUserSchema.parse(
      (await browser.patch('/api/current_user', { user: { company_attributes: { has_no_vat: true } } })).json(),
    );
    expect(noVat.company).toMatchObject({ vat_id: null, has_no_vat: true });
  });

  it('needs a signed-in user', async () => {
    expect((await new Browser(t.app).patch('/api/current_user', { user: { first_name: 'X' } })).statusCode).toBe(401);
  });
});

describe('terms of service', () => {
  it('serves the terms in the caller language, and search keeps the sections that mention the term', async () => {
    const terms = termsOfServiceSchema.parse((await new Browser(t.app).get('/api/terms_of_service?locale=ru')).json());
    expect(terms.popup_content).toContain('Условия использования');
    expect(terms.content).toContain('<h2>2. Лицензии</h2>');
    const searched = termsOfServiceSchema.parse((await new Browser(t.app).get('/api/terms_of_service?search=refund')).json());
    expect(searched.content).toContain('Payments and refunds');
    expect(searched.content).not.toContain('Restrictions');
  });

  it('a new version makes the user accept again; accepting reloads terms_accepted', async () => {
    const { browser } = await signedIn();
    expect(currentUserSchema.parse((await browser.get('/api/current_user')).json()).terms_accepted).toBe(true);
    await t.database.db.insert(termsVersions).values({
      version: 2,
      publishedAt: t.services.clock.now(),
      popupContent: { en: 'v2', es: 'v2', ru: 'v2', ar: 'v2' },
      content: { en: '<h2>v2</h2>', es: '<h2>v2</h2>', ru: '<h2>v2</h2>', ar: '<h2>v2</h2>' },
    });
    expect(currentUserSchema.parse((await browser.get('/api/current_user')).json()).terms_accepted).toBe(false);
    const accepted = currentUserSchema.parse((await browser.post('/api/current_user/accept_terms_of_service')).json());
    expect(accepted.terms_accepted).toBe(true);
    await t.database.db.delete(termsVersions).where(eq(termsVersions.version, 2));
  });
});

describe('release notes', () => {
  it('serves the latest published note; accepting records it in accepted_release_notes', async () => {
    await t.database.db.insert(releaseNotes).values({
      published: false,
      publishedAt: null,
      titles: { en: 'Draft', es: 'Draft', ru: 'Draft', ar: 'Draft' },
      texts: { en: 'Draft', es: 'Draft', ru: 'Draft', ar: 'Draft' },
    });
    const [note] = await t.database.db
      .insert(releaseNotes)
      .values({
        published: true,
        publishedAt: t.services.clock.now(),
        titles: { en: 'Search', es: 'Búsqueda', ru: 'Поиск', ar: 'البحث' },
        texts: { en: 'Faster search', es: 'Búsqueda más rápida', ru: 'Быстрый поиск', ar: 'بحث أسرع' },
      })
      .returning();
    const latest = latestReleaseNoteResponseSchema.parse((await new Browser(t.app).get('/api/system/latest_release_notes')).json());
    expect(latest).toMatchObject({ id: note?.id, published: true, title_es: 'Búsqueda', text_ar: 'بحث أسرع' });

    const { browser } = await signedIn();
    const accepted = currentUserSchema.parse((await browser.post('/api/current_user/accept_release_note', { id: note?.id })).json());
    expect(Object.keys(accepted.accepted_release_notes)).toEqual([String(note?.id)]);
    expect(codes(await browser.post('/api/current_user/accept_release_note', { id: 999999 }))).toEqual(['release_note_not_found']);
  });
});

describe('newsletter', () => {
  it('records when the popup was shown and the opt-in for the marketing sync', async () => {
    const { user, browser } = await signedIn();
    const shown = (await browser.patch('/api/system/newsletterrs_popup_dates')).json<{ newsletter_popup_shown_at: string }>();
    expect(shown.newsletter_popup_shown_at).toBe(t.services.clock.now().toISOString());
    expect((await browser.post('/api/current_user/send_to_pardot')).json()).toEqual({ ok: true });
    const rows = await t.database.db.select().from(marketingOutbox).where(eq(marketingOutbox.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: user.email, syncedAt: null });
    expect(profileSchema.parse((await browser.get('/api/current_user/profile')).json()).newsletter).toBe(true);
    expect((await new Browser(t.app).post('/api/current_user/send_to_pardot')).statusCode).toBe(401);
  });
});

describe('dev tools (embedded default only)', () => {
  it('POST /dev/users/terms_reset makes a user accept the terms again', async () => {
    const { user, browser } = await signedIn();
    expect((await browser.post('/dev/users/terms_reset', { email: user.email })).json()).toEqual({ ok: true });
    expect(currentUserSchema.parse((await browser.get('/api/current_user')).json()).terms_accepted).toBe(false);
    // The same answer for an address without an account: the tool does not tell who has one.
    expect((await browser.post('/dev/users/terms_reset', { email: 'nobody@agency.example' })).json()).toEqual({ ok: true });
  });
});
