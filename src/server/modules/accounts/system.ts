import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ReleaseNote } from '../../../common/accounts.ts';
import type { Locale } from '../../../common/locales.ts';
import type { ServiceContext } from '../../context.ts';
import { accountErrors } from './errors.ts';
import { latestTermsVersion } from './current-user.ts';
import { recordMarketingOptIn } from './marketing.ts';
import { acceptedReleaseNotes, releaseNotes, termsVersions, users } from './schema.ts';
import type { UserRow } from './sessions.ts';

type ReleaseNoteRow = typeof releaseNotes.$inferSelect;

function releaseNoteView(row: ReleaseNoteRow): ReleaseNote {
  return {
    id: row.id,
    published: row.published,
    published_at: row.publishedAt?.toISOString() ?? null,
    title_en: row.titles.en,
    title_es: row.titles.es,
    title_ru: row.titles.ru,
    title_ar: row.titles.ar,
    text_en: row.texts.en,
    text_es: row.texts.es,
    text_ru: row.texts.ru,
    text_ar: row.texts.ar,
  };
}

/** The latest published release note, or null (spec: accounts §4 "Release note"). */
export async function latestReleaseNote(ctx: ServiceContext): Promise<ReleaseNote | null> {
  const [row] = await ctx.db
    .select()
    .from(releaseNotes)
    .where(and(eq(releaseNotes.published, true), isNotNull(releaseNotes.publishedAt)))
    .orderBy(desc(releaseNotes.publishedAt), desc(releaseNotes.id))
    .limit(1);
  return row ? releaseNoteView(row) : null;
}

/**
 * A note that was ever published may be accepted: one the desk unpublishes while a customer has it
 * open (their browser keeps the latest note up to a minute) is dismissed, not stuck on an error.
 */
export async function acceptReleaseNote(ctx: ServiceContext, user: UserRow, id: number) {
  const [note] = await ctx.db
    .select({ id: releaseNotes.id })
    .from(releaseNotes)
    .where(and(eq(releaseNotes.id, id), isNotNull(releaseNotes.publishedAt)));
  if (!note) throw accountErrors.unknownReleaseNote();
  await ctx.db
    .insert(acceptedReleaseNotes)
    .values({ userId: user.id, releaseNoteId: id, acceptedAt: ctx.clock.now() })
    .onConflictDoNothing();
}

/** Accepting the latest terms; answers the updated user. */
export async function acceptTerms(ctx: ServiceContext, user: UserRow): Promise<UserRow> {
  const version = await latestTermsVersion(ctx.db);
  if (version === null) return user;
  const [updated] = await ctx.db.update(users).set({ termsAcceptedVersion: version }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

/** Splits HTML into top-level sections at each <h2>, keeping those whose text mentions the term. */
function sectionsMentioning(html: string, term: string): string {
  const needle = term.toLocaleLowerCase();
  const sections = html.split(/(?=<h2[\s>])/i);
  return sections
    .filter((section) =>
      section
        .replace(/<[^>]+>/g, ' ')
        .toLocaleLowerCase()
        .includes(needle),
    )
    .join('');
}

/** Terms of service in the caller's language (spec: accounts §3 "ToS info"), optionally searched. */
export async function termsOfService(ctx: ServiceContext, locale: Locale, search: string | undefined) {
  const [row] = await ctx.db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
  if (!row) return { version: 0, popup_content: '', content: '' };
  const content = row.content[locale] || row.content.en;
  return {
    version: row.version,
    popup_content: row.popupContent[locale] || row.popupContent.en,
    content: search ? sectionsMentioning(content, search) : content,
  };
}

/** Remembers when the newsletter popup was shown, so it is not shown again too soon. */
export async function recordNewsletterPopupShown(ctx: ServiceContext, user: UserRow) {
  const now = ctx.clock.now();
  await ctx.db.update(users).set({ newsletterPopupShownAt: now }).where(eq(users.id, user.id));
  return { newsletter_popup_shown_at: now.toISOString() };
}

/** The newsletter opt-in from the popup: the user is subscribed and the marketing sync is told. */
export async function subscribeToNewsletter(ctx: ServiceContext, user: UserRow) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ newsletter: true, updatedAt: now }).where(eq(users.id, user.id));
    await recordMarketingOptIn(tx, user, now, 'newsletter_popup');
  });
}
