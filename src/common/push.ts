import { z } from 'zod';
import { LOCALES } from './locales.ts';

/**
 * Web push (spec: content §3 "Push client", §4 "Push", §7): a browser's push client is known by an
 * `external_id` it keeps, with the locales whose news it wants (a checkbox per locale) and the
 * push subscription its service worker made. Pushes come for a new video in a followed tag, a
 * followed or booked live event going live, and a red alert.
 */
export const pushLocalesSchema = z
  .array(z.enum(LOCALES))
  .min(1, 'validation.push_locales_required')
  .max(LOCALES.length)
  .transform((locales) => [...new Set(locales)]);

/** The browser's push subscription (PushSubscription.toJSON()); the endpoint must be an https URL. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2000, 'validation.max_length')
    .refine((value) => /^https:\/\/[^\s]+$/i.test(value), 'validation.url'),
  keys: z.object({
    p256dh: z.string().regex(/^[\w-]{80,100}={0,2}$/, 'validation.push_key'),
    auth: z.string().regex(/^[\w-]{16,30}={0,2}$/, 'validation.push_key'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** A random id the browser makes once (a UUID) and keeps: it names its push client. */
export const pushExternalIdSchema = z.uuid('validation.push_external_id');

/** PUT /api/webpush_notification_clients `{client: {external_id, notification_locales, subscription?}}`: saves the settings. */
export const pushClientBodySchema = z.object({
  client: z.object({
    external_id: pushExternalIdSchema,
    notification_locales: pushLocalesSchema,
    subscription: pushSubscriptionSchema.nullable().optional(),
  }),
});
export type PushClientInput = z.infer<typeof pushClientBodySchema>['client'];

/** GET /api/webpush_notification_clients/{external_id}: the settings; the subscription is never sent back. */
export const pushClientSchema = z.object({
  external_id: z.string(),
  notification_locales: z.array(z.enum(LOCALES)),
  subscribed: z.boolean(),
});
export type PushClient = z.infer<typeof pushClientSchema>;

/** GET /api/webpush_notification_clients/vapid_key: the application server key the browser subscribes with. */
export const vapidKeySchema = z.object({ public_key: z.string() });

/** What a push carries to the service worker, which shows it as a notification opening `url`. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
