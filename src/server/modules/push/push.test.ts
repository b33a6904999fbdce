import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushClientSchema, vapidKeySchema } from '../../../common/push.ts';
import { createTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { startPushPeer, type PushPeer } from '../../test/push-peer.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { tags } from '../catalogue/schema.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { createLiveEvent, hoursFrom } from '../live/test-support.ts';
import { notify, PUSH_QUEUE, type PushNews } from './notify.ts';
import { pushClients } from './schema.ts';
import { outboundPolicyFor } from '../security/outbound.ts';
import { pushSender } from './sender.ts';

/**
 * Web push for real: settings saved by the browser's own id, and pushes encrypted, VAPID-signed and
 * sent to a local push service, which checks the signature and decrypts them.
 */
const CLIENTS = '/api/webpush_notification_clients';
let peer: PushPeer;
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let admin: Browser;
const queued: { queue: string; data: unknown }[] = [];
const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:webpush@newsreel.example' };

beforeAll(async () => {
  peer = await startPushPeer();
  // The local push service is on 127.0.0.1, which only an allowance opens.
  const env = { OUTBOUND_ALLOW: '127.0.0.1' };
  const push = pushSender(keys, { outbound: outboundPolicyFor(testConfig({}, env)), ca: peer.ca });
  const jobs = {
    send: async (queue: string, data?: object) => {
      queued.push({ queue, data });
      return 'queued';
    },
    stop: async () => undefined,
  };
  t = await createTestApp({ services: { push, jobs }, env });
  a = agreementFixtures(t);
  admin = (await a.signedIn({ isAdmin: true })).browser;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const deps = () => ({ db: t.database.db, clock: t.services.clock, push: t.services.push });
/** A browser subscribed at the peer, its settings saved as `who`. */
async function subscribedBrowser(who: Browser, locales: string[]) {
  const subscription = peer.subscribe();
  const external_id = randomUUID();
  const saved = await who.put(CLIENTS, { client: { external_id, notification_locales: locales, subscription } });
  expect(saved.statusCode, saved.body).toBe(200);
  return { external_id, subscription };
}
const receivedBy = (endpoint: string) => peer.received.filter((message) => endpoint.endsWith(message.subscription)).map((m) => m.payload);
const lastQueued = (): PushNews => (queued.filter((job) => job.queue === PUSH_QUEUE).at(-1)?.data ?? {}) as PushNews;

describe('push settings (spec §7 webpush_notification_clients)', () => {
  it('saves a browser’s settings by its own id, reads them back without the subscription, and removes them', async () => {
    const visitor = new Browser(t.app);
    expect(vapidKeySchema.parse((await visitor.get(`${CLIENTS}/vapid_key`)).json()).public_key).toBe(keys.publicKey);
    const id = randomUUID();
    const unknown = await visitor.get(`${CLIENTS}/${id}`);
    expect([unknown.statusCode, codes(unknown)]).toEqual([404, ['push_client_not_found']]);

    const subscription = peer.subscribe();
    const saved = await visitor.put(CLIENTS, { client: { external_id: id, notification_locales: ['en', 'ar', 'en'], subscription } });
    expect(pushClientSchema.parse(saved.json())).toEqual({ external_id: id, notification_locales: ['en', 'ar'], subscribed: true });
    const read = await visitor.get(`${CLIENTS}/${id}`);
    expect(read.body).not.toContain(subscription.endpoint);
    expect(read.headers['cache-control']).toContain('no-store');

    // Only the locales change; the subscription stays.
    const changed = await visitor.put(CLIENTS, { client: { external_id: id, notification_locales: ['ru'] } });
    expect(pushClientSchema.parse(changed.json())).toMatchObject({ notification_locales: ['ru'], subscribed: true });

    for (const [client, field] of [
      [{ external_id: 'not-a-uuid', notification_locales: ['en'] }, 'client.external_id'],
      [{ external_id: id, notification_locales: [] }, 'client.notification_locales'],
      [{ external_id: id, notification_locales: ['fr'] }, 'client.notification_locales.0'],
      [
        { external_id: id, notification_locales: ['en'], subscription: { ...subscription, endpoint: 'http://push.example/x' } },
        'client.subscription.endpoint',
      ],
    ] as const) {
      const answer = await visitor.put(CLIENTS, { client });
      expect(answer.statusCode).toBe(422);
      expect(answer.json<{ errors: { field?: string }[] }>().errors[0]?.field).toBe(field);
    }
    expect((await visitor.request({ method: 'DELETE', url: `${CLIENTS}/${id}` })).statusCode).toBe(204);
    expect((await visitor.get(`${CLIENTS}/${id}`)).statusCode).toBe(404);
  });

  it('every caller, signed in or not, keeps settings of their own browser; signed in, they are the user’s', async () => {
    const { master, member, otherMaster } = await a.team();
    const callers = {
      guest: new Browser(t.app),
      user: (await a.signedIn()).browser,
      member: member.browser,
      master: master.browser,
      otherMaster: otherMaster.browser,
      admin,
    };
    const got: Record<string, number> = {};
    for (const [name, who] of Object.entries(callers)) {
      const id = randomUUID();
      got[name] =
        (await who.put(CLIENTS, { client: { external_id: id, notification_locales: ['en'] } })).statusCode * 1000 +
        (await who.get(`${CLIENTS}/${id}`)).statusCode;
    }
    expect(got).toEqual({ guest: 200200, user: 200200, member: 200200, master: 200200, otherMaster: 200200, admin: 200200 });
    const { user, browser } = await a.signedIn();
    const { external_id } = await subscribedBrowser(browser, ['en']);
    const [row] = await t.database.db.select().from(pushClients).where(eq(pushClients.externalId, external_id));
    expect(row?.userId).toBe(user.id);
  });
});

describe('pushes', () => {
  it('a red alert reaches every subscribed browser, in its first locale, encrypted and VAPID-signed; a yellow one is not pushed', async () => {
    const english = await subscribedBrowser(new Browser(t.app), ['en']);
    const arabic = await subscribedBrowser(new Browser(t.app), ['ar', 'en']);
    const yellow = await admin.post('/api/admin/content/alerts', {
      alert: { title: 'Live: summit', alert_type: 'yellow', target_link_to: 'custom', custom_url: '/videos' },
    });
    expect(yellow.statusCode).toBe(201);
    expect(await notify(deps(), { kind: 'alert', id: yellow.json<{ id: number }>().id })).toMatchObject({ pushed: 0 });

    const red = await admin.post('/api/admin/content/alerts', {
      alert: { title: 'Breaking: quake', alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' },
    });
    expect(lastQueued()).toEqual({ kind: 'alert', id: red.json<{ id: number }>().id });
    const result = await notify(deps(), lastQueued());
    expect(result.pushed).toBeGreaterThanOrEqual(2);
    const alertId = lastQueued().id;
    expect(receivedBy(english.subscription.endpoint)).toContainEqual({
      title: 'Breaking',
      body: 'Breaking: quake',
      url: '/videos',
      tag: `alert-${alertId}`,
    });
    expect(receivedBy(arabic.subscription.endpoint)).toContainEqual(expect.objectContaining({ title: 'عاجل', body: 'Breaking: quake' }));
    expect(peer.received.at(-1)?.vapidKey).toBe(keys.publicKey);

    // Pushed once: the job run again sends nothing.
    expect(await notify(deps(), lastQueued())).toEqual({ pushed: 0, gone: 0, failed: 0 });
  });

  it('an event going live reaches its followers and those who booked it, in the event’s languages only', async () => {
    const follower = await a.signedIn();
    const notFollowing = await a.signedIn();
    const onlyRussian = await a.signedIn();
    const event = await createLiveEvent(t, admin, { start_at: hoursFrom(t, 1), languages: ['en', 'ar'] });
    for (const who of [follower, onlyRussian])
      expect((await who.browser.post(`/api/content/live/events/${event.slug}/subscription`)).statusCode).toBe(200);
    const followerBrowser = await subscribedBrowser(follower.browser, ['ar']);
    const otherBrowser = await subscribedBrowser(notFollowing.browser, ['en']);
    const russianBrowser = await subscribedBrowser(onlyRussian.browser, ['ru']);

    await admin.patch(`/api/admin/content/live/events/${event.id}`, { live_event: { status: 'live' } });
    expect(lastQueued()).toEqual({ kind: 'live', id: event.id });
    expect(await notify(deps(), lastQueued())).toMatchObject({ pushed: 1 });
    expect(receivedBy(followerBrowser.subscription.endpoint)).toEqual([
      { title: 'مباشر الآن', body: event.title, url: `/ar/events/${event.slug}`, tag: `live-${event.id}` },
    ]);
    expect(receivedBy(otherBrowser.subscription.endpoint)).toEqual([]);
    expect(receivedBy(russianBrowser.subscription.endpoint)).toEqual([]);
  });

  it('a new video reaches the followers of its tags; a subscription the push service answers 410 for is forgotten', async () => {
    const [tag] = await t.database.db
      .insert(tags)
      .values({ slug: `energy-${randomUUID().slice(0, 6)}`, names: { en: 'Energy', ar: 'الطاقة', es: 'Energía', ru: 'Энергетика' } })
      .returning();
    const follower = await a.signedIn();
    expect((await follower.browser.post(`/api/content/tags/${tag?.slug}/subscriptions`)).statusCode).toBe(200);
    const live = await subscribedBrowser(follower.browser, ['en']);
    const stale = await subscribedBrowser(follower.browser, ['en']);
    peer.expire(stale.subscription.endpoint);

    const now = t.services.clock.now();
    const [videoId] = await insertProjects(
      t.database.db,
      [
        {
          projectId: `PUSH-${randomUUID().slice(0, 6)}`,
          language: 'en',
          title: 'Wind farm opens',
          datelineDate: '2026-11-23',
          duration: 60,
          tagSlugs: [tag?.slug ?? ''],
          publishedAt: now,
        },
      ],
      now,
    );
    expect(await notify(deps(), { kind: 'video', id: videoId ?? 0 })).toEqual({ pushed: 1, gone: 1, failed: 0 });
    expect(receivedBy(live.subscription.endpoint)).toEqual([
      expect.objectContaining({ title: 'New video in #Energy', body: 'Wind farm opens' }),
    ]);
    const settings = pushClientSchema.parse((await follower.browser.get(`${CLIENTS}/${stale.external_id}`)).json());
    expect(settings).toMatchObject({ subscribed: false, notification_locales: ['en'] });
  });
});
