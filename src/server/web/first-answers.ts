import type { FastifyRequest } from 'fastify';
import { answerKey, FIRST_ANSWERS_ID, type FirstAnswers } from '../../common/first-answers.ts';
import type { Locale } from '../../common/locales.ts';
import { matchPattern, ROUTES, type RouteName } from '../../common/routes.ts';
import { CATALOGUE_PAGE_SIZE } from '../../common/catalogue.ts';
import { SCREEN_SECTIONS } from '../../common/screen-sections.ts';
import { SESSION_COOKIE } from '../modules/accounts/auth.ts';

/** The parameters of the screen's route, as the browser's router gives them (decoded). */
type Params = Record<string, string>;

type Screen = {
  /** Its page's module and the contracts of its answers, as Vite's manifest names them (src/server/web/manifest.ts). */
  modules: string[];
  /** The catalogue sections its first render says (src/common/screen-sections.ts). */
  sections?: readonly string[];
  /** The GET calls the screen's code makes first, as the browser's API client writes them. */
  calls(locale: Locale, params: Params): string[];
  /** The calls its code makes next, once those answers are in (a video page's, by the story's id). */
  then?(answers: FirstAnswers, locale: Locale, params: Params): string[];
  /** The picture that will be the largest paint, from those answers: the shell preloads it. */
  picture?(answers: FirstAnswers, locale: Locale, params: Params): string | undefined;
  /** The screen's boot view around that picture, which the shell paints before any script runs. */
  bootView?(picture: string): string;
};

// Not /api/current_user: a guest's browser has no signed-in hint and does not ask (src/common/signed-in-cookie.ts).
const frame = (locale: Locale) => [`/api/site?locale=${locale}`, `/api/content/alerts?locale=${locale}`];
const dashboard = (locale: Locale) => `/api/content/video_projects/dashboard?locale=${locale}`;
const videos = (locale: Locale) => `/api/content/video_projects?page=1&per_page=${CATALOGUE_PAGE_SIZE}&locale=${locale}`;
// The video page asks by the id or slug in its address (src/web/features/catalogue/api.ts).
const video = (locale: Locale, id = '') => `/api/content/video_projects/${encodeURIComponent(id)}?locale=${locale}`;

type Body = {
  payload?: { banners?: { image?: { url?: string } }[] };
  videos?: { selected_preview_image?: string }[];
  id?: number;
  selected_preview_image?: string;
};
const body = (answers: FirstAnswers, url: string): Body | undefined => {
  const answer = answers[answerKey(url)];
  return answer && answer.status === 200 ? (answer.body as Body) : undefined;
};

/** The screens a visitor most often opens cold: the dashboard, the catalogue and a video's page (from a link or a search engine). */
const SCREENS: Partial<Record<RouteName, Screen>> = {
  dashboard: {
    modules: ['features/catalogue/dashboard-page.tsx', '../common/catalogue.ts'],
    calls: (locale) => [...frame(locale), dashboard(locale)],
    picture: (answers, locale) => body(answers, dashboard(locale))?.payload?.banners?.[0]?.image?.url,
  },
  videos: {
    modules: ['features/catalogue/videos-page.tsx', '../common/catalogue.ts'],
    calls: (locale) => [...frame(locale), videos(locale)],
    picture: (answers, locale) => body(answers, videos(locale))?.videos?.[0]?.selected_preview_image,
  },
  // Its largest paint is the preview's poster, which the browser would otherwise ask for only once
  // the page's chunk and the story's answer had come, one after the other.
  video: {
    modules: ['features/catalogue/video-page.tsx', '../common/catalogue.ts'],
    sections: SCREEN_SECTIONS.video,
    calls: (locale, { id }) => [...frame(locale), video(locale, id)],
    // Then, by the story's id: a guest's files, the related stories and the trending list beside it.
    // Carried too, the page's sections come in its first render, not in three layouts after it.
    then: (answers, locale, { id }) => {
      const story = body(answers, video(locale, id))?.id;
      if (story === undefined) return [];
      return [
        `/api/content/video_projects/${story}/videos/current_guest_available_formats?locale=${locale}`,
        `/api/content/video_projects/related_video_projects?id=${story}&locale=${locale}`,
        dashboard(locale),
      ];
    },
    picture: (answers, locale, { id }) => body(answers, video(locale, id))?.selected_preview_image,
    bootView: videoBootView,
  },
};

