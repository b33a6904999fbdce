import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from './translation.ts';
import { useLocation } from 'react-router';
import { stripLocale, type Locale } from '../../common/locales.ts';
import { SITE_DESCRIPTION, pageTitle } from '../../common/page-meta.ts';
import { matchRoute } from '../../common/routes.ts';

/** A screen's own title and description (a story, a tag, a content page), for the path it shows. */
type ScreenMeta = { path: string; title: string; description?: string | undefined };

let current: ScreenMeta | null = null;
const listeners = new Set<() => void>();
const publish = (next: ScreenMeta | null) => {
  current = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Called by a screen once it knows what it shows; the frame writes it into the document. */
export function useScreenMeta(title: string | undefined, description?: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    const meta = { path: pathname, title, description };
    publish(meta);
    return () => {
      if (current === meta) publish(null);
    };
  }, [pathname, title, description]);
}

/** The title a path has before (or without) its screen's own: one per route, in the locale. */
export function routeTitleKey(pathname: string): string {
  const route = matchRoute(stripLocale(pathname));
  return `titles.${route ?? 'notFound'}`;
}

/**
 * Keeps document.title and the meta description in the current locale on every navigation
 * (the server wrote them into the shell for the first page).
 */
export function useDocumentMeta(locale: Locale) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const screen = useSyncExternalStore(subscribe, () => current);
  const own = screen?.path === pathname ? screen : null;
  const ready = i18n.language === locale;
  const title = own ? own.title : t(routeTitleKey(pathname));
  const description = own?.description || SITE_DESCRIPTION[locale];
  useEffect(() => {
    if (!ready) return;
    document.title = pageTitle(title);
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [ready, title, description]);
}
