import { z } from 'zod';
import { MAX_DURATION, MIN_DURATION } from './catalogue-values.ts';
import { LOCALES } from './locales.ts';
import { parseId, zod } from './validators.ts';

/**
 * Newsroom integration (issue 30): API keys, the events webhooks carry, and what a saved search
 * keeps. The webhook and saved-search calls have their own contracts beside this file.
 */

/**
 * Who runs a company's integration (API keys, webhooks, delivery rules): its master, or a user
 * without a company. A member works under the master's.
 */
export const runsIntegration = (user: { companyId: number | null; companyRole: 'master' | 'member' | null }) =>
  !user.companyId || user.companyRole === 'master';

/** read: search and items of the content API; download: license and download through it. */
export const API_KEY_SCOPES = ['read', 'download'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_LIMITS = {
  /** Live keys one owner may hold. */
  perOwner: 20,
  /** Calls one key may make per minute (429 with Retry-After past it). */
  callsPerMinute: 600,
  /** The longest a key may be made to last, in days. */
  maxDays: 730,
} as const;

/** Every key begins so, which lets secret scanners and people tell it for what it is. */
export const API_KEY_PREFIX = 'nr_';

export const apiKeyCreateSchema = z.object({
  name: zod.requiredText(80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'validation.invalid' }))
    .min(1, 'validation.required')
    .transform((scopes) => [...new Set(scopes)]),
  /** Days the key lasts; none: until revoked. */
  expires_in_days: z
    .number()
    .int('validation.number')
    .min(1, 'validation.number')
    .max(API_KEY_LIMITS.maxDays, 'validation.number')
    .nullish(),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** active, expired or revoked, as of the answer. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysSchema = z.object({ keys: z.array(apiKeySchema) });

/** A new or rotated key: the secret, this once. */
export const apiKeyIssuedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyIssued = z.infer<typeof apiKeyIssuedSchema>;

/** GET /api/v1/key: whom the calling key acts as, for a newsroom system to check its set-up. */
export const apiKeyCallerSchema = z.object({
  key: apiKeySchema.nullable(),
  owner: z.object({ id: z.number().int(), email: z.string(), company_id: z.number().int().nullable() }),
});

/** What webhooks tell of (issue 30). */
export const WEBHOOK_EVENT_TYPES = [
  'content.published',
  'content.corrected',
  'content.killed',
  'live_event.status',
  'download.ready',
  'delivery.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * A saved search: the search page's text and filters, without paging, order or dates (an alert is
 * about items published from now on, so a date range would only ever stop it). Each filter is read
 * as the search page reads it (catalogue/filters.ts); its bounds are the page's own.
 */
export const savedSearchQuerySchema = z
  .object({
    search: z.string().trim().max(200, 'validation.max_length').optional(),
    tags: z
      .array(z.string().trim().min(1, 'validation.required').max(100, 'validation.max_length'))
      .max(20, 'validation.max_length')
      .optional(),
    category: z.string().max(100, 'validation.max_length').optional(),
    /** By id or ISO code, as the search page's filter. */
    country: z
      .string()
      .max(100, 'validation.max_length')
      .refine((value) => !/^\d+$/.test(value) || parseId(value) !== null, 'validation.number')
      .optional(),
    region: z.string().max(100, 'validation.max_length').optional(),
    language: z.enum(LOCALES, { error: 'validation.text' }).optional(),
    with_international_mix: z.boolean().optional(),
    free_access: z.boolean().optional(),
    pool: z.boolean().optional(),
    min_duration: z
      .number()
      .int('validation.number')
      .min(MIN_DURATION, 'validation.number')
      .max(MAX_DURATION, 'validation.number')
      .optional(),
    max_duration: z
      .number()
      .int('validation.number')
      .min(MIN_DURATION, 'validation.number')
      .max(MAX_DURATION, 'validation.number')
      .optional(),
  })
  .refine((q) => q.min_duration === undefined || q.max_duration === undefined || q.min_duration <= q.max_duration, {
    message: 'validation.range',
    path: ['max_duration'],
  });
export type SavedSearchQuery = z.infer<typeof savedSearchQuerySchema>;
