import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { detectLocale, localeDirection, localizedPath, parseAcceptLanguage, pathLocale, stripLocale } from '../../common/locales.ts';
import { DESK_ROUTES, isDeskPath, matchDeskRoute } from '../../common/desk-routes.ts';
import { hasDeskRole, isStaff } from '../../common/desk-roles.ts';
import { matchRoute, screenOnVariant } from '../../common/routes.ts';
import { isApiPath, routeNotFound } from '../http/error-handler.ts';
import { keepSignedInHint } from '../modules/accounts/auth.ts';
import { guestFirstView, screenModules } from './first-answers.ts';
import { BUILDING_PAGE, builtApp } from './built-app.ts';
import { screenHead, siteHead, withHead, type ScreenFinder } from './page-head.ts';

/** index.html's boot spinner (src/web/ui/boot-shell.tsx draws the same): a screen's own boot view may take its place. */
const BOOT_SPINNER = /<div class="loading-fallback"[^>]*>[\s\S]*?<\/div>/;

/** Cookie holding the stored interface language (a functional cookie; spec: accounts §9). */
export const LANGUAGE_COOKIE = 'language_code';

/**
 * The shell as brotli or gzip when the browser takes them. The not-found handler is no route, so
 * @fastify/compress's per-route hook never sees it; a shell with first answers is tens of KB.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', 'cookie, accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (html.length < 1024) return reply.send(html);
  if (/\bbr\b/.test(accepted)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}

/**
 * Serves the built browser app: hashed assets with a long cache (as brotli or gzip when the browser
 * takes them), and the app shell for every
 * screen path. A path without a supported locale prefix is redirected to one chosen by the spec's
 * detection rule; a path under a locale that matches no screen, or a video, tag or content page
 * that `screens` does not find, gets the shell with status 404 (the app renders its not-found page).
 * The shell carries the screen's title and description in its locale, and Open Graph tags on videos.
 */
/**
 * Whether a desk screen opens for this caller: staff holding its role. To anyone else the desk does
 * not exist: the same 404 as a path that matches no screen.
 */
async function deskOpens(request: FastifyRequest, path: string): Promise<boolean> {
  const name = matchDeskRoute(path);
  if (!name) return false;
  const { user } = await request.caller();
  if (!user || !isStaff({ admin: user.isAdmin, desk_roles: user.deskRoles })) return false;
  const role = DESK_ROUTES[name].role;
  return role === null || hasDeskRole(user.deskRoles, role);
}

export async function spaRoutes(
  app: FastifyInstance,
  {
    webRoot,
    screens,
    publicUrl,
    sentryDsn,
  }: { webRoot: string | undefined; screens?: ScreenFinder; publicUrl?: string | undefined; sentryDsn?: string | undefined },
) {
  // The browser's error reports go to this Sentry project instead of our endpoint (src/web/lib/error-reporting.ts).
  const reporting = sentryDsn ? `<meta name="sentry-dsn" content="${sentryDsn.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}">` : '';
  // The shell is read when it is first asked for, and again after a new build: a first start
  // builds the app while the API answers (scripts/start.mjs).
  const built = webRoot ? builtApp(webRoot) : null;
  if (webRoot) {
    // One route that looks each file up, so that what a build writes later is served (a first start
    // builds the app while the API answers), and a start does not make a route for each of the
    // build's 1,400-odd files (100 ms of a warm start). A directory (`/`, `/en/`) is no file there:
    // it goes to the screens below, as does every path that names no file.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      allowedPath: (pathName: string) => !pathName.endsWith('/'),
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

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) return routeNotFound(request, reply);
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    const locale = pathLocale(pathname);
    if (!locale) {
      const detected = detectLocale({
        path: pathname,
        // @fastify/cookie decodes defensively: a malformed value (`%`) is kept as it is, never thrown.
        storedLanguageCode: request.cookies[LANGUAGE_COOKIE],
        browserLanguages: parseAcceptLanguage(request.headers['accept-language']),
      });
      const target = localizedPath(pathname, detected) + (query ? `?${query}` : '');
      return reply.header('cache-control', 'no-store').header('vary', 'cookie, accept-language').redirect(target, 302);
    }
    const desk = isDeskPath(stripLocale(pathname));
    const matched = desk ? null : matchRoute(stripLocale(pathname));
    // The landing site shows its small page set only: another screen there is not found.
    const route = matched && screenOnVariant(matched, request.siteVariant) ? matched : null;
    const origin = publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    const head = route
      ? await screenHead(screens, route, stripLocale(pathname), locale, { origin, pathname })
      : desk && (await deskOpens(request, stripLocale(pathname)))
        ? siteHead(locale)
        : null;
    const status = head ? 200 : 404;
    const current = built ? await built.current() : null;
    if (built && !current)
      return reply
        .status(503)
        .header('retry-after', '10')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(BUILDING_PAGE);
    const first = head && route ? await guestFirstView(request, route, stripLocale(pathname), locale, Boolean(query)) : null;
    const preloads = current ? current.preloads([`i18n/locales/${locale}.json`], screenModules(route, locale), locale) : '';
    const html = withHead(
      current?.shell ?? '<!doctype html><html lang="en" dir="ltr"><body>The browser app is not built: run npm run build.</body></html>',
      head ?? siteHead(locale),
    )
      .replace(/<html[^>]*>/, `<html lang="${locale}" dir="${localeDirection(locale)}">`)
      .replace('</head>', `${reporting}${preloads}${first?.head ?? ''}</head>`)
      // The shell's boot view shows a spinner where the screen will be, or the screen's own boot view.
      .replace(BOOT_SPINNER, (spinner) => first?.bootView ?? spinner);
    await keepSignedInHint(request, reply);
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return sendCompressed(request, reply, html);
  });
}
