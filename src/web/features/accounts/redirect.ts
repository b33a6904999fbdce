import { localizedPath, type Locale } from '../../../common/locales.ts';

/**
 * Where to go after sign-in (spec: accounts §2): the ?redirect value, "/" meaning /{locale}. Only
 * paths on this site are followed, so a link cannot send a user elsewhere after signing in.
 */
export function redirectTarget(redirect: string | null, locale: Locale): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return `/${locale}`;
  if (redirect === '/') return `/${locale}`;
  return localizedPath(redirect, locale);
}
