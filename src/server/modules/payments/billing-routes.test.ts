import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../../common/accounts.ts';
import { billingSettingsSchema } from '../../../common/billing.ts';
import { errorBodySchema } from '../../../common/errors.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { companies, users } from '../accounts/schema.ts';
import { countries } from '../reference/schema.ts';
import { billingCountry, billingSnapshot } from './billing.ts';

const PATH = '/api/current_user/billing_settings';

let t: TestApp;
const countryIds: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.database.db.select({ id: countries.id, code: countries.code }).from(countries)) countryIds[row.code] = row.id;
});
afterAll(() => t.close());

const country = (code: string) => {
  const id = countryIds[code];
  if (id === undefined) throw new Error(`no country ${code} in the reference data`);
  return id;
};

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database.db, overrides);
  const browser = new Browser(t.app);
  browser.setCookie('session', await createSessionToken(t.database.db, user, t.services.clock.now()));
  return { user, browser };
}

const read = (browser: Browser) => browser.get(PATH);
const save = (browser: Browser, payload: unknown) => browser.request({ method: 'PUT', url: PATH, payload: payload as string });
const settings = (response: { json(): unknown }) => billingSettingsSchema.parse(response.json());

/** A complete individual's billing, as the form sends it. */
const person = (overrides: Record<string, unknown> = {}) => ({
  kind: 'individual',
  first_name: 'Ines',
  last_name: 'Ortega',
  email: 'ines@invoices.example',
  address_1: 'Calle Mayor 1',
  address_2: '',
  zip: '28013',
  city: 'Madrid',
  country_id: country('ES'),
  region: '',
  ...overrides,
});
const firm = (overrides: Record<string, unknown> = {}) =>
  person({ kind: 'company', company_name: 'Rheinland TV GmbH', vat_id: 'DE123456789', country_id: country('DE'), ...overrides });

describe('GET /api/current_user/billing_settings before anything is saved', () => {
  it("suggests the profile's names, e-mail, country, company name and the company's VAT", async () => {
    const { user, browser } = await signedIn({ company: 'Nordsee Bild', firstName: 'Nils', lastName: 'Nord', countryId: country('DE') });
    await t.database.db
      .update(companies)
      .set({ vatId: 'DE811907980' })
      .where(eq(companies.id, user.companyId ?? 0));
    const response = await read(browser);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(settings(response)).toEqual({
      kind: 'company',
      first_name: 'Nils',
      last_name: 'Nord',
      email: user.email,
      company_name: 'Nordsee Bild',
      vat_id: 'DE811907980',
      has_no_vat: false,
      address_1: '',
      address_2: '',
      zip: '',
      city: '',
      country_id: country('DE'),
      region: '',
      complete: true,
    });
  });

  it('a person without a company is an individual; without a country the settings are not complete', async () => {
    const { browser } = await signedIn({ notACompany: true, countryId: null });
    expect(settings(await read(browser))).toMatchObject({
      kind: 'individual',
      company_name: '',
      vat_id: null,
      country_id: null,
      complete: false,
    });
  });
});

