import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { detectLocale, localeDirection, localizedPath, parseAcceptLanguage, pathLocale, stripLocale } from '../../common/locales.ts';
import { matchRoute } from '../../common/routes.ts';
import { isApiPath, routeNotFound } from '../http/error-handler.ts';

/** Cookie holding the stored interface language (a functional cookie; spec: accounts §9). */
export const LANGUAGE_COOKIE = 'language_code';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Serves the built browser app: hashed assets with a long cache (as brotli or gzip when the browser
 * takes them), and the app shell for every screen path. A path without a supported locale prefix is redirected to one chosen by the spec's
 * detection rule; a path under a locale that matches no screen gets the shell with status 404
 * (the app renders its not-found page).
 */
export async function spaRoutes(app: FastifyInstance, { webRoot }: { webRoot: string | undefined }) {
  let shell: string | null = null;
  if (webRoot) {
    shell = await readFile(path.join(webRoot, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // dist/web holds a .br and a .gz beside each text asset (scripts/vite-precompress.ts); the
      // plugin picks one by Accept-Encoding and adds `vary: accept-encoding`.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) return routeNotFound(request, reply);
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    const locale = pathLocale(pathname);
    if (!locale) {
      const detected = detectLocale({
        path: pathname,
        storedLanguageCode: readCookie(request.headers.cookie, LANGUAGE_COOKIE),
        browserLanguages: parseAcceptLanguage(request.headers['accept-language']),
      });
      const target = localizedPath(pathname, detected) + (query ? `?${query}` : '');
      return reply.header('cache-control', 'no-store').header('vary', 'cookie, accept-language').redirect(target, 302);
    }
    const status = matchRoute(stripLocale(pathname)) ? 200 : 404;
    const html = (
      shell ?? '<!doctype html><html lang="en" dir="ltr"><body>The browser app is not built: run npm run build.</body></html>'
    ).replace(/<html[^>]*>/, `<html lang="${locale}" dir="${localeDirection(locale)}">`);
    return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
