import { and, eq, inArray } from 'drizzle-orm';
import {
  EDITABLE_PAGES,
  pageBodySchema,
  type DeskPage,
  type DeskPages,
  type EditablePage,
  type PageBody,
  type Preview,
} from '../../../common/desk-site-content.ts';
import { splitSections } from '../../../common/content-sections.ts';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import { Invalid } from '../../http/errors.ts';
import { sanitizeContent } from '../catalogue/content-pages.ts';
import { contentPages } from '../catalogue/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import type { SiteContentContext } from './site-content.ts';

/**
 * The business desk's site content (issue 29), part two: the content pages (about, privacy and
 * cookie policies, impressum) per language. Stored sanitised by the same rule the public page
 * call applies (catalogue/content-pages.ts), and the micro-cache of the page call is emptied once
 * the change is committed, so a visitor's next call has it (their browser may keep an answer it
 * already has for the call's max-age).
 */

type PageRow = typeof contentPages.$inferSelect;

const pageView = (slug: EditablePage, locale: Locale, row: PageRow | undefined): DeskPage => ({
  slug,
  locale,
  title: row?.title ?? '',
  html: row?.html ?? '',
  updated_at: row?.updatedAt.toISOString() ?? null,
});

/** GET /api/desk/site/pages: every editable page in every language (a missing one has a blank title). */
export async function listPages(ctx: Pick<SiteContentContext, 'db'>): Promise<DeskPages> {
  const rows = await ctx.db
    .select()
    .from(contentPages)
    .where(inArray(contentPages.slug, [...EDITABLE_PAGES]));
  return {
    pages: EDITABLE_PAGES.flatMap((slug) =>
      LOCALES.map((locale) => {
        const { html: _html, ...summary } = pageView(
          slug,
          locale,
          rows.find((row) => row.slug === slug && row.locale === locale),
        );
        return summary;
      }),
    ),
  };
}

/** GET /api/desk/site/pages/{slug}/{locale}: the page as stored (blank where that language has none). */
export async function readPage(ctx: Pick<SiteContentContext, 'db'>, slug: EditablePage, locale: Locale): Promise<DeskPage> {
  const [row] = await ctx.db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)));
  return pageView(slug, locale, row);
}

/**
 * PUT /api/desk/site/pages/{slug}/{locale}: the page's title and HTML in that language; the other
 * languages keep theirs. HTML that sanitising leaves empty (only a script, say) is refused.
 */
export async function savePage(
  ctx: SiteContentContext,
  actor: Actor,
  slug: EditablePage,
  locale: Locale,
  input: PageBody,
): Promise<DeskPage> {
  const body = pageBodySchema.parse(input);
  const { title } = body;
  const html = sanitizeContent(body.html).trim();
  if (html.replace(/<[^>]*>/g, '').trim() === '')
    throw new Invalid({
      code: 'page_empty',
      message: 'Nothing of the page is left once scripts and unsafe markup are removed',
      field: 'html',
    });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)))
      .for('update');
    await tx
      .insert(contentPages)
      .values({ slug, locale, title, html, updatedAt: now })
      .onConflictDoUpdate({ target: [contentPages.slug, contentPages.locale], set: { title, html, updatedAt: now } });
    await recordAudit(
      tx,
      actor,
      {
        action: 'content_page.update',
        subject: 'content_page',
        subjectId: `${slug}/${locale}`,
        before: before ? { title: before.title, html: before.html } : null,
        after: { title, html },
      },
      now,
    );
  });
  ctx.caches.invalidate('catalogue');
  return readPage(ctx, slug, locale);
}

/** POST /api/desk/site/previews: HTML as it would be stored, and the sections the public page would show. */
export function previewHtml(html: string): Preview {
  const clean = sanitizeContent(html);
  return { html: clean, sections: splitSections(clean) };
}
