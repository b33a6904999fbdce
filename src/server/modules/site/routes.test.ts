import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteInfoSchema } from '../../../common/site.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_VARIANTS: 'ru.localhost=ru,landing.localhost=landing', HIDDEN_LOCALES: 'standard=ru' } });
});
afterAll(() => t.close());

const site = async (headers: Record<string, string>) =>
  siteInfoSchema.parse((await t.app.inject({ method: 'GET', url: '/api/site', headers })).json());

describe('GET /api/site', () => {
  it('chooses the variant from the Site header', async () => {
    expect(await site({ site: 'ru.localhost:3000' })).toEqual({
      variant: 'ru',
      currency: { code: 'RUB', symbol: '₽' },
      hidden_locales: ['en', 'ar', 'es'],
      hidden_locales_password_pages: ['ar', 'es'],
    });
    expect((await site({ site: 'landing.localhost' })).hidden_locales).toEqual(['ar', 'es']);
  });

  it('falls back to the Host header, then to the standard variant with the euro', async () => {
    expect((await site({ host: 'landing.localhost:3000' })).variant).toBe('landing');
    const standard = await site({ site: 'www.example.com' });
    expect(standard.variant).toBe('standard');
    expect(standard.currency.symbol).toBe('€');
  });

  it('applies HIDDEN_LOCALES from the configuration', async () => {
    expect((await site({})).hidden_locales).toEqual(['ru']);
  });
});
