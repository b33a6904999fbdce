import { and, count, desc, eq } from 'drizzle-orm';
import {
  releaseNoteBodySchema,
  termsVersionBodySchema,
  type DeskReleaseNote,
  type DeskTerms,
  type ReleaseNoteAction,
  type ReleaseNoteBody,
  type TermsVersionBody,
} from '../../../common/desk-site-content.ts';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { acceptedReleaseNotes, releaseNotes, termsVersions } from '../accounts/schema.ts';
import { sanitizeContent } from '../catalogue/content-pages.ts';
import { contentPages } from '../catalogue/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';

export type SiteContentContext = Pick<ServiceContext, 'db' | 'clock' | 'caches'>;

/**
 * The business desk's site content (issue 29), part one: release notes and the terms of service.
 * The customer's side reads what is written here (accounts/system.ts: the newest published note,
 * the latest terms version; current-user.ts: whether the user has accepted it). Every change is
 * one audit entry, written in the change's transaction.
 */

type ReleaseNoteRow = typeof releaseNotes.$inferSelect;
type Localized = Record<Locale, string>;

function noteView(row: ReleaseNoteRow, accepted: number): DeskReleaseNote {
  const { titles, texts } = row;
  return {
    id: row.id,
    published: row.published,
    published_at: row.publishedAt?.toISOString() ?? null,
    title_en: titles.en,
    title_es: titles.es ?? '',
    title_ru: titles.ru ?? '',
    title_ar: titles.ar ?? '',
    text_en: texts.en,
    text_es: texts.es ?? '',
    text_ru: texts.ru ?? '',
    text_ar: texts.ar ?? '',
    created_at: row.createdAt.toISOString(),
    accepted_count: accepted,
  };
}

/** What the audit log keeps of a note: its texts and whether it shows. */
const noteRecord = (row: ReleaseNoteRow) => ({
  titles: row.titles,
  texts: row.texts,
  published: row.published,
  published_at: row.publishedAt,
});

/** GET /api/desk/site/release_notes: newest first, each with how many users accepted it. */
export async function listReleaseNotes(ctx: Pick<SiteContentContext, 'db'>, only?: number): Promise<DeskReleaseNote[]> {
  const rows = await ctx.db
    .select({ note: releaseNotes, accepted: count(acceptedReleaseNotes.userId) })
    .from(releaseNotes)
    .leftJoin(acceptedReleaseNotes, eq(acceptedReleaseNotes.releaseNoteId, releaseNotes.id))
    .where(only === undefined ? undefined : eq(releaseNotes.id, only))
    .groupBy(releaseNotes.id)
    .orderBy(desc(releaseNotes.createdAt), desc(releaseNotes.id));
  return rows.map(({ note, accepted }) => noteView(note, Number(accepted)));
}

async function releaseNote(ctx: Pick<SiteContentContext, 'db'>, id: number): Promise<DeskReleaseNote> {
  const [note] = await listReleaseNotes(ctx, id);
  if (!note) throw new NotFound({ code: 'release_note_not_found', message: 'Release note not found' });
  return note;
}

/** POST /api/desk/site/release_notes: written unpublished; customers see it once it is published. */
export async function createReleaseNote(ctx: SiteContentContext, actor: Actor, input: ReleaseNoteBody): Promise<DeskReleaseNote> {
  const { titles, texts } = releaseNoteBodySchema.parse(input);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(releaseNotes).values({ titles, texts, published: false, createdAt: now }).returning();
    if (!row) throw new Error('release note not stored');
    await recordAudit(
      tx,
      actor,
      { action: 'release_note.create', subject: 'release_note', subjectId: row.id, after: noteRecord(row) },
      now,
    );
    return row.id;
  });
  return releaseNote(ctx, id);
}

/**
 * PATCH /api/desk/site/release_notes/{id}: the texts, published or not. A correction does not ask
 * those who accepted the note again (the note is the same one); a new note does.
 */
export async function updateReleaseNote(
  ctx: SiteContentContext,
  actor: Actor,
  id: number,
  input: ReleaseNoteBody,
): Promise<DeskReleaseNote> {
  const { titles, texts } = releaseNoteBodySchema.parse(input);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(releaseNotes).where(eq(releaseNotes.id, id)).for('update');
    if (!before) throw new NotFound({ code: 'release_note_not_found', message: 'Release note not found' });
    const [after] = await tx.update(releaseNotes).set({ titles, texts }).where(eq(releaseNotes.id, id)).returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'release_note.update',
        subject: 'release_note',
        subjectId: id,
        before: noteRecord(before),
        after: after && noteRecord(after),
      },
      now,
    );
  });
  return releaseNote(ctx, id);
}

