/** Interface languages (spec: accounts §1, content §1). Arabic is right-to-left. */
export const LOCALES = ['en', 'es', 'ru', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  ru: 'Русский',
  ar: 'العربية',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** The first path segment when it is exactly two letters, else null. */
function twoLetterPrefix(path: string): string | null {
  const match = /^\/([A-Za-z]{2})(?=\/|$|\?|#)/.exec(path);
  return match?.[1] ?? null;
}

/** The supported locale a path starts with, or null. */
export function pathLocale(path: string): Locale | null {
  const prefix = twoLetterPrefix(path)?.toLowerCase();
  return isLocale(prefix) ? prefix : null;
}

/** Turns browser language tags (`es-419`, `ar_EG`, `RU`) into a supported locale. */
export function localeFromLanguageTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.trim().slice(0, 2).toLowerCase();
  return isLocale(base) ? base : null;
}

/**
 * Locale detection (spec: accounts §5): two-letter path prefix if supported, else the stored
 * language_code, else the browser language, else en.
 */
export function detectLocale(input: { path: string; storedLanguageCode?: string | null; browserLanguages?: readonly string[] }): Locale {
  const fromPath = pathLocale(input.path);
  if (fromPath) return fromPath;
  const stored = localeFromLanguageTag(input.storedLanguageCode);
  if (stored) return stored;
  for (const tag of input.browserLanguages ?? []) {
    const browser = localeFromLanguageTag(tag);
    if (browser) return browser;
  }
  return DEFAULT_LOCALE;
}

/** Parses an Accept-Language header into tags ordered by quality. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The path without its supported locale prefix; always starts with "/". */
export function stripLocale(path: string): string {
  const locale = pathLocale(path);
  if (!locale) return path || '/';
  const rest = path.slice(3);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/** Language switcher (spec: accounts §2): swaps the two-letter prefix, keeps the rest of the path. */
export function swapLocale(path: string, locale: Locale): string {
  const rest = stripLocale(path);
  return rest === '/' ? `/${locale}` : `/${locale}${rest.startsWith('/') ? rest : `/${rest}`}`;
}

/**
 * Where a path without a supported prefix goes: the same path under the detected locale.
 * "/" becomes "/{locale}"; "/videos?x=1" becomes "/{locale}/videos?x=1".
 */
export function localizedPath(path: string, locale: Locale): string {
  if (pathLocale(path)) return path;
  if (path === '' || path === '/') return `/${locale}`;
  return `/${locale}${path.startsWith('/') ? path : `/${path}`}`;
}
