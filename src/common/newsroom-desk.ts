import { z } from 'zod';
import {
  CONTENT_ACCESS,
  CONTENT_STATES,
  contentFieldsSchema,
  MEDIA_STATES,
  type ContentFields,
  type ContentState,
  type MediaState,
} from './newsroom.ts';
import { MAX_ID, zod } from './validators.ts';

/**
 * The desk's calls on content items (issue "Describe" and "Publish, correct, withhold, kill"): the
 * life cycle's transitions, what publishing needs, and the payloads of /api/desk/content.
 */

export const CONTENT_ACTIONS = ['publish', 'schedule', 'unschedule', 'correct', 'withhold', 'reinstate', 'kill'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/**
 * The life cycle (issue: draft → scheduled → published → corrected → withheld → killed): from which
 * states each action may be taken, and the state it leads to. Killed is final. A withheld story
 * comes back as it was (reinstate: published, or corrected once it has been).
 */
export const CONTENT_TRANSITIONS: Record<ContentAction, { from: readonly ContentState[]; to: ContentState | 'previous' }> = {
  publish: { from: ['draft', 'scheduled'], to: 'published' },
  schedule: { from: ['draft', 'scheduled'], to: 'scheduled' },
  unschedule: { from: ['scheduled'], to: 'draft' },
  correct: { from: ['published', 'corrected'], to: 'corrected' },
  withhold: { from: ['published', 'corrected'], to: 'withheld' },
  reinstate: { from: ['withheld'], to: 'previous' },
  kill: { from: ['published', 'corrected', 'withheld'], to: 'killed' },
};

export const canTake = (action: ContentAction, state: ContentState) => CONTENT_TRANSITIONS[action].from.includes(state);

/** The actions open to an item in this state: the desk's buttons. */
export const actionsFrom = (state: ContentState): ContentAction[] => CONTENT_ACTIONS.filter((action) => canTake(action, state));

/** States whose story the catalogue shows; withheld and killed are out of it. */
export const LISTED_STATES: readonly ContentState[] = ['published', 'corrected'];

/** The describe form can still be changed (killed is final). */
export const isEditable = (state: ContentState) => state !== 'killed';

/** Which actions need words from the editor: a correction's note, a kill's reason. */
export const NOTE_REQUIRED: Partial<Record<ContentAction, 'note' | 'reason'>> = { correct: 'note', kill: 'reason' };

/** A publishing rule broken: the field it is about and the stable code the desk translates. */
export type PublishProblem = { code: string; field: string; message: string };

/**
 * What the catalogue needs of a story before it goes out (the describe form's rules): a headline in
 * the story's own language (the catalogue's title), the dateline's date, at least one format, access
 * and price that agree, and restrictions that say what they restrict. The master's readiness is the
 * server's to add (it knows the media state).
 */
export function publishProblems(fields: ContentFields, mediaState: MediaState | null = null): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const headline = fields.texts[fields.language]?.headline.trim() ?? '';
  const anyHeadline = Object.values(fields.texts).some((text) => (text?.headline.trim() ?? '') !== '');
  if (!anyHeadline) problems.push({ code: 'headline_missing', field: 'texts', message: 'Write a headline in at least one language' });
  else if (!headline)
    problems.push({ code: 'headline_missing_in_language', field: 'texts', message: "Write a headline in the story's own language" });
  if (!fields.dateline_date) problems.push({ code: 'dateline_date_missing', field: 'dateline_date', message: 'Give the date of filming' });
  if (fields.formats.length === 0) problems.push({ code: 'formats_missing', field: 'formats', message: 'Offer at least one format' });
  if (fields.access === 'paid' && !(fields.one_off_price_cents && fields.one_off_price_cents > 0))
    problems.push({ code: 'price_missing', field: 'one_off_price_cents', message: 'Paid material needs its one-off price' });
  if (fields.access !== 'paid' && fields.one_off_price_cents !== null && fields.one_off_price_cents > 0)
    problems.push({ code: 'price_not_paid', field: 'one_off_price_cents', message: 'Only paid material has a one-off price' });
  for (const restriction of fields.restrictions) {
    if (restriction.code === 'embargo' && !restriction.until)
      problems.push({ code: 'embargo_without_date', field: 'restrictions', message: 'An embargo needs the time it ends' });
  }
  if (fields.region_id !== null && fields.country_id === null)
    problems.push({ code: 'region_without_country', field: 'country_id', message: 'A region needs its country' });
  if (mediaState !== null && mediaState !== 'ready')
    problems.push({ code: 'master_not_ready', field: 'media', message: 'The master is not ready yet' });
  return problems;
}