describe('PUT /api/current_user/billing_settings', () => {
  it('stores the settings and reads them back', async () => {
    const { browser } = await signedIn({ countryId: country('FR') });
    const body = person({ first_name: ' Ines ', email: 'Ines@Invoices.EXAMPLE', address_2: 'Piso 3', region: 'Comunidad de Madrid' });
    const saved = await save(browser, { billing_settings: body });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      ...person({ address_2: 'Piso 3', region: 'Comunidad de Madrid' }),
      company_name: '',
      vat_id: null,
      has_no_vat: false,
      complete: true,
    };
    expect(settings(saved)).toEqual(expected);
    expect(settings(await read(browser))).toEqual(expected);
    // Saving again replaces what was stored.
    expect(settings(await save(browser, { billing_settings: person({ city: 'Sevilla' }) })).city).toBe('Sevilla');
    expect(settings(await read(browser)).city).toBe('Sevilla');
  });

  it('an individual drops the company fields it was sent', async () => {
    const { browser } = await signedIn();
    const saved = settings(
      await save(browser, { billing_settings: person({ company_name: 'Ghost Ltd', vat_id: 'ES12345678', has_no_vat: true }) }),
    );
    expect(saved).toMatchObject({ kind: 'individual', company_name: '', vat_id: null, has_no_vat: false });
  });

  it.each([
    ['first_name', { first_name: '  ' }, 'required'],
    ['last_name', { last_name: '' }, 'required'],
    ['email', { email: '' }, 'required'],
    ['email', { email: 'not-an-address' }, 'email'],
    ['address_1', { address_1: '' }, 'required'],
    ['zip', { zip: '' }, 'required'],
    ['city', { city: '' }, 'required'],
    ['country_id', { country_id: null }, 'required'],
    ['country_id', { country_id: undefined }, 'required'],
    ['country_id', { country_id: 2_147_483_648 }, 'number'],
    ['kind', { kind: 'cooperative' }, 'required'],
    ['city', { city: 'x'.repeat(101) }, 'max_length'],
  ])('refuses a bad %s (%j) with 422 and the field named', async (field, overrides, code) => {
    const { browser } = await signedIn();
    const response = await save(browser, { billing_settings: person(overrides) });
    expect(response.statusCode, response.body).toBe(422);
    // Only that field is at fault; its first message is the one the form shows.
    const items = errors(response);
    expect(items.map((item) => item.field)).toEqual(items.map(() => `billing_settings.${field}`));
    expect(items[0]?.code).toBe(code);
  });

  it('address 2 and region are optional', async () => {
    const { browser } = await signedIn();
    const body = person();
    delete (body as Partial<typeof body>).address_2;
    delete (body as Partial<typeof body>).region;
    expect(settings(await save(browser, { billing_settings: body }))).toMatchObject({ address_2: '', region: '' });
  });

  it('a company needs its name, and a VAT id of letters and digits (2 to 16) or "No VAT ID"', async () => {
    const { browser } = await signedIn();
    const refused = async (overrides: Record<string, unknown>) => errors(await save(browser, { billing_settings: firm(overrides) }));
    expect(await refused({ company_name: '' })).toEqual([
      expect.objectContaining({ code: 'required', field: 'billing_settings.company_name' }),
    ]);
    expect(await refused({ vat_id: '' })).toEqual([expect.objectContaining({ code: 'required', field: 'billing_settings.vat_id' })]);
    expect(await refused({ vat_id: null, has_no_vat: false })).toEqual([
      expect.objectContaining({ code: 'required', field: 'billing_settings.vat_id' }),
    ]);
    for (const vatId of ['D', 'DE_123456789', 'DE12345678901234567', 'ÜBER123'])
      expect(await refused({ vat_id: vatId }), vatId).toEqual([
        expect.objectContaining({ code: 'letters_digits', field: 'billing_settings.vat_id' }),
      ]);
    expect(await refused({ vat_id: 'x'.repeat(21) })).toEqual([
      expect.objectContaining({ code: 'max_length', field: 'billing_settings.vat_id' }),
    ]);
  });

  it('keeps a VAT id without spaces, dots or hyphens, upper-cased', async () => {
    const { browser } = await signedIn();
    expect(settings(await save(browser, { billing_settings: firm({ vat_id: ' de 123.456-789 ' }) })).vat_id).toBe('DE123456789');
  });

  it('"No VAT ID" clears the id', async () => {
    const { browser } = await signedIn({ company: 'Clear Cut Media' });
    await save(browser, { billing_settings: firm() });
    const cleared = settings(await save(browser, { billing_settings: firm({ vat_id: 'DE123456789', has_no_vat: true }) }));
    expect(cleared).toMatchObject({ kind: 'company', vat_id: null, has_no_vat: true });
    expect(settings(await read(browser))).toMatchObject({ vat_id: null, has_no_vat: true });
  });

  it('refuses an unknown country with the field named', async () => {
    const { browser } = await signedIn();
    const response = await save(browser, { billing_settings: person({ country_id: 4242 }) });
    expect(response.statusCode).toBe(422);
    expect(errors(response)).toEqual([expect.objectContaining({ code: 'unknown_country', field: 'billing_settings.country_id' })]);
  });
});

describe("the company's VAT and the billing VAT never disagree", () => {
  const companyOf = async (browser: Browser) => currentUserSchema.parse((await browser.get('/api/current_user')).json()).company;

  it("saving a company's VAT id sets the company's, and No VAT ID clears it there too", async () => {
    const { browser } = await signedIn({ company: 'Elbe Kurier' });
    await save(browser, { billing_settings: firm({ vat_id: 'DE 123 456 789' }) });
    expect(await companyOf(browser)).toMatchObject({ vat_id: 'DE123456789', has_no_vat: false });
    await save(browser, { billing_settings: firm({ has_no_vat: true }) });
    expect(await companyOf(browser)).toMatchObject({ vat_id: null, has_no_vat: true });
  });

  it('a user without a company gets one, as PATCH /api/current_user company_attributes does', async () => {
    const { user, browser } = await signedIn({ countryId: country('AT') });
    expect(await companyOf(browser)).toBeNull();
    await save(browser, { billing_settings: firm({ company_name: 'Alpen Studio', vat_id: 'ATU12345678', country_id: country('AT') }) });
    expect(await companyOf(browser)).toMatchObject({ vat_id: 'ATU12345678', has_no_vat: false, country_id: country('AT') });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, row?.companyId ?? 0));
    expect(company?.name).toBe('Alpen Studio');
  });

  it("a VAT id the profile sets afterwards is the one the billing shows; an individual's billing leaves the company alone", async () => {
    const { browser } = await signedIn({ company: 'Mosel Media' });
    await save(browser, { billing_settings: firm() });
    await browser.patch('/api/current_user', { user: { company_attributes: { vat_id: 'DE999999999' } } });
    expect(settings(await read(browser))).toMatchObject({ vat_id: 'DE999999999', has_no_vat: false });
    await save(browser, { billing_settings: person() });
    expect(await companyOf(browser)).toMatchObject({ vat_id: 'DE999999999' });
    expect(settings(await read(browser))).toMatchObject({ kind: 'individual', vat_id: null });
  });
});

