import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveEventDetailSchema,
  liveEventSchema,
  liveEventsResponseSchema,
  myEventsSchema,
  type LiveEventInput,
} from '../../../common/live.ts';
import { dashboardResponseSchema, tagLandingResponseSchema } from '../../../common/catalogue.ts';
import { eventViewReading } from '../../../common/live-readings.ts';
import { liveEventStatusMessageSchema } from '../../../common/realtime.ts';
import { CHANNELS } from '../../../common/realtime-channels.ts';
import { listen, RawCable } from '../../test/cable.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { tags } from '../catalogue/schema.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let admin: Browser;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
  admin = (await a.signedIn({ isAdmin: true })).browser;
});
afterAll(async () => t.close());

const ADMIN = '/api/admin/content/live/events';
const hours = (n: number) => new Date(t.services.clock.now().getTime() + n * 3600_000).toISOString();
const label = () => Math.random().toString(36).slice(2, 8);

async function create(fields: Partial<LiveEventInput> = {}) {
  const answer = await admin.post(ADMIN, { live_event: { title: `Summit ${label()}`, start_at: hours(2), ...fields } });
  expect(answer.statusCode, answer.body).toBe(201);
  return liveEventDetailSchema.parse(answer.json());
}
const change = async (id: number, fields: Partial<LiveEventInput>) =>
  liveEventDetailSchema.parse((await admin.patch(`${ADMIN}/${id}`, { live_event: fields })).json());

/** Every listed event, over all pages. */
async function listedIds(browser: Browser = new Browser(t.app)): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = liveEventsResponseSchema.parse((await browser.get(`/api/content/live/events?page=${page}`)).json());
    ids.push(...answer.live_events.map((event) => event.id));
    if (page >= answer.pages) return ids;
  }
}

describe('the newsroom console (admin calls)', () => {
  it('creates an event with a slug from its title, filed under known tags; refuses an unknown tag and a taken slug', async () => {
    const [tag] = await t.database.db
      .insert(tags)
      .values({ slug: `energy-${label()}`, names: { en: 'Energy', ar: 'الطاقة', es: 'Energía', ru: 'Энергетика' } })
      .returning();
    const made = await create({
      title: 'Energy Ministers Meet',
      tag_slugs: [tag?.slug ?? ''],
      location: 'Vienna',
      languages: ['en', 'ar'],
    });
    expect(made).toMatchObject({
      slug: 'energy-ministers-meet',
      status: 'confirmed',
      visible: true,
      image_type: 'default',
      location: 'Vienna',
      languages: ['en', 'ar'],
      tags: [{ slug: tag?.slug, name: 'Energy' }],
    });
    expect(made.image.w273).toMatch(/placeholder-273x154/);
    expect((await create({ title: 'Energy Ministers Meet' })).slug).toBe('energy-ministers-meet-2');

    const unknown = await admin.post(ADMIN, { live_event: { title: 'X', start_at: hours(1), tag_slugs: ['no-such-tag'] } });
    expect([unknown.statusCode, codes(unknown)]).toEqual([422, ['tag_not_found']]);
    const taken = await admin.post(ADMIN, { live_event: { title: 'Y', slug: 'energy-ministers-meet', start_at: hours(1) } });
    expect([taken.statusCode, codes(taken)]).toEqual([409, ['slug_taken']]);
    const bad = await admin.post(ADMIN, { live_event: { title: '', start_at: 'tomorrow', status: 'paused' } });
    expect(bad.statusCode).toBe(422);
    expect(codes(await admin.patch(`${ADMIN}/99999999`, { live_event: { status: 'live' } }))).toEqual(['live_event_not_found']);
  });
});

