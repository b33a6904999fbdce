import { z } from 'zod';
import { zod } from './validators.ts';

/**
 * Newsroom integration (issue 30): API keys, the events webhooks carry, and what a saved search
 * keeps. The webhook and saved-search calls have their own contracts beside this file.
 */

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

/** A saved search: the search page's text and filters, without paging or order. */
export const savedSearchQuerySchema = z.object({
  search: z.string().trim().max(200, 'validation.max_length').optional(),
  tags: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  category: z.string().max(100).optional(),
  country: z.string().max(100).optional(),
  region: z.string().max(100).optional(),
  language: z.string().max(5).optional(),
  with_international_mix: z.boolean().optional(),
  free_access: z.boolean().optional(),
  pool: z.boolean().optional(),
  min_duration: z.number().int().min(0).optional(),
  max_duration: z.number().int().min(0).optional(),
});
export type SavedSearchQuery = z.infer<typeof savedSearchQuerySchema>;
