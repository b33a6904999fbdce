import { z } from 'zod';
import { releaseNoteSchema } from './accounts.ts';
import { contentSectionSchema } from './catalogue.ts';
import { LOCALES, type Locale } from './locales.ts';
import { hasOnlyTextCharacters } from './support.ts';
import { zod } from './validators.ts';

/**
 * The business desk's site content (issue 29): release notes, the terms of service and the content
 * pages, each written in the four interface languages. One contract per payload, shared by the
 * desk's routes (src/server/modules/business/site-content-routes.ts) and its screens.
 */

export const SITE_CONTENT_LIMITS = {
  noteTitleMax: 200,
  noteTextMax: 5000,
  pageTitleMax: 200,
  pageHtmlMax: 100_000,
  termsHtmlMax: 200_000,
  termsPopupMax: 10_000,
} as const;

/** The content pages the desk edits; the terms of service page follows the terms' versions instead. */
export const EDITABLE_PAGES = ['about', 'privacy-policy', 'cookie-policy', 'impressum'] as const;
export type EditablePage = (typeof EDITABLE_PAGES)[number];

/** Multi-line text: Windows line ends become line feeds; no other control character. */
const multiline = (max: number) =>
  z
    .string({ error: 'validation.text' })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .refine((text) => [...text].length <= max, 'validation.max_length')
        .refine(hasOnlyTextCharacters, 'validation.control_characters'),
    );
const requiredMultiline = (max: number) => multiline(max).pipe(z.string().min(1, 'validation.required'));

/** Written in four languages: English required, a blank one falls back to English where it is read. */
const linesInFourLanguages = (max: number) =>
  z.object({ en: zod.requiredText(max), es: zod.line(max).default(''), ru: zod.line(max).default(''), ar: zod.line(max).default('') });
const textsInFourLanguages = (max: number) =>
  z.object({
    en: requiredMultiline(max),
    es: multiline(max).default(''),
    ru: multiline(max).default(''),
    ar: multiline(max).default(''),
  });

/** POST …/release_notes and PATCH …/release_notes/{id}: title and text in each language. */
export const releaseNoteBodySchema = z.object({
  titles: linesInFourLanguages(SITE_CONTENT_LIMITS.noteTitleMax),
  texts: textsInFourLanguages(SITE_CONTENT_LIMITS.noteTextMax),
});
export type ReleaseNoteBody = z.input<typeof releaseNoteBodySchema>;

/** A note as the desk lists it: what customers get (spec accounts §3), plus when it was written and how many accepted it. */
export const deskReleaseNoteSchema = releaseNoteSchema.extend({ created_at: z.string(), accepted_count: z.number().int() });
export type DeskReleaseNote = z.infer<typeof deskReleaseNoteSchema>;
export const deskReleaseNotesSchema = z.object({ release_notes: z.array(deskReleaseNoteSchema) });
export type DeskReleaseNotes = z.infer<typeof deskReleaseNotesSchema>;

export const RELEASE_NOTE_ACTIONS = ['publish', 'unpublish'] as const;
export type ReleaseNoteAction = (typeof RELEASE_NOTE_ACTIONS)[number];
export const releaseNoteParamsSchema = z.object({ id: zod.idParam() });
export const releaseNoteActionParamsSchema = z.object({ id: zod.idParam(), action: z.enum(RELEASE_NOTE_ACTIONS) });

const localized = z.object({ en: z.string(), es: z.string(), ru: z.string(), ar: z.string() });

/** GET …/terms: the current version (0 and blank texts before any). */
export const deskTermsSchema = z.object({
  version: z.number().int(),
  published_at: z.string().nullable(),
  content: localized,
  popup_content: localized,
});
export type DeskTerms = z.infer<typeof deskTermsSchema>;

/**
 * POST …/terms: a new version (never an edit of one users accepted), following the version the desk
 * read: when another was published meanwhile, 409, so no one's text is silently replaced.
 */
export const termsVersionBodySchema = z.object({
  previous_version: z.number({ error: 'validation.number' }).int().min(0).max(1_000_000),
  content: textsInFourLanguages(SITE_CONTENT_LIMITS.termsHtmlMax),
  popup_content: textsInFourLanguages(SITE_CONTENT_LIMITS.termsPopupMax),
});
export type TermsVersionBody = z.input<typeof termsVersionBodySchema>;

/** GET …/pages: every editable page in every language. */
export const deskPageSummarySchema = z.object({
  slug: z.enum(EDITABLE_PAGES),
  locale: z.enum(LOCALES),
  title: z.string(),
  updated_at: z.string().nullable(),
});
export const deskPagesSchema = z.object({ pages: z.array(deskPageSummarySchema) });
export type DeskPages = z.infer<typeof deskPagesSchema>;

export const pageParamsSchema = z.object({ slug: z.enum(EDITABLE_PAGES), locale: z.enum(LOCALES) });

/** GET and PUT …/pages/{slug}/{locale}: the page's title and its HTML as stored (sanitised). */
export const deskPageSchema = deskPageSummarySchema.extend({ html: z.string() });
export type DeskPage = z.infer<typeof deskPageSchema>;

export const pageBodySchema = z.object({
  title: zod.requiredText(SITE_CONTENT_LIMITS.pageTitleMax),
  html: requiredMultiline(SITE_CONTENT_LIMITS.pageHtmlMax),
});
export type PageBody = z.input<typeof pageBodySchema>;

/** POST …/previews: HTML as it would be stored and shown (the server's sanitiser is the one rule). */
export const previewBodySchema = z.object({ html: multiline(SITE_CONTENT_LIMITS.termsHtmlMax) });
export const previewSchema = z.object({ html: z.string(), sections: z.array(contentSectionSchema) });
export type Preview = z.infer<typeof previewSchema>;

/** The text of a language, or English's where it is blank (as customers and visitors read it). */
export const inLanguage = (texts: Record<Locale, string>, locale: Locale) => texts[locale] || texts.en;