describe('the events list and one event', () => {
  it('lists live events first, then the upcoming by start; hidden, finished, terminated and canceled ones are not listed', async () => {
    const later = await create({ start_at: hours(5) });
    const sooner = await create({ start_at: hours(1) });
    const live = await create({ start_at: hours(3), status: 'live' });
    const hidden = await create({ visible: false });
    const gone = await Promise.all((['finished', 'terminated', 'canceled'] as const).map((status) => create({ status })));
    const ids = await listedIds();
    expect(ids.indexOf(live.id)).toBeLessThan(ids.indexOf(sooner.id));
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    for (const event of [hidden, ...gone]) expect(ids).not.toContain(event.id);

    const archive = liveEventsResponseSchema.parse((await new Browser(t.app).get('/api/content/live/events?archived=true')).json());
    expect(archive.live_events.map((event) => event.status)).toEqual(archive.live_events.map(() => 'finished'));
    expect(archive.live_events.map((event) => event.id)).toContain(gone[0]?.id);

    const page = liveEventsResponseSchema.parse((await new Browser(t.app).get('/api/content/live/events?per_page=2')).json());
    expect(page.live_events).toHaveLength(2);
    expect(page.pages).toBe(Math.ceil(page.count / 2));
    expect((await new Browser(t.app).get('/api/content/live/events?per_page=13')).statusCode).toBe(422);
  });

  it('one event by its slug; a hidden or unknown one is the live-event-not-found page’s 404', async () => {
    const event = await create({ description: 'Leaders arrive for the summit.', stream_to: ['youtube'] });
    const answer = await new Browser(t.app).get(`/api/content/live/events/${event.slug}`);
    expect(liveEventDetailSchema.parse(answer.json())).toMatchObject({
      id: event.id,
      description: 'Leaders arrive for the summit.',
      subscribed: false,
    });
    await change(event.id, { visible: false });
    const hidden = await new Browser(t.app).get(`/api/content/live/events/${event.slug}`);
    expect([hidden.statusCode, codes(hidden)]).toEqual([404, ['live_event_not_found']]);
    expect(codes(await new Browser(t.app).get('/api/content/live/events/no-such-event'))).toEqual(['live_event_not_found']);
  });
});

describe('live events in the catalogue: the dashboard strip, tag landings, search', () => {
  it('reads the same events: upcoming and unbanned on the dashboard, the tag’s listed ones on its landing, matching titles in search', async () => {
    const word = `zephyr${label()}`;
    const [tag] = await t.database.db
      .insert(tags)
      .values({ slug: `summit-${label()}`, names: { en: 'Summit', ar: 'قمة', es: 'Cumbre', ru: 'Саммит' } })
      .returning();
    const slug = tag?.slug ?? '';
    const live = await create({ title: `${word} live`, status: 'live', start_at: hours(-1), tag_slugs: [slug] });
    const next = await create({ title: `${word} next`, start_at: hours(1), tag_slugs: [slug] });
    const banned = await create({ title: `${word} banned`, front_page_ban: true, tag_slugs: [slug] });
    const canceled = await create({ title: `${word} canceled`, status: 'canceled', tag_slugs: [slug] });
    const guest = new Browser(t.app);

    const dashboard = dashboardResponseSchema.parse((await guest.get('/api/content/video_projects/dashboard')).json());
    const strip = dashboard.payload.live_events.map((event) => event.id);
    expect(strip).toEqual(expect.arrayContaining([live.id, next.id]));
    expect(strip).not.toContain(banned.id);
    expect(strip).not.toContain(canceled.id);

    const landing = tagLandingResponseSchema.parse((await guest.get(`/api/content/tags/landings/${slug}`)).json());
    expect(landing.lives.map((event) => event.id)).toEqual([live.id, next.id, banned.id]);
    expect(landing.lives_count).toBe(3);

    const search = (await guest.get(`/api/content/video_projects/search?search=${word}`)).json<{ lives_count: number }>();
    expect(search.lives_count).toBe(3);
  });
});

describe('the placeholder pictures (spec §3: image_type default)', () => {
  it('each size of the set is an SVG of that size; another name is not found', async () => {
    for (const [size, width] of [
      ['thumbnail', 320],
      ['273x154', 273],
      ['575x323', 575],
      ['960x540', 960],
      ['large_brand', 1920],
    ] as const) {
      const answer = await new Browser(t.app).get(`/media/live/placeholder-${size}.svg`);
      expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'image/svg+xml']);
      expect(answer.body).toContain(`width="${width}"`);
    }
    expect((await new Browser(t.app).get('/media/live/placeholder-9x9.svg')).statusCode).toBe(404);
  });
});

describe('following (spec §4 "Following")', () => {
  it('follow and unfollow, twice changing nothing; my events lists the followed; unfollow all empties it', async () => {
    const { browser } = await a.signedIn();
    const [one, two] = [await create(), await create({ status: 'live' })];
    for (let i = 0; i < 2; i += 1) {
      const followed = liveEventSchema.parse((await browser.post(`/api/content/live/events/${one.slug}/subscription`)).json());
      expect(followed.subscribed).toBe(true);
    }
    await browser.post(`/api/content/live/events/${two.slug}/subscription`);
    const mine = myEventsSchema.parse((await browser.get('/api/content/live/current_user/my_events')).json());
    expect(mine.followed_events.map((event) => event.id)).toEqual([two.id, one.id]);
    expect(mine.count).toBe(2);
    const detail = liveEventDetailSchema.parse((await browser.get(`/api/content/live/events/${one.slug}`)).json());
    expect(detail.subscribed).toBe(true);

    const unfollowed = liveEventSchema.parse((await browser.delete(`/api/content/live/events/${one.slug}/subscription`)).json());
    expect(unfollowed.subscribed).toBe(false);
    expect((await browser.delete(`/api/content/live/events/${one.slug}/subscription`)).statusCode).toBe(200);
    // A canceled event leaves my events.
    await change(two.id, { status: 'canceled' });
    expect(myEventsSchema.parse((await browser.get('/api/content/live/current_user/my_events')).json()).count).toBe(0);

    await change(two.id, { status: 'live' });
    await browser.post(`/api/content/live/events/${one.slug}/subscription`);
    expect((await browser.delete('/api/content/live/events/subscriptions/destroy_all')).json()).toEqual({ unfollowed: 2 });
    expect(myEventsSchema.parse((await browser.get('/api/content/live/current_user/my_events')).json()).count).toBe(0);
    expect(codes(await browser.post('/api/content/live/events/no-such-event/subscription'))).toEqual(['live_event_not_found']);
  });
});

