import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { RawCable } from '../../test/cable.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { RENDER_QUEUE } from '../downloads/jobs.ts';
import { liveEvents, liveSessions } from '../live/schema.ts';
import { transactions } from '../payments/schema.ts';

const TOKEN = 'a-scraper-token-for-tests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus' text format, one sample a line (`name{label="value",…} number`). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labels = '', value = ''] = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/i.exec(line) ?? [];
      return {
        name,
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map(([, key = '', v = '']) => [key, v])),
        value: Number(value),
      };
    });
}

async function scrape(): Promise<Sample[]> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return samples(response.body);
}

/** The sample of this name whose labels include these, 0 when there is none yet. */
const valueOf = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value ?? 0;

describe('GET /metrics (issue 27)', () => {
  it('counts the requests answered, under the route pattern, method and status class', async () => {
    const count = 'newsreel_http_request_duration_seconds_count';
    const locales = { route: '/api/locales', method: 'GET', status_class: '2xx' };
    const project = { route: '/api/content/video_projects/:id', method: 'GET', status_class: '4xx' };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/locales' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/video_projects/987654' })).statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/no/such/page/4711.json' });
    const after = await scrape();
    expect(valueOf(after, count, locales) - valueOf(before, count, locales)).toBe(3);
    expect(valueOf(after, count, project) - valueOf(before, count, project)).toBe(1);
    expect(valueOf(after, 'newsreel_http_request_duration_seconds_bucket', { ...locales, le: '+Inf' })).toBe(
      valueOf(after, count, locales),
    );
    // Never the URL itself: its ids would make a series each.
    const routes = new Set(after.filter((sample) => sample.name === count).map((sample) => sample.labels.route));
    expect([...routes].filter((route) => /987654|4711/.test(route ?? ''))).toEqual([]);
  });

  it('answers only the machine itself, or anyone with the METRICS_TOKEN; to others /metrics does not exist', async () => {
    const outside = { remoteAddress: '203.0.113.9' };
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', ...outside });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ errors: [{ code: 'route_not_found', message: 'No route for GET /metrics' }] });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      ...outside,
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(404);
    const withToken = await t.app.inject({ method: 'GET', url: '/metrics', ...outside, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('newsreel_http_request_duration_seconds');
    // A page elsewhere whose name was rebound to 127.0.0.1 is not the machine (DNS rebinding).
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'metrics.attacker.example' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });

  it('without a token, a request a trusted proxy on this machine forwards is not the machine’s', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const forwarded = await proxied.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(forwarded.statusCode).toBe(404);
      expect((await proxied.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('shows a queued job in its queue’s depth and a pending payment, read from the database', async () => {
    const render = { queue: RENDER_QUEUE, state: 'created' };
    const before = await scrape();
    await t.services.jobs.send(RENDER_QUEUE, { renditionKey: 'metrics-test' });
    const user = await createUser(t.database.db);
    const now = t.services.clock.now();
    await t.database.db.insert(transactions).values({
      ...{ userId: user.id, kind: 'one_off', status: 'pending', provider: 'test', idempotencyKey: 'metrics-test', currency: 'EUR' },
      ...{
        amountCents: 1000,
        netCents: 1000,
        vatCents: 0,
        vatRate: 0,
        vatReason: 'outside_eu',
        createdAt: new Date(now.getTime() - 90_000),
      },
      ...{
        updatedAt: now,
        billing: { kind: 'individual', name: 'M', company_name: '', email: user.email, vat_id: null, address: [], country_code: 'US' },
      },
    });
    const after = await scrape();
    expect(valueOf(after, 'newsreel_jobs', render) - valueOf(before, 'newsreel_jobs', render)).toBe(1);
    expect(valueOf(after, 'newsreel_payments_pending') - valueOf(before, 'newsreel_payments_pending')).toBe(1);
    expect(valueOf(after, 'newsreel_payments_pending_oldest_seconds')).toBeGreaterThanOrEqual(90);
    // Every queue shows, at 0 when it is empty.
    expect(after.find((sample) => sample.name === 'newsreel_jobs' && sample.labels.queue === 'downloads.deliver')?.value).toBe(0);
  });

  it('counts the live pictures being received, whichever process packages them, from the database', async () => {
    const now = t.services.clock.now();
    const [event] = await t.database.db
      .insert(liveEvents)
      .values({ slug: 'metrics-live', title: 'Metrics', status: 'live', startAt: now, createdAt: now, updatedAt: now })
      .returning();
    const session = (id: string, seenAt: Date, publishedAt: Date | null) => ({
      ...{ id, eventId: event?.id ?? 0, owner: 'another-host:42:abcd', startedAt: now, publishedAt, seenAt },
    });
    const publishing = () => scrape().then((all) => valueOf(all, 'newsreel_live_sessions_publishing'));
    const before = await publishing();
    await t.database.db.insert(liveSessions).values([
      session('metrics-on-air', now, now),
      // Never published, and one whose packager died a minute ago: neither is a picture.
      session('metrics-waiting', now, null),
      session('metrics-dead', new Date(now.getTime() - 60_000), now),
    ]);
    expect((await publishing()) - before).toBe(1);
  });

  it('counts this process’s cable connections and ffmpeg runs, and its memory and CPU', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const cable = await RawCable.open(`ws://127.0.0.1:${port}/cable`);
    try {
      const all = await scrape();
      expect(valueOf(all, 'newsreel_cable_connections')).toBe(1);
      expect(all.find((sample) => sample.name === 'newsreel_ffmpeg_runs')).toBeDefined();
      expect(all.find((sample) => sample.name === 'process_resident_memory_bytes')?.value).toBeGreaterThan(0);
    } finally {
      cable.close();
    }
  });
});
