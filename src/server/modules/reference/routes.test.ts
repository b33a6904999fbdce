import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyTypesResponseSchema,
  countriesResponseSchema,
  jobTitlesResponseSchema,
  regionsResponseSchema,
  timeZonesResponseSchema,
} from '../../../common/reference.ts';
import { sql, type SQL } from 'drizzle-orm';
import { prepareDatabase } from '../../db/prepare.ts';
import { seedReferenceData } from './seed.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/locales', () => {
  it('lists en, es, ru and ar with their names, cached for 999 s', async () => {
    const response = await get('/api/locales');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { code: 'en', name: 'English' },
      { code: 'es', name: 'Español' },
      { code: 'ru', name: 'Русский' },
      { code: 'ar', name: 'العربية' },
    ]);
    expect(response.headers['cache-control']).toContain('max-age=999');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/locales');
    const second = await get('/api/locales', { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
  });
});

describe('GET /api/time_zones', () => {
  it('lists about 130 zones with code and offset, sorted by offset', async () => {
    const zones = timeZonesResponseSchema.parse((await get('/api/time_zones')).json());
    expect(zones.length).toBeGreaterThanOrEqual(120);
    expect(zones.length).toBeLessThanOrEqual(140);
    const offsets = zones.map((zone) => zone.offset_minutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(zones[0]?.offset).toBe('-12:00');
    expect(zones.find((zone) => zone.code === 'Asia/Kolkata')?.offset).toBe('+05:30');
    expect(zones.find((zone) => zone.code === 'Etc/UTC')).toMatchObject({ name: 'UTC', offset: '+00:00' });
    expect(new Set(zones.map((zone) => zone.code)).size).toBe(zones.length);
  });
});

describe('countries', () => {
  it('lists every ISO country with id, code, name and the EU flag for the 27 EU states plus the UK', async () => {
    const countries = countriesResponseSchema.parse((await get('/api/countries.json')).json());
    expect(countries).toHaveLength(249);
    const eu = countries
      .filter((country) => country.eu)
      .map((country) => country.code)
      .sort();
    expect(eu).toHaveLength(28);
    expect(eu).toContain('GB');
    expect(eu).toContain('DE');
    expect(eu).not.toContain('CH');
    expect(eu).not.toContain('NO');
    expect(countries.find((country) => country.code === 'DE')?.name).toBe('Germany');
  });

  it('names countries in the requested locale and sorts them by that name', async () => {
    const arabic = countriesResponseSchema.parse((await get('/api/countries.json?locale=ar')).json());
    expect(arabic.find((country) => country.code === 'DE')?.name).toBe('ألمانيا');
    const russian = countriesResponseSchema.parse((await get('/api/content/geodata/countries?locale=ru')).json());
    expect(russian.find((country) => country.code === 'FR')?.name).toBe('Франция');
    const names = russian.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ru').compare));
  });

  it('answers the same ids on both paths, cached', async () => {
    const a = await get('/api/countries.json');
    const b = await get('/api/content/geodata/countries');
    expect(a.json()).toEqual(b.json());
    expect(b.headers['cache-control']).toContain('max-age=999');
  });

  it('falls back to English for an unsupported locale', async () => {
    const countries = countriesResponseSchema.parse((await get('/api/countries.json?locale=xx')).json());
    expect(countries.find((country) => country.code === 'ES')?.name).toBe('Spain');
  });
});

describe('regions', () => {
  it('lists the news regions in the requested locale on both paths, and countries point at them', async () => {
    const regions = regionsResponseSchema.parse((await get('/api/regions.json?locale=es')).json());
    expect(regions.map((region) => region.slug)).toEqual([
      'europe',
      'middle-east',
      'asia',
      'africa',
      'north-america',
      'latin-america',
      'oceania',
    ]);
    expect(regions.find((region) => region.slug === 'europe')?.name).toBe('Europa');
    expect((await get('/api/content/geodata/regions?locale=es')).json()).toEqual(regions);
    const countries = countriesResponseSchema.parse((await get('/api/countries.json')).json());
    const europe = regions.find((region) => region.slug === 'europe');
    expect(countries.find((country) => country.code === 'FR')?.region_id).toBe(europe?.id);
    expect(countries.find((country) => country.code === 'AQ')?.region_id).toBeNull();
  });
});

describe('company types and job titles', () => {
  it('lists them translated, with "other" last among company types', async () => {
    const types = companyTypesResponseSchema.parse((await get('/api/company_types?locale=ru')).json());
    expect(types.at(-1)).toMatchObject({ slug: 'other', name: 'Другое' });
    expect(types.find((type) => type.slug === 'tv-broadcaster')?.name).toBe('Телеканал');
    const titles = jobTitlesResponseSchema.parse((await get('/api/job_titles?locale=ar')).json());
    expect(titles.find((title) => title.slug === 'journalist')?.name).toBe('صحفي');
  });
});

describe('reference seed', () => {
  it('is idempotent: a second start keeps the same rows and ids', async () => {
    const before = countriesResponseSchema.parse((await get('/api/countries.json')).json());
    await prepareDatabase(t.database, { seedDemo: false });
    expect((await get('/api/countries.json')).json()).toEqual(before);
  });

  it('writes nothing when the stored data is already as the code says, and puts a changed row right', async () => {
    const rows = async <R>(query: SQL) => ((await t.database.db.execute(query)) as { rows: R[] }).rows;
    const versions = async () =>
      (await rows<{ xmin: string }>(sql`select xmin::text as xmin from countries union all select xmin::text from regions`))
        .map((row) => row.xmin)
        .join(',');
    const before = await versions();
    await seedReferenceData(t.database.db);
    expect(await versions()).toBe(before);

    await t.database.db.execute(sql`update countries set eu = not eu where code = 'DE'`);
    await t.database.db.execute(sql`update regions set names = jsonb_set(names, '{en}', '"Somewhere"') where slug = 'europe'`);
    await seedReferenceData(t.database.db);
    const stored = await rows<{ eu: boolean; name: string }>(
      sql`select (select eu from countries where code = 'DE') as eu, (select names->>'en' from regions where slug = 'europe') as name`,
    );
    expect(stored[0]).toEqual({ eu: true, name: 'Europe' });
  });
});
