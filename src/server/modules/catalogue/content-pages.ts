import { and, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { CONTENT_PAGES } from '../../../common/catalogue.ts';
import { splitSections } from '../../../common/content-sections.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { contentPages } from './schema.ts';

type PageSlug = (typeof CONTENT_PAGES)[number];

/** Only the markup an editor's text needs; scripts, styles, handlers and foreign schemes are removed. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'ul',
      'ol',
      'li',
      'a',
      'strong',
      'em',
      'b',
      'i',
      'br',
      'blockquote',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

/** Stores a page's HTML sanitised, so what is served is always clean; `keepStored`: only where the page is missing (the seed). */
export async function saveContentPage(
  db: Db,
  page: { slug: PageSlug; locale: Locale; title: string; html: string },
  now: Date,
  options: { keepStored?: boolean } = {},
) {
  const html = sanitizeContent(page.html);
  const insert = db.insert(contentPages).values({ ...page, html, updatedAt: now });
  if (options.keepStored) await insert.onConflictDoNothing({ target: [contentPages.slug, contentPages.locale] });
  else
    await insert.onConflictDoUpdate({ target: [contentPages.slug, contentPages.locale], set: { title: page.title, html, updatedAt: now } });
}

/** A content page in the caller's language (English when missing), split into sections. */
export async function contentPage(db: Db, slug: PageSlug, locale: Locale) {
  const rows = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug)));
  const row = rows.find((candidate) => candidate.locale === locale) ?? rows.find((candidate) => candidate.locale === 'en');
  if (!row) throw new NotFound({ code: 'page_not_found', message: 'Page not found' });
  return { slug, title: row.title, sections: splitSections(sanitizeContent(row.html)) };
}
