import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../common/locales.ts';

type Catalogue = Record<string, unknown>;

/** One JSON file per locale, each its own chunk, loaded when the locale is first used. */
const catalogues = import.meta.glob<Catalogue>('../i18n/locales/*.json', { import: 'default' });

export async function loadCatalogue(locale: string): Promise<Catalogue> {
  const load = catalogues[`../i18n/locales/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return load();
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, _namespace: string, callback: ReadCallback) => {
    // Only the page's own catalogue travels; English is fetched in its place only when that one
    // fails to load (spec: a failing translation load falls back to English). Every catalogue has
    // every key (src/web/i18n/catalogues.test.ts), so no other fallback is needed.
    loadCatalogue(language)
      .catch(() => loadCatalogue(DEFAULT_LOCALE))
      .then(
        (catalogue) => callback(null, catalogue),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};

export async function initI18n(locale: Locale) {
  await i18next
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: locale,
      // Not preloaded beside every locale: see the backend's read above.
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18next;
}

/** `t` that answers undefined for a missing key, for "translated by code, else message" lookups. */
export function translateIfExists(key: string): string | undefined {
  return i18next.exists(key) ? i18next.t(key) : undefined;
}
