import type { Locale } from '../../common/locales.ts';
import { SITE_DESCRIPTION, SITE_NAME, pageTitle, shortDescription } from '../../common/page-meta.ts';
import { matchPattern, ROUTES, type RouteName } from '../../common/routes.ts';

/** What the HTML shell says about a screen whose content lives in the catalogue. */
export type VideoHead = { title: string; story: string; image: string };
export type ScreenFinder = {
  video(idOrSlug: string): Promise<VideoHead | null>;
  tag(slug: string, locale: Locale): Promise<{ name: string } | null>;
  page(slug: string, locale: Locale): Promise<{ title: string } | null>;
  /** A live event the public may see (visible), by its slug. */
  liveEvent(slug: string): Promise<{ title: string } | null>;
  /** A public list by its share id (a private one is not found to anyone: the shell knows no session). */
  publicList?(publicId: string): Promise<{ title: string } | null>;
  /** A published vacancy by its id, titled in the page's language. */
  vacancy?(id: string, locale: Locale): Promise<{ title: string } | null>;
};

export type PageHead = { title: string; description: string; openGraph?: Record<string, string> };

const CONTENT_ROUTES: Partial<Record<RouteName, string>> = {
  about: 'about',
  termsOfService: 'terms-of-service',
  privacyPolicy: 'privacy-policy',
  cookiePolicy: 'cookie-policy',
  impressum: 'impressum',
};

/** The head of a screen that has none of its own, the not-found page's too. */
export function siteHead(locale: Locale): PageHead {
  return { title: SITE_NAME, description: SITE_DESCRIPTION[locale] };
}

/**
 * The head of a screen, or null when the thing it shows does not exist (a missing video, tag, live
 * event or content page is a 404 like an unknown path). Screens the catalogue does not own get the site's
 * description in the locale; the app sets their own titles once it runs.
 */
export async function screenHead(
  finder: ScreenFinder | undefined,
  route: RouteName,
  path: string,
  locale: Locale,
  page: { origin: string; pathname: string },
): Promise<PageHead | null> {
  const site = siteHead(locale);
  if (!finder) return site;
  const params = matchPattern(ROUTES[route], path) ?? {};
  if (route === 'video') {
    const video = await finder.video(params.id ?? '');
    if (!video) return null;
    const description = shortDescription(video.story) || site.description;
    return {
      title: pageTitle(video.title),
      description,
      openGraph: {
        'og:type': 'video.other',
        'og:site_name': SITE_NAME,
        'og:title': video.title,
        'og:description': description,
        // Open Graph wants absolute addresses; the origin is PUBLIC_URL or the request's own.
        'og:image': video.image.startsWith('/') ? `${page.origin}${video.image}` : video.image,
        'og:url': `${page.origin}${page.pathname}`,
      },
    };
  }
  if (route === 'tagLanding') {
    const tag = await finder.tag(params.id ?? '', locale);
    return tag ? { ...site, title: pageTitle(tag.name) } : null;
  }
  if (route === 'liveEvent') {
    const event = await finder.liveEvent(params.slug ?? '');
    return event ? { ...site, title: pageTitle(event.title) } : null;
  }
  if (route === 'careerVacancy') {
    const vacancy = finder.vacancy ? await finder.vacancy(params.id ?? '', locale) : null;
    return vacancy ? { ...site, title: pageTitle(vacancy.title) } : null;
  }
  if (route === 'publicList') {
    const list = finder.publicList ? await finder.publicList(params.id ?? '') : null;
    return list ? { ...site, title: pageTitle(list.title) } : null;
  }
  const slug = CONTENT_ROUTES[route];
  if (slug) {
    const page = await finder.page(slug, locale);
    return page ? { ...site, title: pageTitle(page.title) } : null;
  }
  return site;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The shell with the head's title, description and Open Graph tags, every value escaped. */
export function withHead(shell: string, head: PageHead): string {
  const og = Object.entries(head.openGraph ?? {})
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`)
    .join('');
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace('</head>', () => `${og}</head>`);
}