export const CONTENT_PAGE_SIZE = 50;

/** GET /api/desk/content: the desk's search over every state. */
export const contentQuerySchema = z.object({
  q: zod.line(200).optional(),
  state: z.enum(CONTENT_STATES).optional(),
  editor_id: zod.idParam().optional(),
  from: zod.calendarDate().optional(),
  to: zod.calendarDate().optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type ContentQuery = z.infer<typeof contentQuerySchema>;

const person = z.object({ id: z.number(), name: z.string() }).nullable();

/** One line of the desk's list. */
export const contentSummarySchema = z.object({
  id: z.number(),
  guid: z.string(),
  state: z.enum(CONTENT_STATES),
  media_state: z.enum(MEDIA_STATES),
  language: z.string(),
  headline: z.string(),
  source_name: z.string().nullable(),
  tag_slugs: z.array(z.string()),
  access: z.enum(CONTENT_ACCESS),
  version: z.number(),
  revision: z.number(),
  updated_by: person,
  updated_at: z.string(),
  scheduled_at: z.string().nullable(),
  version_created_at: z.string().nullable(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export const contentListSchema = z.object({
  items: z.array(contentSummarySchema),
  count: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ContentList = z.infer<typeof contentListSchema>;

/** GET /api/desk/content/{id}: the whole item, with what the desk may do with it now. */
export const contentItemSchema = contentSummarySchema.extend({
  fields: contentFieldsSchema,
  media_stage: z.string().nullable(),
  media_progress: z.number(),
  media_error: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  video_project_slug: z.string().nullable(),
  first_published_at: z.string().nullable(),
  correction_note: z.string().nullable(),
  killed_reason: z.string().nullable(),
  created_by: person,
  actions: z.array(z.enum(CONTENT_ACTIONS)),
  problems: z.array(z.object({ code: z.string(), field: z.string(), message: z.string() })),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** POST /api/desk/content: a draft without media (uploads make theirs with it). */
export const createContentBodySchema = z.object({ fields: contentFieldsSchema.partial().default({}) });

/**
 * PATCH /api/desk/content/{id}: the fields changed since the version the editor loaded. A stale
 * version is refused with 409 `version_conflict`, naming the current version, who saved it and which
 * fields changed since (error meta: current_version, saved_by, changed_fields).
 */
export const saveContentBodySchema = z.object({
  version: z.number().int().min(1).max(MAX_ID),
  fields: contentFieldsSchema.partial(),
});
export type SaveContentBody = z.infer<typeof saveContentBodySchema>;

export const contentActionParamsSchema = z.object({ id: zod.idParam(), action: z.enum(CONTENT_ACTIONS) });

/** POST /api/desk/content/{id}/{action}: the note, reason or time an action takes. */
export const contentActionBodySchema = z.object({
  note: z.string().trim().max(2000, 'validation.max_length').optional(),
  reason: z.string().trim().max(2000, 'validation.max_length').optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type ContentActionBody = z.infer<typeof contentActionBodySchema>;

export const BULK_ACTIONS = ['publish', 'withhold', 'tag'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_MAX = 100;

/** POST /api/desk/content/bulk: one action on a selection, each item decided on its own. */
export const bulkBodySchema = z.object({
  action: z.enum(BULK_ACTIONS),
  ids: z.array(zod.id()).min(1).max(BULK_MAX),
  tag_slug: zod.line(100).optional(),
});
export type BulkBody = z.infer<typeof bulkBodySchema>;

export const bulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.number(),
      ok: z.boolean(),
      state: z.enum(CONTENT_STATES).nullable(),
      errors: z.array(z.object({ code: z.string(), message: z.string() })),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
