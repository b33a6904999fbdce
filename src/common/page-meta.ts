import type { Locale } from './locales.ts';

/** The product's name, last in every page title. */
export const SITE_NAME = 'Newsreel';

/** What a page without its own description says about the site, in each language. */
export const SITE_DESCRIPTION: Record<Locale, string> = {
  en: 'Licence news video: on-demand clips and live events for newsrooms.',
  es: 'Licencia vídeo informativo: clips bajo demanda y eventos en directo para redacciones.',
  ru: 'Лицензирование новостного видео: сюжеты по запросу и прямые трансляции для редакций.',
  ar: 'ترخيص فيديو الأخبار: مقاطع عند الطلب وأحداث مباشرة لغرف الأخبار.',
};

/** "Story title · Newsreel"; the dashboard is the site itself. */
export function pageTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${SITE_NAME}` : SITE_NAME;
}

/** A description is one short paragraph: whitespace folded, cut at a word near 160 characters. */
export function shortDescription(text: string, max = 160): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