describe('who may read and save billing settings (spec accounts §6)', () => {
  const CALLERS = [
    { who: 'a guest', overrides: null, status: 401, code: 'unauthenticated' },
    { who: 'a client', overrides: { userGroup: 'client', company: 'Agence Cliente' }, status: 403, code: 'forbidden' },
  ] as const;

  it.each(CALLERS)('$who gets $status $code, whatever the body', async ({ overrides, status, code }) => {
    const browser = overrides ? (await signedIn(overrides)).browser : new Browser(t.app);
    for (const response of [
      await read(browser),
      await save(browser, { billing_settings: person() }),
      await save(browser, { nonsense: 1 }),
    ]) {
      expect(response.statusCode, response.body).toBe(status);
      expect(codes(response)).toEqual([code]);
    }
  });

  const OWNERS = [
    { who: 'a registered user', overrides: () => ({ userGroup: 'other' as const }) },
    { who: 'a company member', overrides: () => ({ userGroup: 'customer' as const, companyRole: 'member' as const }) },
    { who: 'a master account', overrides: () => ({ userGroup: 'customer' as const, companyRole: 'master' as const }) },
  ];

  it.each(OWNERS)('$who reads and saves only their own settings', async ({ overrides }) => {
    const first = await signedIn({ ...overrides(), firstName: 'First' });
    const second = await signedIn({ ...overrides(), firstName: 'Second' });
    const mine = person({ first_name: 'First', city: 'Bilbao', email: 'first@invoices.example' });
    expect((await save(first.browser, { billing_settings: mine })).statusCode).toBe(200);
    // There is no id in the path: the second user's calls only ever reach the second user's settings.
    const theirs = settings(await read(second.browser));
    expect(theirs).toMatchObject({ first_name: 'Second', email: second.user.email, city: '' });
    expect(JSON.stringify(theirs)).not.toContain('Bilbao');
    await save(second.browser, { billing_settings: person({ first_name: 'Second', city: 'Vigo' }) });
    expect(settings(await read(first.browser))).toMatchObject({ first_name: 'First', city: 'Bilbao', email: 'first@invoices.example' });
  });
});

describe('bad input is a 4xx with the errors envelope, never a 500', () => {
  const BODIES: unknown[] = [
    undefined,
    {},
    [],
    'text',
    { billing_settings: null },
    { billing_settings: [] },
    { billing_settings: 'x' },
    { billing_settings: { country_id: '1' } },
    { billing_settings: { ...{ kind: 'company' }, vat_id: 12345 } },
    {
      billing_settings: {
        kind: 'company',
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.example',
        address_1: 'x',
        zip: '1',
        city: 'c',
        country_id: 1.5,
      },
    },
    {
      billing_settings: {
        kind: 'company',
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.example',
        address_1: 'x',
        zip: '1',
        city: 'c',
        country_id: -1,
      },
    },
    {
      billing_settings: {
        kind: 'company',
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.example',
        address_1: 'x',
        zip: '1',
        city: 'c',
        country_id: 0,
      },
    },
    { billing_settings: { first_name: 'x'.repeat(100_000) } },
    { billing_settings: { has_no_vat: 'yes' } },
    { billing_settings: { first_name: 'nul\u0000byte' } },
  ];

  it.each(BODIES.map((body) => [JSON.stringify(body)?.slice(0, 80) ?? 'no body', body]))('%s', async (_label, body) => {
    const { browser } = await signedIn();
    const response = await save(browser, body);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(errorBodySchema.safeParse(response.json()).success).toBe(true);
  });
});

describe('what the purchase code asks', () => {
  const ctx = () => ({ db: t.database.db });

  it('billingCountry and billingSnapshot are null while the country is missing', async () => {
    const { user } = await signedIn({ countryId: null, notACompany: true });
    expect(await billingCountry(ctx(), user.id)).toBeNull();
    expect(await billingSnapshot(ctx(), user)).toBeNull();
    expect(await billingCountry(ctx(), 2_000_000_000)).toBeNull();
  });

  it('the profile country counts until billing is saved; then the saved buyer is the snapshot', async () => {
    const { user, browser } = await signedIn({ countryId: country('GB'), notACompany: true, firstName: 'Gwen', lastName: 'Hale' });
    expect(await billingCountry(ctx(), user.id)).toEqual({ countryId: country('GB'), code: 'GB' });
    await save(browser, { billing_settings: firm({ address_2: 'Haus B', region: 'Nordrhein-Westfalen', zip: '50667', city: 'Köln' }) });
    expect(await billingCountry(ctx(), user.id)).toEqual({ countryId: country('DE'), code: 'DE' });
    expect(await billingSnapshot(ctx(), user)).toEqual({
      kind: 'company',
      name: 'Ines Ortega',
      company_name: 'Rheinland TV GmbH',
      email: 'ines@invoices.example',
      vat_id: 'DE123456789',
      address: ['Calle Mayor 1', 'Haus B', '50667 Köln', 'Nordrhein-Westfalen'],
      country_code: 'DE',
    });
  });
});
