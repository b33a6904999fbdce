import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './integration.ts';
import { zod } from './validators.ts';

/**
 * Webhooks (issue 30): where a company (or a user without one) is told of events, signed per the
 * Standard Webhooks specification, and the log of what was sent and answered.
 */

export const WEBHOOK_LIMITS = {
  /** Endpoints one owner (a company, or a user without one) may register. */
  perOwner: 10,
  /** Characters of an endpoint's answer (or of why there was none) kept with each attempt. */
  excerpt: 500,
  /** Seconds one attempt may take before it counts as failed. */
  timeoutSeconds: 10,
  /** Messages one page of an endpoint's log holds. */
  logPage: 50,
} as const;

/**
 * When each attempt is made, in seconds after the one before: the Standard Webhooks schedule (now,
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), 27 h 35 min in all; the message fails after the last.
 */
export const WEBHOOK_RETRY_SCHEDULE = [0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** What a message may carry: the events, and the ping "send a test event" makes. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_MESSAGE_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;
export type WebhookMessageType = (typeof WEBHOOK_MESSAGE_TYPES)[number];

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'validation.invalid' }))
  .min(1, 'validation.required')
  .transform((chosen) => [...new Set(chosen)]);
const url = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(2000, 'validation.max_length');

export const webhookCreateSchema = z.object({
  url,
  description: zod.line(200).optional(),
  events,
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  url: url.optional(),
  description: zod.line(200).optional(),
  events: events.optional(),
  /** true: no more messages are made or sent for it; false: it works again. */
  disabled: z.boolean().optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const WEBHOOK_MESSAGE_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookMessageState = (typeof WEBHOOK_MESSAGE_STATES)[number];

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  /** The endpoint's HTTP status; null when there was no answer (refused, timed out, unreachable). */
  status: z.number().int().nullable(),
  latency_ms: z.number().int(),
  /** The start of the answer, or why there was none. */
  excerpt: z.string(),
  created_at: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  state: z.enum(['active', 'disabled']),
  created_at: z.string(),
  /** The latest attempt of any of its messages. */
  last_attempt: webhookAttemptSchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsSchema = z.object({ endpoints: z.array(webhookEndpointSchema), limit: z.number().int() });

/** A new endpoint, or its secret read again: `whsec_` and base64 of 32 random bytes. */
export const webhookSecretSchema = z.object({ secret: z.string() });
export const webhookCreatedSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookMessageSchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt of the message. */
  message_id: z.string(),
  event_type: z.enum(WEBHOOK_MESSAGE_TYPES),
  state: z.enum(WEBHOOK_MESSAGE_STATES),
  payload: z.record(z.string(), z.unknown()),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** Newest first. */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

export const webhookMessagesQuerySchema = z.object({
  /** Messages older than this one (the next page). */
  before: zod.idParam().optional(),
});
export const webhookMessagesSchema = z.object({ messages: z.array(webhookMessageSchema), more: z.boolean() });