describe('a status change reaches every open page at once (spec §4)', () => {
  it('the admin’s change is broadcast on the live-events channel, and the event view reading applies it', async () => {
    const event = await create();
    const cable = await RawCable.open(await listen(t));
    try {
      const identifier = JSON.stringify({ channel: CHANNELS.liveEvents });
      await cable.subscribe(identifier);
      await change(event.id, { status: 'live' });
      await cable.next(() => cable.received.some((m) => m.identifier === identifier && m.message));
      const message = liveEventStatusMessageSchema.parse(cable.received.find((m) => m.identifier === identifier && m.message)?.message);
      expect(message.live_event).toMatchObject({ id: event.id, status: 'live', slug: event.slug });
      expect(eventViewReading(event, message.live_event)).toMatchObject({ status: 'live', description: event.description });
    } finally {
      cable.close();
    }
  });
});

describe('who may call what in live (one row per caller)', () => {
  it('guest, user, member, master, another company’s master and admin each get exactly their rights', async () => {
    const { master, member, otherMaster } = await a.team();
    const user = await a.signedIn();
    const callers = {
      guest: new Browser(t.app),
      user: user.browser,
      member: member.browser,
      master: master.browser,
      otherMaster: otherMaster.browser,
      admin,
    };
    const event = await create();
    type Call = (who: Browser) => Promise<number>;
    const calls: Record<string, { call: Call; expected: Record<keyof typeof callers, number> }> = {
      'GET the events': {
        call: async (who) => (await who.get('/api/content/live/events')).statusCode,
        expected: { guest: 200, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'GET one event': {
        call: async (who) => (await who.get(`/api/content/live/events/${event.slug}`)).statusCode,
        expected: { guest: 200, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'GET my events': {
        call: async (who) => (await who.get('/api/content/live/current_user/my_events')).statusCode,
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'POST follow': {
        call: async (who) => (await who.post(`/api/content/live/events/${event.slug}/subscription`)).statusCode,
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'DELETE unfollow all': {
        call: async (who) => (await who.delete('/api/content/live/events/subscriptions/destroy_all')).statusCode,
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'POST an event (console)': {
        call: async (who) => (await who.post(ADMIN, { live_event: { title: `Console ${label()}`, start_at: hours(1) } })).statusCode,
        expected: { guest: 401, user: 403, member: 403, master: 403, otherMaster: 403, admin: 201 },
      },
      'GET TVU receivers (no TVU e-mail in these profiles)': {
        call: async (who) => (await who.get('/api/content/live/tvu/receivers')).statusCode,
        expected: { guest: 401, user: 422, member: 422, master: 422, otherMaster: 422, admin: 422 },
      },
      'PUT an event’s picture (console; this body is no picture)': {
        call: async (who) =>
          (await who.request({ method: 'PUT', url: `${ADMIN}/${event.id}/image`, payload: 'x', headers: { 'content-type': 'image/png' } }))
            .statusCode,
        expected: { guest: 401, user: 403, member: 403, master: 403, otherMaster: 403, admin: 422 },
      },
      'GET an event with its stream key and SRT port (console)': {
        call: async (who) => (await who.get(`${ADMIN}/${event.id}`)).statusCode,
        expected: { guest: 401, user: 403, member: 403, master: 403, otherMaster: 403, admin: 200 },
      },
      'PATCH an event’s status (console)': {
        call: async (who) => (await who.patch(`${ADMIN}/${event.id}`, { live_event: { status: 'delayed' } })).statusCode,
        expected: { guest: 401, user: 403, member: 403, master: 403, otherMaster: 403, admin: 200 },
      },
    };
    for (const [name, { call, expected }] of Object.entries(calls)) {
      const got: Record<string, number> = {};
      for (const who of Object.keys(callers) as (keyof typeof callers)[]) got[who] = await call(callers[who]);
      expect({ name, got }).toEqual({ name, got: expected });
    }
  });
});
