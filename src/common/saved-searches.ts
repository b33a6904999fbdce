import { z } from 'zod';
import { savedSearchQuerySchema, type SavedSearchQuery } from './integration.ts';
import { LOCALES } from './locales.ts';
import { zod } from './validators.ts';

/**
 * Saved searches (issue 30): a signed-in user keeps a search of the search page, names it, and says
 * how to hear of new matches. A match is decided when a story is published or corrected, once per
 * story and search (server: integration/saved-search-matching.ts).
 */

export const SAVED_SEARCH_LIMITS = {
  /** Searches one user may keep. */
  perUser: 50,
  /** The newest matches a search's list shows. */
  matchesShown: 50,
  /** Longest name. */
  nameMax: 80,
} as const;

/** off: none; now: a mail per match; daily: one digest a day of the matches not yet mailed. */
export const NOTIFY_EMAIL = ['off', 'now', 'daily'] as const;
export type NotifyEmail = (typeof NOTIFY_EMAIL)[number];

/** How the user hears of new matches. */
const alertsShape = {
  notify_in_app: z.boolean({ error: 'validation.required' }),
  notify_email: z.enum(NOTIFY_EMAIL, { error: 'validation.required' }),
  notify_push: z.boolean({ error: 'validation.required' }),
  notify_webhook: z.boolean({ error: 'validation.required' }),
};

/** POST /api/current_user/saved_searches. Unsaid alerts: in the app only. */
export const savedSearchCreateSchema = z.object({
  name: zod.requiredText(SAVED_SEARCH_LIMITS.nameMax),
  query: savedSearchQuerySchema,
  notify_in_app: alertsShape.notify_in_app.default(true),
  notify_email: alertsShape.notify_email.default('off'),
  notify_push: alertsShape.notify_push.default(false),
  notify_webhook: alertsShape.notify_webhook.default(false),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/** PATCH /api/current_user/saved_searches/{id}: its name and how to hear; the search itself is kept as saved. */
export const savedSearchChangeSchema = z.object({
  name: zod.requiredText(SAVED_SEARCH_LIMITS.nameMax).optional(),
  notify_in_app: alertsShape.notify_in_app.optional(),
  notify_email: alertsShape.notify_email.optional(),
  notify_push: alertsShape.notify_push.optional(),
  notify_webhook: alertsShape.notify_webhook.optional(),
});
export type SavedSearchChange = z.input<typeof savedSearchChangeSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: savedSearchQuerySchema,
  notify_in_app: z.boolean(),
  notify_email: z.enum(NOTIFY_EMAIL),
  notify_push: z.boolean(),
  notify_webhook: z.boolean(),
  /** Matches found since the user last looked (`seen_at`). */
  new_matches: z.number().int(),
  seen_at: z.string(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchesSchema = z.object({ saved_searches: z.array(savedSearchSchema) });
export type SavedSearches = z.infer<typeof savedSearchesSchema>;

/** A story found to match: the video as the catalogue lists it (null once withheld or killed). */
export const savedSearchMatchSchema = z.object({
  id: z.number().int(),
  matched_at: z.string(),
  /** Found after the user's last look. */
  is_new: z.boolean(),
  video: z
    .object({
      id: z.number().int(),
      title: z.string(),
      project_slug: z.string(),
      /** The poster, as the catalogue's cards show it. */
      selected_preview_image: z.string(),
      /** The story's language: its title is written in it. */
      language: z.enum(LOCALES),
      published_at: z.string(),
      duration: z.number().int(),
    })
    .nullable(),
});
export type SavedSearchMatch = z.infer<typeof savedSearchMatchSchema>;

/** GET …/{id}/matches: the newest SAVED_SEARCH_LIMITS.matchesShown, newest first. */
export const savedSearchMatchesSchema = z.object({ matches: z.array(savedSearchMatchSchema) });
export type SavedSearchMatches = z.infer<typeof savedSearchMatchesSchema>;

/** The search page's address of a saved search (its query string, without the `?`). */
export function searchPageQuery(query: SavedSearchQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query) as [string, string | number | boolean | string[] | undefined][]) {
    if (value === undefined || value === '') continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

const BOOLEAN_FILTERS = ['with_international_mix', 'free_access', 'pool'] as const;
const NUMBER_FILTERS = ['min_duration', 'max_duration'] as const;
const TEXT_FILTERS = ['search', 'category', 'country', 'region', 'language'] as const;

/**
 * The saved search of a search page's address: its text and filters as the page reads them
 * (booleans as `true`/`1`, tags comma-separated); paging, order and dates are left out.
 */
export function savedQueryOfSearchPage(params: URLSearchParams): SavedSearchQuery {
  const query: Record<string, unknown> = {};
  for (const name of TEXT_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) query[name] = value;
  }
  for (const name of BOOLEAN_FILTERS) {
    const value = params.get(name);
    if (value !== null && value !== '') query[name] = value === 'true' || value === '1';
  }
  for (const name of NUMBER_FILTERS) {
    const value = params.get(name);
    if (value !== null && value !== '' && Number.isFinite(Number(value))) query[name] = Number(value);
  }
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  if (tags.length) query.tags = tags;
  return query;
}
