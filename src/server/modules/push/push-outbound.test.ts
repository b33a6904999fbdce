import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { startPushPeer, type PushPeer } from '../../test/push-peer.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { outboundPolicyFor } from '../security/outbound.ts';
import { MAX_PUSH_CLIENTS_PER_USER } from './clients.ts';
import { notify } from './notify.ts';
import { pushClients } from './schema.ts';
import { pushSender } from './sender.ts';

/**
 * Push endpoints are addresses anyone may give: the outbound policy refuses local and private ones,
 * a user keeps at most ten, and a push service that never answers delays no one else's push.
 */
const CLIENTS = '/api/webpush_notification_clients';
const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:webpush@newsreel.example' };
const ALLOW_PEERS = { OUTBOUND_ALLOW: '127.0.0.1' };
const DEADLINE_MS = 5000;

let peer: PushPeer;
/** Accepts connections and never says a word: a push service gone silent. */
let blackHole: net.Server;
let held: net.Socket[];
let t: TestApp;
let strict: TestApp;

beforeAll(async () => {
  peer = await startPushPeer();
  held = [];
  blackHole = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  const push = pushSender(keys, { outbound: outboundPolicyFor(testConfig({}, ALLOW_PEERS)), ca: peer.ca, deadlineMs: DEADLINE_MS });
  [t, strict] = await Promise.all([createTestApp({ services: { push }, env: ALLOW_PEERS }), createTestApp()]);
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await Promise.all([t.close(), strict.close(), peer.close(), new Promise((resolve) => blackHole.close(resolve))]);
});

type Subscription = ReturnType<PushPeer['subscribe']>;
/** Saves a browser's settings with this subscription; an address alone gets keys the peer made (nobody decrypts there). */
const save = (who: Browser, subscription: Subscription | string, externalId: string = randomUUID()) =>
  who.put(CLIENTS, {
    client: {
      external_id: externalId,
      notification_locales: ['en'],
      subscription: typeof subscription === 'string' ? { ...peer.subscribe(), endpoint: subscription } : subscription,
    },
  });
const blackHoleEndpoint = () => `https://127.0.0.1:${(blackHole.address() as net.AddressInfo).port}/push/${randomUUID()}`;

describe('push endpoints and the outbound policy', () => {
  it('refuses endpoints on loopback, private or unspecified addresses, and ports other than 443, with a 422', async () => {
    const visitor = new Browser(strict.app, { ip: '203.0.113.10' });
    const answers: Record<string, string> = {};
    for (const endpoint of [
      'https://127.0.0.1:6379/push/x',
      'https://localhost/push/x',
      'https://2130706433/push/x',
      'https://[::1]/push/x',
      'https://0.0.0.0/push/x',
      'https://10.1.2.3/push/x',
      'https://169.254.169.254/latest',
      'https://93.184.216.34:8443/push/x',
    ]) {
      const answer = await save(visitor, endpoint);
      answers[endpoint] = `${answer.statusCode} ${answer.statusCode >= 400 ? codes(answer).join() : ''}`;
    }
    expect(Object.values(answers)).toEqual(Array.from({ length: 8 }, () => '422 outbound_address_refused'));
    // A public address on 443 is saved; so is a name that does not resolve now (it is checked again at each push).
    expect((await save(visitor, 'https://93.184.216.34/push/x')).statusCode).toBe(200);
    expect((await save(visitor, 'https://push.unresolvable.example/push/x')).statusCode).toBe(200);
  });

  it(`a user keeps at most ${MAX_PUSH_CLIENTS_PER_USER} subscribed browsers: the one saved longest ago goes first`, async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    const ids: string[] = [];
    for (let n = 0; n < MAX_PUSH_CLIENTS_PER_USER + 2; n += 1) {
      const id = randomUUID();
      ids.push(id);
      t.services.clock.advance(1000);
      expect((await save(browser, peer.subscribe(), id)).statusCode).toBe(200);
    }
    const rows = await t.database.db.select().from(pushClients).where(eq(pushClients.userId, user.id));
    const subscribed = rows.filter((row) => row.endpoint !== null).map((row) => row.externalId);
    expect(subscribed.sort()).toEqual(ids.slice(2).sort());
  });

  it(`${MAX_PUSH_CLIENTS_PER_USER} subscribed browsers also when fifteen subscribe at once`, async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    const answers = await Promise.all(Array.from({ length: 15 }, () => save(browser, peer.subscribe())));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 15 }, () => 200));
    const rows = await t.database.db.select().from(pushClients).where(eq(pushClients.userId, user.id));
    expect(rows.filter((row) => row.endpoint !== null)).toHaveLength(MAX_PUSH_CLIENTS_PER_USER);
  });

  it('a visitor’s address saves at most ten new subscriptions an hour', async () => {
    const visitor = new Browser(t.app, { ip: '198.51.100.77' });
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) statuses.push((await save(visitor, peer.subscribe())).statusCode);
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
  });

  it('endpoints that never answer do not delay another follower: the others’ pushes arrive at once', async () => {
    const fixtures = agreementFixtures(t);
    const silent = await fixtures.signedIn();
    const waiting = await fixtures.signedIn();
    // As in the issue: one follower saves 127 endpoints that accept and never answer (ten are kept).
    for (let n = 0; n < 127; n += 1) await save(silent.browser, blackHoleEndpoint());
    const good = peer.subscribe();
    expect((await save(waiting.browser, good)).statusCode).toBe(200);
    const admin = (await fixtures.signedIn({ isAdmin: true })).browser;
    const alert = await admin.post('/api/admin/content/alerts', {
      alert: { title: 'Breaking: black hole', alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' },
    });
    const started = Date.now();
    const sending = notify(
      { db: t.database.db, clock: t.services.clock, push: t.services.push },
      { kind: 'alert', id: alert.json<{ id: number }>().id },
    );
    const arrived = () => peer.received.some((message) => good.endpoint.endsWith(message.subscription));
    await vi.waitFor(() => expect(arrived()).toBe(true), { timeout: DEADLINE_MS, interval: 20 });
    // The silent endpoints end at their deadline, in parallel: the job is over in about one deadline.
    const counts = await sending;
    expect(counts.failed).toBe(MAX_PUSH_CLIENTS_PER_USER);
    expect(counts.pushed).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeLessThan(4 * DEADLINE_MS);
  }, 60_000);
});

describe('red alerts are queued for pushing', () => {
  it('each red alert has its own push job, also while another push waits', async () => {
    const admin = (await agreementFixtures(strict).signedIn({ isAdmin: true })).browser;
    const made: number[] = [];
    for (const title of ['Breaking: first', 'Breaking: second', 'Breaking: third']) {
      const answer = await admin.post('/api/admin/content/alerts', {
        alert: { title, alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' },
      });
      made.push(answer.json<{ id: number }>().id);
    }
    const jobs = (await strict.database.db.execute(sql`select data from pgboss.job where name = 'push.notify' order by created_on`)) as {
      rows: { data: unknown }[];
    };
    expect(jobs.rows.map((row) => row.data)).toEqual(made.map((id) => ({ kind: 'alert', id })));
  });
});
