import type { z } from 'zod';
import type {
  DeskPage,
  DeskPages,
  DeskReleaseNote,
  DeskReleaseNotes,
  DeskTerms,
  EditablePage,
  PageBody,
  Preview,
  ReleaseNoteAction,
  ReleaseNoteBody,
  TermsVersionBody,
} from '../../../../common/desk-site-content.ts';
import type { Locale } from '../../../../common/locales.ts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { itemText, validationText } from '../../../lib/forms.ts';

/** Query keys of the desk's site content; under 'desk', so sign-out forgets them with the rest. */
export const SITE_KEYS = {
  notes: ['desk', 'site', 'release-notes'] as const,
  terms: ['desk', 'site', 'terms'] as const,
  pages: ['desk', 'site', 'pages'] as const,
  page: (slug: EditablePage, locale: Locale) => ['desk', 'site', 'pages', slug, locale] as const,
  preview: (html: string) => ['desk', 'site', 'preview', html] as const,
};

const BASE = '/api/desk/site';

/** The desk's site-content calls (src/server/modules/business/site-content-routes.ts), typed by the shared contracts. */
export const siteApi = {
  notes: (signal?: AbortSignal) => api.get<DeskReleaseNotes>(`${BASE}/release_notes`, { signal }),
  createNote: (body: ReleaseNoteBody) => api.post<DeskReleaseNote>(`${BASE}/release_notes`, { body }),
  updateNote: (id: number, body: ReleaseNoteBody) => api.patch<DeskReleaseNote>(`${BASE}/release_notes/${id}`, { body }),
  actOnNote: (id: number, action: ReleaseNoteAction) => api.post<DeskReleaseNote>(`${BASE}/release_notes/${id}/${action}`),
  terms: (signal?: AbortSignal) => api.get<DeskTerms>(`${BASE}/terms`, { signal }),
  publishTerms: (body: TermsVersionBody) => api.post<DeskTerms>(`${BASE}/terms`, { body }),
  pages: (signal?: AbortSignal) => api.get<DeskPages>(`${BASE}/pages`, { signal }),
  page: (slug: EditablePage, locale: Locale, signal?: AbortSignal) => api.get<DeskPage>(`${BASE}/pages/${slug}/${locale}`, { signal }),
  savePage: (slug: EditablePage, locale: Locale, body: PageBody) => api.put<DeskPage>(`${BASE}/pages/${slug}/${locale}`, { body }),
  preview: (html: string, signal?: AbortSignal) => api.post<Preview>(`${BASE}/previews`, { body: { html }, signal }),
};

/** Field messages by path (`titles.en`) and the rest, from a failed call or from the shared schema's check. */
export type FormProblems = { fields: Record<string, string>; other: string[] };

export function problemsOfCall(error: unknown): FormProblems {
  if (!(error instanceof ApiError)) return { fields: {}, other: error instanceof Error ? [error.message] : [] };
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const item of error.errors) {
    if (item.field) fields[item.field] ??= itemText(item);
    else other.push(itemText(item));
  }
  return { fields, other };
}

export function problemsOfCheck(error: z.ZodError, t: (key: string) => string): FormProblems {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= validationText(t, issue.message) ?? issue.message;
  return { fields, other: [] };
}

export const NO_PROBLEMS: FormProblems = { fields: {}, other: [] };
