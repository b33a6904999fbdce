import { pushClientSchema, vapidKeySchema, type PushClient, type PushClientInput } from '../../../common/push.ts';
import type { Locale } from '../../../common/locales.ts';
import { ApiError } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';

/**
 * The browser's side of web push (spec: content §4 "Push"): its own id, kept in local storage; the
 * service worker; the permission; the subscription to the push service with the platform's key;
 * and the settings saved by that id. A browser or push service that says no is only logged.
 */
const BASE = '/api/webpush_notification_clients';
const ID_KEY = 'webpush_external_id';

export function externalId(): string {
  let id = localStorage.getItem(ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(ID_KEY, id);
  }
  return id;
}

/** The saved settings, or null when this browser has none yet. */
export async function savedSettings(id: string): Promise<PushClient | null> {
  try {
    return pushClientSchema.parse(await api.get(`${BASE}/${id}`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Spec §9: the push registration is renewed every 7 days. */
export const SUBSCRIPTION_RENEWAL_MS = 7 * 24 * 60 * 60 * 1000;
const SUBSCRIBED_AT_KEY = 'webpush_subscribed_at';
const SENT_ENDPOINT_KEY = 'webpush_sent_endpoint';

/** Whether a subscription made at `subscribedAt` (ms; null when unknown) is due for renewal at `now`. */
export function renewalDue(subscribedAt: number | null, now: number): boolean {
  return subscribedAt !== null && now - subscribedAt >= SUBSCRIPTION_RENEWAL_MS;
}

/**
 * The push service's subscription for this browser: the one kept, or a new one once it is 7 days
 * old (the old one is ended first, so its pushes stop); null where the browser cannot subscribe.
 */
export async function subscription(): Promise<PushSubscriptionJSON | null> {
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    const kept = await registration.pushManager.getSubscription();
    const keptAt = Number(localStorage.getItem(SUBSCRIBED_AT_KEY)) || null;
    if (kept && !renewalDue(keptAt, Date.now())) {
      // One kept from before the date was recorded counts from now.
      if (keptAt === null) localStorage.setItem(SUBSCRIBED_AT_KEY, String(Date.now()));
      return kept.toJSON();
    }
    if (kept) await kept.unsubscribe();
    const { public_key } = vapidKeySchema.parse(await api.get(`${BASE}/vapid_key`));
    const made = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(public_key),
    });
    localStorage.setItem(SUBSCRIBED_AT_KEY, String(Date.now()));
    return made.toJSON();
  } catch (error) {
    console.info('web push: no subscription', error);
    return null;
  }
}

/**
 * Whether the server should hear of this subscription: it has none for this browser, or the one it
 * has is not this one (renewed here, or changed by the push service, see sw.js).
 */
export function subscriptionUnsent(made: PushSubscriptionJSON | null, saved: PushClient): boolean {
  if (!made?.endpoint) return false;
  return !saved.subscribed || localStorage.getItem(SENT_ENDPOINT_KEY) !== made.endpoint;
}

/** Saves the settings; with a subscription when there is one (else the one kept stays). */
export async function saveSettings(id: string, locales: Locale[], pushSubscription?: PushSubscriptionJSON | null) {
  const client: PushClientInput = { external_id: id, notification_locales: locales };
  const keys = pushSubscription?.keys;
  if (pushSubscription?.endpoint && keys?.p256dh && keys.auth)
    client.subscription = { endpoint: pushSubscription.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  const saved = pushClientSchema.parse(await api.put(BASE, { body: { client } }));
  if (client.subscription) localStorage.setItem(SENT_ENDPOINT_KEY, client.subscription.endpoint);
  return saved;
}