/**
 * POST /api/desk/site/release_notes/{id}/publish or /unpublish. Publishing stamps published_at now,
 * so the note becomes the newest published one: every signed-in user who has not accepted it is
 * shown it (spec accounts §4 "Release note"). Unpublishing hides it; the one published before it
 * shows again to whoever has not accepted that one.
 */
export async function actOnReleaseNote(
  ctx: SiteContentContext,
  actor: Actor,
  id: number,
  action: ReleaseNoteAction,
): Promise<DeskReleaseNote> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(releaseNotes).where(eq(releaseNotes.id, id)).for('update');
    if (!before) throw new NotFound({ code: 'release_note_not_found', message: 'Release note not found' });
    const publish = action === 'publish';
    if (before.published === publish)
      throw new Conflict({
        code: 'action_not_applicable',
        message: publish ? 'The release note is published already' : 'The release note is not published',
      });
    const [after] = await tx
      .update(releaseNotes)
      .set(publish ? { published: true, publishedAt: now } : { published: false })
      .where(eq(releaseNotes.id, id))
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: `release_note.${action}`,
        subject: 'release_note',
        subjectId: id,
        before: noteRecord(before),
        after: after && noteRecord(after),
      },
      now,
    );
  });
  return releaseNote(ctx, id);
}

const blank: Localized = { en: '', es: '', ru: '', ar: '' };

/** GET /api/desk/site/terms: the current version as stored, every language. */
export async function currentTerms(ctx: Pick<SiteContentContext, 'db'>): Promise<DeskTerms> {
  const [row] = await ctx.db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
  if (!row) return { version: 0, published_at: null, content: blank, popup_content: blank };
  return {
    version: row.version,
    published_at: row.publishedAt.toISOString(),
    content: { ...blank, ...row.content },
    popup_content: { ...blank, ...row.popupContent },
  };
}

const sanitizeAll = (texts: Localized): Localized =>
  Object.fromEntries(LOCALES.map((locale) => [locale, texts[locale] ? sanitizeContent(texts[locale]) : ''])) as Localized;

/**
 * POST /api/desk/site/terms: a new version, never an edit of one users accepted: every signed-in
 * user's terms_accepted is false until they accept it (current-user.ts). It follows the version the
 * desk read (409 terms_changed when another was published meanwhile). The public terms page
 * (content page `terms-of-service`) gets the new text in the same transaction, its titles kept.
 */
export async function publishTerms(ctx: SiteContentContext, actor: Actor, input: TermsVersionBody): Promise<DeskTerms> {
  const body = termsVersionBodySchema.parse(input);
  const content = sanitizeAll(body.content);
  const popupContent = sanitizeAll(body.popup_content);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [latest] = await tx.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
    const changed = () =>
      new Conflict({ code: 'terms_changed', message: 'Another version of the terms was published meanwhile: read it first' });
    if ((latest?.version ?? 0) !== body.previous_version) throw changed();
    const version = body.previous_version + 1;
    // Two desks publishing at once: the second finds the version taken.
    const [row] = await tx
      .insert(termsVersions)
      .values({ version, publishedAt: now, content, popupContent })
      .onConflictDoNothing()
      .returning();
    if (!row) throw changed();
    const pages = await tx.select().from(contentPages).where(eq(contentPages.slug, 'terms-of-service'));
    for (const locale of LOCALES) {
      const page = pages.find((candidate) => candidate.locale === locale);
      const html = content[locale] || content.en;
      if (page)
        await tx
          .update(contentPages)
          .set({ html, updatedAt: now })
          .where(and(eq(contentPages.slug, 'terms-of-service'), eq(contentPages.locale, locale)));
      else await tx.insert(contentPages).values({ slug: 'terms-of-service', locale, title: TERMS_TITLES[locale], html, updatedAt: now });
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'terms.publish',
        subject: 'terms',
        subjectId: version,
        before: latest ?? null,
        after: { version, content, popup_content: popupContent },
      },
      now,
    );
  });
  ctx.caches.invalidate('catalogue');
  return currentTerms(ctx);
}

/** The terms page's title where an install has none yet (as the catalogue's seed names it). */
const TERMS_TITLES: Localized = { en: 'Terms of Service', es: 'Condiciones del servicio', ru: 'Условия использования', ar: 'شروط الخدمة' };
