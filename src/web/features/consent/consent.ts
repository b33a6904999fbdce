/**
 * Cookie consent (spec: accounts §3, §4, §9): strictly necessary (always on), performance,
 * functional and marketing. The banner shows until a choice is stored; the choice is kept 365 days;
 * functional cookies (language, newsletter, list view) are written only with functional consent.
 */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_COOKIE_DAYS = 365;

export const CONSENT_CATEGORIES = ['necessary', 'performance', 'functional', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type Consent = Record<ConsentCategory, boolean>;

/** Functional cookies and how long each lives, in days. */
export const FUNCTIONAL_COOKIES = {
  language_code: 365,
  newsletter: 90,
  list_view_type: 365,
  feedback_panel: 365,
  time_zone: 365,
} as const;
export type FunctionalCookie = keyof typeof FUNCTIONAL_COOKIES;

export const ALL_ACCEPTED: Consent = { necessary: true, performance: true, functional: true, marketing: true };
export const ONLY_NECESSARY: Consent = { necessary: true, performance: false, functional: false, marketing: false };

/** Stored as "necessary:1,performance:0,functional:1,marketing:0"; anything unreadable is no consent. */
export function parseConsent(value: string | null): Consent | null {
  if (!value) return null;
  const consent: Partial<Consent> = {};
  for (const part of value.split(',')) {
    const [key, flag] = part.split(':');
    if (!(CONSENT_CATEGORIES as readonly string[]).includes(key ?? '') || (flag !== '1' && flag !== '0')) return null;
    consent[key as ConsentCategory] = flag === '1';
  }
  if (!CONSENT_CATEGORIES.every((category) => typeof consent[category] === 'boolean')) return null;
  // Strictly necessary cookies are always on, whatever was stored.
  return { ...(consent as Consent), necessary: true };
}

export function serializeConsent(consent: Consent): string {
  return CONSENT_CATEGORIES.map((category) => `${category}:${category === 'necessary' || consent[category] ? 1 : 0}`).join(',');
}
