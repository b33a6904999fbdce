import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_RENEWAL_MS, renewalDue, subscriptionUnsent } from './push-client.ts';

/** The browser's own bookkeeping of its push subscription (spec §9: renewed every 7 days). */
const DAY = 24 * 60 * 60 * 1000;
const saved = (subscribed: boolean) => ({ external_id: 'id', notification_locales: ['en' as const], subscribed });
const made = (endpoint: string) => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } });

describe('push subscription upkeep', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renews a subscription once it is 7 days old, not before', () => {
    const now = Date.UTC(2026, 10, 24);
    expect(SUBSCRIPTION_RENEWAL_MS).toBe(7 * DAY);
    expect(renewalDue(now - 6 * DAY, now)).toBe(false);
    expect(renewalDue(now - 7 * DAY + 1, now)).toBe(false);
    expect(renewalDue(now - 7 * DAY, now)).toBe(true);
    expect(renewalDue(now - 30 * DAY, now)).toBe(true);
    // A subscription of unknown age counts from now.
    expect(renewalDue(null, now)).toBe(false);
  });

  it('sends a subscription the server lacks, or one other than the one it was last sent', () => {
    expect(subscriptionUnsent(null, saved(false))).toBe(false);
    expect(subscriptionUnsent(made('https://push.example/1'), saved(false))).toBe(true);
    // Subscribed on the server, but this browser never recorded sending this endpoint.
    expect(subscriptionUnsent(made('https://push.example/1'), saved(true))).toBe(true);
    localStorage.setItem('webpush_sent_endpoint', 'https://push.example/1');
    expect(subscriptionUnsent(made('https://push.example/1'), saved(true))).toBe(false);
    // Renewed here, or changed by the push service: the new endpoint goes to the server.
    expect(subscriptionUnsent(made('https://push.example/2'), saved(true))).toBe(true);
  });
});