/**
 * A video page's boot view: its frame (src/web/styles/video-frame.css, in the first stylesheet) with
 * the story's poster where the preview will be. A guest's cold load so paints the story's picture
 * with the shell, not once the page's code has come and rendered; the app's first render replaces
 * it with the page, the preview's poster at the same size. The poster is the boot view's first
 * thing, without the back link above it: at a whole pixel's offset the browser measures its paint
 * at its full size, so the page's repaint of the same picture is not a larger paint after it
 * (docs/performance.md, eighth session).
 */
function videoBootView(picture: string): string {
  // A player's poster, as the page's own preview is: the browser measures the two alike, so the
  // page's render is not a larger paint than the boot view's.
  const poster = `<video class="video-player__media" poster="${escapeAttribute(picture)}" preload="none" aria-hidden="true"></video>`;
  const preview = `<div class="video-preview"><div class="video-player">${poster}</div></div>`;
  return `<div class="page video-page"><div class="video-page__layout"><div class="video-page__main">${preview}</div></div></div>`;
}

/** The modules a screen's first view loads (for preload hints): its page's, and its sections' in the locale with the map of where they are. */
export function screenModules(route: RouteName | null, locale: Locale): string[] {
  const screen = route ? SCREENS[route] : undefined;
  if (!screen) return [];
  const sections = screen.sections ?? [];
  const texts = sections.length > 0 ? ['lib/i18n-sections.ts', ...sections.map((section) => `i18n/locales/${locale}/${section}.json`)] : [];
  return [...screen.modules, ...texts];
}

/** What the shell carries of a guest's first view: tags for its head, and the screen's boot view if it has one. */
export type GuestFirstView = { head: string; bootView: string | null };

/**
 * The answers a guest's cold load of a screen would ask for first, computed in-process through the
 * same routes (so the same rules, caches and contracts apply), and the tags that carry them in the
 * shell. Only for a guest without query parameters: the shell then holds nothing personal, and is
 * the same for every guest of that variant and locale. Null when there is nothing to carry.
 */
export async function guestFirstView(
  request: FastifyRequest,
  route: RouteName,
  path: string,
  locale: Locale,
  hasQuery: boolean,
): Promise<GuestFirstView | null> {
  const screen = SCREENS[route];
  if (!screen || hasQuery || request.cookies[SESSION_COOKIE]) return null;
  const params = routeParams(route, path);
  if (!params) return null;
  const answers: FirstAnswers = {};
  const answer = async (urls: string[]) => {
    for (const url of urls) {
      const response = await request.server.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', site: request.headers.host ?? '', 'user-agent': request.headers['user-agent'] ?? '' },
      });
      // A failure here is the browser's to meet again with its own call.
      if (response.statusCode >= 500) continue;
      answers[answerKey(url)] = { status: response.statusCode, body: response.json() };
    }
  };
  await answer(screen.calls(locale, params));
  if (screen.then) await answer(screen.then(answers, locale, params));
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  const picture = screen.picture?.(answers, locale, params);
  const preload = picture ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(picture)}">\n` : '';
  return {
    head: `${preload}<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>\n`,
    bootView: picture && screen.bootView ? screen.bootView(picture) : null,
  };
}

/** The route's parameters in the path (without its locale), or null when one is not a valid encoding. */
function routeParams(route: RouteName, path: string): Params | null {
  try {
    return matchPattern(ROUTES[route], path);
  } catch {
    return null;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
