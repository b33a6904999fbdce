import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, isLocale, localeFromLanguageTag, parseAcceptLanguage, type Locale } from '../../common/locales.ts';
import { resolveSiteVariant, type SiteVariant, type SiteVariantMap } from '../../common/site.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** From the `locale` query parameter (spec: every call adds it), else Accept-Language, else en. */
    locale: Locale;
    /** From the `Site` header (spec: it carries the request host), else the Host header. */
    siteVariant: SiteVariant;
    /**
     * Whether the browser reached us over HTTPS: TLS here, X-Forwarded-Proto from a trusted proxy,
     * or a PUBLIC_URL on https (a TLS-terminating proxy that forwards no protocol). Cookies are
     * Secure and HSTS is sent exactly then.
     */
    overHttps: boolean;
  }
}

export function requestLocale(query: unknown, acceptLanguage: string | undefined): Locale {
  const fromQuery = query && typeof query === 'object' && 'locale' in query ? query.locale : undefined;
  if (isLocale(fromQuery)) return fromQuery;
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const locale = localeFromLanguageTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export const requestContext = fp(
  async (app: FastifyInstance, options: { siteVariants: SiteVariantMap; publicUrl: string | undefined }) => {
    const publicHttps = options.publicUrl?.startsWith('https:') ?? false;
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.decorateRequest('overHttps', false);
    app.decorateRequest('siteVariant', 'standard');
    app.addHook('onRequest', async (request) => {
      request.overHttps = publicHttps || request.protocol === 'https';
      request.locale = requestLocale(request.query, request.headers['accept-language']);
      const site = request.headers.site;
      request.siteVariant = resolveSiteVariant(options.siteVariants, (Array.isArray(site) ? site[0] : site) ?? request.host);
    });
  },
  { name: 'request-context' },
);
