import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { priceSchema, taxValidationSchema } from '../../../common/taxes.ts';
import { countries } from '../reference/schema.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { createTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { outboundPolicyFor } from '../security/outbound.ts';
import { viesRegistry } from './vat-registry.ts';

/** A local peer speaking the part of the VIES REST API we use; it registers a few ids. */
const REGISTERED: Record<string, string> = { DE123456789: 'Rheinland TV GmbH', EL094014201: 'Ellinika Nea AE' };
let peer: Server;
let asked: { countryCode: string; vatNumber: string }[] = [];
let down = false;

let t: TestApp;
beforeAll(async () => {
  peer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (down) return void response.writeHead(503).end();
      if (request.method !== 'POST' || request.url !== '/vies/check-vat-number') return void response.writeHead(404).end();
      const question = JSON.parse(body) as { countryCode: string; vatNumber: string };
      asked.push(question);
      const name = REGISTERED[`${question.countryCode}${question.vatNumber}`];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          countryCode: question.countryCode,
          vatNumber: question.vatNumber,
          valid: name !== undefined,
          name: name ?? '---',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/vies`;
  // The peer is on 127.0.0.1, which only an allowance opens (the refusal: vat-registry.test.ts).
  const outbound = outboundPolicyFor(testConfig({}, { OUTBOUND_ALLOW: '127.0.0.1' }));
  t = await createTestApp({ services: { vatRegistry: viesRegistry({ url, outbound }) } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => peer.close(resolve));
});

const validate = (body: unknown) => new Browser(t.app).post('/api/taxes/validations', body);

describe('POST /api/taxes/validations through the VIES adapter (a local peer)', () => {
  it('a registered id is valid, with its registered name; the country prefix and spaces are optional', async () => {
    asked = [];
    const answer = await validate({ vat_id: 'de 123 456 789', country_code: 'de' });
    expect(answer.statusCode).toBe(200);
    expect(taxValidationSchema.parse(answer.json())).toEqual({
      vat_id: 'DE123456789',
      country_code: 'DE',
      valid: true,
      name: 'Rheinland TV GmbH',
    });
    expect((await validate({ vat_id: '123456789', country_code: 'DE' })).json()).toMatchObject({ valid: true });
    expect(asked).toEqual([
      { countryCode: 'DE', vatNumber: '123456789' },
      { countryCode: 'DE', vatNumber: '123456789' },
    ]);
  });

  it('an unknown id is not valid; Greece is asked as EL', async () => {
    expect((await validate({ vat_id: 'FR99999999999', country_code: 'FR' })).json()).toMatchObject({ valid: false, name: null });
    expect((await validate({ vat_id: '094014201', country_code: 'GR' })).json()).toMatchObject({ vat_id: 'EL094014201', valid: true });
  });

  it('a GB id is checked by its form (the UK is not in VIES)', async () => {
    asked = [];
    expect((await validate({ vat_id: 'GB123456789', country_code: 'GB' })).json()).toMatchObject({ valid: true });
    expect((await validate({ vat_id: 'GB1234', country_code: 'GB' })).json()).toMatchObject({ valid: false });
    expect(asked).toEqual([]);
  });

  it('bad input is a 422 with the field named; a registry that does not answer is a 503 with the envelope', async () => {
    const bad = await validate({ vat_id: 'DE-12/34', country_code: 'Germany' });
    expect(bad.statusCode).toBe(422);
    expect(
      errors(bad)
        .map((error) => error.field)
        .sort(),
    ).toEqual(['country_code', 'vat_id']);
    down = true;
    const unavailable = await validate({ vat_id: 'DE123456789', country_code: 'DE' });
    down = false;
    expect(unavailable.statusCode).toBe(503);
    expect(codes(unavailable)).toEqual(['vat_registry_unavailable']);
  });
});

describe('how often an address may ask', () => {
  it('60 checks an hour per client address, then 429 with Retry-After; another address is not held back', async () => {
    const from = (ip: string) => new Browser(t.app, { ip }).post('/api/taxes/validations', { vat_id: 'DE123456789', country_code: 'DE' });
    const answers = await Promise.all(Array.from({ length: 61 }, () => from('192.0.2.60')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(60);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect((await from('192.0.2.61')).statusCode).toBe(200);
  });
});

describe('the built-in test registry (the embedded default)', () => {
  it('registers ids of 8 to 12 digits unless they end in 000', async () => {
    const embedded = await createTestApp();
    try {
      const ask = async (vat_id: string) =>
        taxValidationSchema.parse((await new Browser(embedded.app).post('/api/taxes/validations', { vat_id, country_code: 'FR' })).json())
          .valid;
      expect(await ask('FR12345678901')).toBe(true);
      expect(await ask('FR12345678000')).toBe(false);
      expect(await ask('FR1234567')).toBe(false);
    } finally {
      await embedded.close();
    }
  });
});

describe('GET /api/payments/pass_prices (12 × 8 €, VAT by the one rule)', () => {
  const countryId = async (code: string) => {
    const [row] = await t.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
    if (!row) throw new Error(`no country ${code}`);
    return row.id;
  };
  const price = async (query: string) => new Browser(t.app).get(`/api/payments/pass_prices?${query}`);

  it('a consumer in Germany pays 96 € plus 19 %; the pure price and tax value follow the spec’s rule', async () => {
    const answer = await price(`plan=pass-annually-eur&country_id=${await countryId('DE')}`);
    expect(answer.statusCode).toBe(200);
    expect(priceSchema.parse(answer.json())).toEqual({
      plan: 'pass-annually-eur',
      currency: 'EUR',
      price_cents: 11_424,
      tax: 19,
      pure_price_cents: 9_600,
      tax_value_cents: 1_824,
      vat_reason: 'standard_rate',
    });
  });

  it('a registered business in Germany is reverse charged; the monthly id is rewritten; outside the EU no VAT', async () => {
    const business = priceSchema.parse(
      (await price(`plan=pass-monthly-eur&country_id=${await countryId('DE')}&vat_id=DE123456789`)).json(),
    );
    expect(business).toMatchObject({ plan: 'pass-annually-eur', price_cents: 9_600, tax: 0, vat_reason: 'reverse_charge' });
    const unregistered = priceSchema.parse((await price(`plan=pass-annually-eur&country_id=${await countryId('DE')}&vat_id=DE999`)).json());
    expect(unregistered).toMatchObject({ price_cents: 11_424, vat_reason: 'standard_rate' });
    const american = priceSchema.parse((await price(`plan=pass-annually-eur&country_id=${await countryId('US')}`)).json());
    expect(american).toMatchObject({ price_cents: 9_600, tax: 0, vat_reason: 'outside_eu' });
  });

  it('while the registry is down the VAT id counts as unconfirmed: VAT is charged, never less', async () => {
    down = true;
    const answer = await price(`plan=pass-annually-eur&country_id=${await countryId('DE')}&vat_id=DE123456789`);
    down = false;
    expect(priceSchema.parse(answer.json())).toMatchObject({ price_cents: 11_424, vat_reason: 'standard_rate' });
  });

  it('an unknown plan is 404; an unknown country or a bad query is 422', async () => {
    expect(codes(await price(`plan=gold&country_id=${await countryId('DE')}`))).toEqual(['plan_not_found']);
    expect(codes(await price('plan=pass-annually-eur&country_id=999999'))).toEqual(['unknown_country']);
    expect((await price('plan=pass-annually-eur&country_id=abc')).statusCode).toBe(422);
    expect((await price('country_id=1')).statusCode).toBe(422);
  });
});
