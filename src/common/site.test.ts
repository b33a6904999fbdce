import { describe, expect, it } from 'vitest';
import { currencyFor, hiddenLocales, hostName, parseHiddenLocales, parseSiteVariants, resolveSiteVariant, siteInfo } from './site.ts';

describe('site variants', () => {
  it('parses SITE_VARIANTS and resolves a Site header with or without port', () => {
    const parsed = parseSiteVariants('ru.localhost=ru, Landing.Example.com:8080=landing');
    expect(parsed).toEqual({ ok: true, value: { 'ru.localhost': 'ru', 'landing.example.com': 'landing' } });
    if (!parsed.ok) return;
    expect(resolveSiteVariant(parsed.value, 'ru.localhost:3000')).toBe('ru');
    expect(resolveSiteVariant(parsed.value, 'LANDING.example.com')).toBe('landing');
    expect(resolveSiteVariant(parsed.value, 'localhost:3000')).toBe('standard');
    expect(resolveSiteVariant(parsed.value, undefined)).toBe('standard');
  });

  it('rejects an unknown variant or a malformed entry', () => {
    expect(parseSiteVariants('ru.localhost=russia').ok).toBe(false);
    expect(parseSiteVariants('ru.localhost').ok).toBe(false);
    expect(parseSiteVariants('').ok).toBe(true);
  });

  it('handles IPv6 hosts', () => {
    expect(hostName('[::1]:3000')).toBe('[::1]');
  });
});

describe('hidden locales (spec: accounts §2)', () => {
  it('landing hides ar and es', () => {
    expect(hiddenLocales('landing')).toEqual(['ar', 'es']);
  });

  it('Russian region hides en, ar and es, but on password pages only ar and es', () => {
    expect(hiddenLocales('ru')).toEqual(['en', 'ar', 'es']);
    expect(hiddenLocales('ru', { passwordPage: true })).toEqual(['ar', 'es']);
  });

  it('standard hides ru, es and ar by default; HIDDEN_LOCALES changes it (an empty list hides none)', () => {
    expect(hiddenLocales('standard')).toEqual(['ru', 'es', 'ar']);
    const configured = parseHiddenLocales('standard=');
    expect(configured.ok).toBe(true);
    if (configured.ok) expect(hiddenLocales('standard', { configured: configured.value })).toEqual([]);
    const some = parseHiddenLocales('standard=ru');
    if (some.ok) expect(hiddenLocales('standard', { configured: some.value })).toEqual(['ru']);
    expect(parseHiddenLocales('standard=fr').ok).toBe(false);
  });
});

describe('currency (spec: accounts §9)', () => {
  it('is the ruble in the Russian variant and the euro elsewhere', () => {
    expect(currencyFor('ru')).toEqual({ code: 'RUB', symbol: '₽' });
    expect(currencyFor('standard').symbol).toBe('€');
    expect(siteInfo('landing').currency.symbol).toBe('€');
  });
});
