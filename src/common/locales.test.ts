import { describe, expect, it } from 'vitest';
import { detectLocale, localeDirection, localizedPath, parseAcceptLanguage, pathLocale, stripLocale, swapLocale } from './locales.ts';

describe('locale detection (spec: accounts §5)', () => {
  it('takes a supported two-letter path prefix first', () => {
    expect(detectLocale({ path: '/ru/videos', storedLanguageCode: 'es', browserLanguages: ['ar'] })).toBe('ru');
    expect(detectLocale({ path: '/AR', storedLanguageCode: 'es' })).toBe('ar');
  });

  it('falls back to the stored language_code when the prefix is missing or unsupported', () => {
    expect(detectLocale({ path: '/', storedLanguageCode: 'es', browserLanguages: ['ar'] })).toBe('es');
    expect(detectLocale({ path: '/de/videos', storedLanguageCode: 'ru' })).toBe('ru');
    expect(detectLocale({ path: '/videos', storedLanguageCode: 'es-MX' })).toBe('es');
  });

  it('then the first supported browser language, then en', () => {
    expect(detectLocale({ path: '/', storedLanguageCode: 'fr', browserLanguages: ['de-DE', 'ar-EG', 'ru'] })).toBe('ar');
    expect(detectLocale({ path: '/', browserLanguages: ['de', 'fr'] })).toBe('en');
    expect(detectLocale({ path: '' })).toBe('en');
  });

  it('does not take a longer first segment as a locale', () => {
    expect(pathLocale('/english/x')).toBeNull();
    expect(pathLocale('/es?x=1')).toBe('es');
    expect(pathLocale('/esx')).toBeNull();
  });

  it('orders Accept-Language by quality and drops q=0 and *', () => {
    expect(parseAcceptLanguage('fr;q=0.5, ar-EG, *;q=0.1, ru;q=0')).toEqual(['ar-EG', 'fr']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('language switcher paths (spec: accounts §2)', () => {
  it('swaps the two-letter prefix and keeps the rest', () => {
    expect(swapLocale('/en/videos/category/politics?page=2', 'ar')).toBe('/ar/videos/category/politics?page=2');
    expect(swapLocale('/en', 'ru')).toBe('/ru');
    expect(swapLocale('/en/', 'es')).toBe('/es');
  });

  it('adds a prefix to a path that has none', () => {
    expect(swapLocale('/videos', 'es')).toBe('/es/videos');
    expect(localizedPath('/', 'ar')).toBe('/ar');
    expect(localizedPath('/videos', 'ru')).toBe('/ru/videos');
    expect(localizedPath('/en/videos', 'ru')).toBe('/en/videos');
  });

  it('strips the prefix to compare menu paths', () => {
    expect(stripLocale('/en/plans')).toBe('/plans');
    expect(stripLocale('/en')).toBe('/');
    expect(stripLocale('/plans')).toBe('/plans');
  });

  it('renders Arabic right-to-left only', () => {
    expect(localeDirection('ar')).toBe('rtl');
    expect(['en', 'es', 'ru'].map((l) => localeDirection(l as 'en'))).toEqual(['ltr', 'ltr', 'ltr']);
  });
});
