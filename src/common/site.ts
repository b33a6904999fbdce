import { z } from 'zod';
import { LOCALES, isLocale, type Locale } from './locales.ts';

/** Site variants (spec: accounts §1): standard, landing, and the Russian-region variant. */
export const SITE_VARIANTS = ['standard', 'landing', 'ru'] as const;
export type SiteVariant = (typeof SITE_VARIANTS)[number];

export function isSiteVariant(value: unknown): value is SiteVariant {
  return typeof value === 'string' && (SITE_VARIANTS as readonly string[]).includes(value);
}

/** Host name (without port) to variant. */
export type SiteVariantMap = Record<string, SiteVariant>;
export type HiddenLocalesByVariant = Partial<Record<SiteVariant, Locale[]>>;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses `ru.localhost=ru,landing.example.com=landing`. */
export function parseSiteVariants(text: string): Parsed<SiteVariantMap> {
  const map: SiteVariantMap = {};
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [host, variant, extra] = entry.split('=').map((s) => s.trim());
    if (!host || extra !== undefined || !isSiteVariant(variant)) {
      return { ok: false, error: `"${entry}" is not host=variant with a variant among ${SITE_VARIANTS.join(', ')}` };
    }
    map[hostName(host)] = variant;
  }
  return { ok: true, value: map };
}

/** Parses `standard=ru+es+ar,landing=ar+es` (an empty list after "=" hides nothing). */
export function parseHiddenLocales(text: string): Parsed<HiddenLocalesByVariant> {
  const hidden: HiddenLocalesByVariant = {};
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [variant, list = '', extra] = entry.split('=').map((s) => s.trim());
    const locales = list
      .split('+')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!isSiteVariant(variant) || extra !== undefined || !locales.every(isLocale)) {
      return { ok: false, error: `"${entry}" is not variant=locale+locale with locales among ${LOCALES.join(', ')}` };
    }
    hidden[variant] = locales;
  }
  return { ok: true, value: hidden };
}

/** Lower-cased host name without port; accepts `host`, `host:port` and `[::1]:port`. */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.replace(/:\d+$/, '');
}

/** The variant for a request's Site header (or Host when absent); standard when unknown. */
export function resolveSiteVariant(map: SiteVariantMap, site: string | undefined): SiteVariant {
  if (!site) return 'standard';
  return map[hostName(site)] ?? 'standard';
}

/**
 * Locales the language switcher hides (spec: accounts §2, "Hidden locales"). The landing variant
 * hides ar and es; the Russian-region variant hides en, ar and es, except on password pages where
 * only ar and es are hidden; the standard variant hides ru, es and ar. HIDDEN_LOCALES changes any
 * of them (docs/decisions.md, "Hidden locales on the standard variant").
 */
export const DEFAULT_HIDDEN_LOCALES: Record<SiteVariant, Locale[]> = {
  standard: ['ru', 'es', 'ar'],
  landing: ['ar', 'es'],
  ru: ['en', 'ar', 'es'],
};
const RU_PASSWORD_PAGES_HIDDEN: Locale[] = ['ar', 'es'];

export function hiddenLocales(
  variant: SiteVariant,
  options: { passwordPage?: boolean; configured?: HiddenLocalesByVariant } = {},
): Locale[] {
  if (variant === 'ru' && options.passwordPage) return RU_PASSWORD_PAGES_HIDDEN;
  return options.configured?.[variant] ?? DEFAULT_HIDDEN_LOCALES[variant];
}

/** Currency (spec: accounts §9): ruble in the Russian variant, euro otherwise. */
export type Currency = { code: 'EUR' | 'RUB'; symbol: '€' | '₽' };
export function currencyFor(variant: SiteVariant): Currency {
  return variant === 'ru' ? { code: 'RUB', symbol: '₽' } : { code: 'EUR', symbol: '€' };
}

/** What the browser needs to know about the variant it is served as: GET /api/site. */
export const siteInfoSchema = z.object({
  variant: z.enum(SITE_VARIANTS),
  currency: z.object({ code: z.enum(['EUR', 'RUB']), symbol: z.enum(['€', '₽']) }),
  hidden_locales: z.array(z.enum(LOCALES)),
  hidden_locales_password_pages: z.array(z.enum(LOCALES)),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export function siteInfo(variant: SiteVariant, configured: HiddenLocalesByVariant = {}): SiteInfo {
  return {
    variant,
    currency: currencyFor(variant),
    hidden_locales: hiddenLocales(variant, { configured }),
    hidden_locales_password_pages: hiddenLocales(variant, { configured, passwordPage: true }),
  };
}
