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
  async (app: FastifyInstance, options: { siteVariants: SiteVariantMap }) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.decorateRequest('siteVariant', 'standard');
    app.addHook('onRequest', async (request) => {
      request.locale = requestLocale(request.query, request.headers['accept-language']);
      const site = request.headers.site;
      request.siteVariant = resolveSiteVariant(options.siteVariants, (Array.isArray(site) ? site[0] : site) ?? request.host);
    });
  },
  { name: 'request-context' },
);
