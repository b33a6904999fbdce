import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../common/desk.ts';
import { LIVE_EVENT_STATUSES, liveEventDetailSchema, type LiveEventStatus } from '../../../common/live.ts';
import {
  canMoveTo,
  deskEventPeopleSchema,
  deskEventSchema,
  deskEventsPageSchema,
  pictureHealthSchema,
  type DeskEvent,
} from '../../../common/live-desk.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { agreements } from '../agreements/schema.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { resolveFfmpeg, runFfmpeg } from '../media/ffmpeg.ts';
import { playlistSegments, startHealthSampler } from './desk-health.ts';
import { liveEvents, liveTargets } from './schema.ts';
import { authorizePublisher } from './stream.ts';
import { storeAsSession } from './test-support.ts';

const EVENTS = '/api/desk/live/events';
const dataDir = path.join(process.env.TMPDIR ?? '/tmp', `newsreel-desk-live-${process.pid}`);
const hlsRoot = path.join(dataDir, 'live');
const ffmpeg = resolveFfmpeg(undefined);

let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp({ config: { dataDir } });
  callers = await deskCallers(t);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const inHours = (n: number) => new Date(t.services.clock.now().getTime() + n * 3600_000).toISOString();
const TITLES = {
  en: 'Summit press conference',
  es: 'Rueda de prensa de la cumbre',
  ru: 'Пресс-конференция саммита',
  ar: 'مؤتمر صحفي للقمة',
};

async function create(fields: Record<string, unknown> = {}, who: Browser = callers.live): Promise<DeskEvent> {
  const response = await who.post(EVENTS, { titles: TITLES, start_at: inHours(2), ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return deskEventSchema.parse(response.json());
}

const setStatus = (id: number, status: LiveEventStatus) => t.database.db.update(liveEvents).set({ status }).where(eq(liveEvents.id, id));

describe('the live desk: who may call it', () => {
  it('guest, customers, an admin without desk roles and staff by role each get exactly their rights on every live desk call', async () => {
    const event = await create();
    const png = Buffer.from('not a picture');
    const calls: Record<string, StatusCall> = {
      'GET events': { call: async (who) => (await who.get(EVENTS)).statusCode, expected: deskExpectation('live', 200) },
      'POST event': {
        call: async (who) => (await who.post(EVENTS, { titles: { en: 'x' }, start_at: inHours(1) })).statusCode,
        expected: deskExpectation('live', 201),
      },
      'GET event': { call: async (who) => (await who.get(`${EVENTS}/${event.id}`)).statusCode, expected: deskExpectation('live', 200) },
      'PATCH event': {
        call: async (who) => (await who.patch(`${EVENTS}/${event.id}`, { location: 'Geneva' })).statusCode,
        expected: deskExpectation('live', 200),
      },
      'POST status': {
        call: async (who) => (await who.post(`${EVENTS}/${event.id}/status`, { status: 'confirmed' })).statusCode,
        // confirmed → confirmed is no move: staff with the role learn it is refused.
        expected: deskExpectation('live', 409),
      },
      'POST stream key': {
        call: async (who) => (await who.post(`${EVENTS}/${event.id}/stream_key`)).statusCode,
        expected: deskExpectation('live', 200),
      },
      'GET health': {
        call: async (who) => (await who.get(`${EVENTS}/${event.id}/health`)).statusCode,
        expected: deskExpectation('live', 200),
      },
      'GET people': {
        call: async (who) => (await who.get(`${EVENTS}/${event.id}/people`)).statusCode,
        expected: deskExpectation('live', 200),
      },
      'PUT picture': {
        call: async (who) => (await who.put(`${EVENTS}/${event.id}/picture`, png, { headers: { 'content-type': 'image/png' } })).statusCode,
        expected: deskExpectation('live', 422),
      },
      'DELETE picture': {
        call: async (who) => (await who.delete(`${EVENTS}/${event.id}/picture`)).statusCode,
        expected: deskExpectation('live', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });
});

describe('live events at the desk', () => {
  it('creates an event with titles in four languages; customers read it in theirs; the audit log has it', async () => {
    const event = await create({ tag_slugs: [], languages: ['en', 'ar'], quality: '720p', access: 'pool', location: 'Geneva' });
    expect(event).toMatchObject({ titles: TITLES, title: TITLES.en, status: 'confirmed', access: 'pool', quality: '720p' });
    expect(event.stream_key).toHaveLength(24);
    expect(event.next_statuses).toEqual(['delayed', 'ahead', 'next', 'live', 'canceled']);
    for (const locale of ['en', 'ar', 'ru'] as const) {
      const page = liveEventDetailSchema.parse(
        (await new Browser(t.app).get(`/api/content/live/events/${event.slug}?locale=${locale}`)).json(),
      );
      expect(page.title).toBe(TITLES[locale]);
    }
    const audit = auditPageSchema.parse((await callers.admin.get(`/api/desk/audit?subject_type=live_event&subject_id=${event.id}`)).json());
    expect(audit.entries[0]).toMatchObject({ action: 'live_event.create', actor: { id: callers.ids.live }, before: null });
    expect(JSON.stringify(audit.entries[0]?.after)).not.toContain(event.stream_key ?? 'no key');
  });

  it('edits some fields; the others stay; a missing language falls back to English; the change is audited before and after', async () => {
    const kept = { access: 'pool', description: 'Live from the summit hall', location: 'Geneva', languages: ['en', 'fr'], quality: '720p' };
    const event = await create({ ...kept, front_page_ban: true, booking_price_cents: 12_000 });
    const changed = await callers.live.patch(`${EVENTS}/${event.id}`, { titles: { es: '' }, visible: false, start_at: inHours(5) });
    expect(changed.statusCode).toBe(200);
    expect(deskEventSchema.parse(changed.json())).toMatchObject({ titles: { ...TITLES, es: '' }, visible: false, start_at: inHours(5) });
    // What the change did not name is as it was (defaults of a new event must not reset it).
    expect(deskEventSchema.parse(changed.json())).toMatchObject({ ...kept, front_page_ban: true, booking_price_cents: 12_000 });
    const entries = auditPageSchema.parse(
      (await callers.admin.get(`/api/desk/audit?subject_id=${event.id}&subject_type=live_event`)).json(),
    ).entries;
    expect(entries[0]).toMatchObject({ action: 'live_event.update', before: { visible: true }, after: { visible: false } });
  });

  it('refuses bad input with 422 naming the field, and an unknown event with 404', async () => {
    const noTitle = await callers.live.post(EVENTS, { titles: { en: '  ' }, start_at: inHours(1) });
    expect([noTitle.statusCode, errors(noTitle)[0]?.field]).toEqual([422, 'titles.en']);
    const badDate = await callers.live.post(EVENTS, { titles: { en: 'x' }, start_at: 'tomorrow' });
    expect([badDate.statusCode, errors(badDate)[0]?.field]).toEqual([422, 'start_at']);
    const badQuality = await callers.live.post(EVENTS, { titles: { en: 'x' }, start_at: inHours(1), quality: '8k' });
    expect(badQuality.statusCode).toBe(422);
    const unknownTag = await callers.live.post(EVENTS, { titles: { en: 'x' }, start_at: inHours(1), tag_slugs: ['no-such-tag'] });
    expect([unknownTag.statusCode, codes(unknownTag)]).toEqual([422, ['tag_not_found']]);
    for (const call of [
      callers.live.get(`${EVENTS}/999999`),
      callers.live.patch(`${EVENTS}/999999`, { location: 'x' }),
      callers.live.post(`${EVENTS}/999999/status`, { status: 'live' }),
      callers.live.post(`${EVENTS}/999999/stream_key`),
      callers.live.get(`${EVENTS}/999999/health`),
      callers.live.get(`${EVENTS}/999999/people`),
    ]) {
      const response = await call;
      expect([response.statusCode, codes(response)]).toEqual([404, ['live_event_not_found']]);
    }
    expect((await callers.live.get(`${EVENTS}/abc`)).statusCode).toBe(422);
    expect((await callers.live.get(`${EVENTS}?status=sleeping`)).statusCode).toBe(422);
  });

  it('lists every event, hidden and gone ones too, filtered by status, dates and words of the title', async () => {
    const hidden = await create({ titles: { en: 'Hidden briefing zq1' }, visible: false, start_at: '2031-03-04T10:00:00Z' });
    const canceled = await create({ titles: { en: 'Canceled briefing zq1' }, start_at: '2031-03-05T10:00:00Z' });
    await setStatus(canceled.id, 'canceled');
    const all = deskEventsPageSchema.parse((await callers.live.get(`${EVENTS}?q=zq1`)).json());
    expect(all.events.map((event) => event.id)).toEqual([canceled.id, hidden.id]);
    const gone = deskEventsPageSchema.parse((await callers.live.get(`${EVENTS}?q=zq1&status=canceled&status=terminated`)).json());
    expect(gone.events.map((event) => event.id)).toEqual([canceled.id]);
    const day = deskEventsPageSchema.parse((await callers.live.get(`${EVENTS}?from=2031-03-04&to=2031-03-04`)).json());
    expect(day.events.map((event) => event.id)).toEqual([hidden.id]);
  });
});

describe('status changes (the table of common/live-desk.ts)', () => {
  it('allows exactly the moves of the table, from every status to every status', async () => {
    const event = await create();
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const from of LIVE_EVENT_STATUSES)
      for (const to of LIVE_EVENT_STATUSES) {
        await setStatus(event.id, from);
        const response = await callers.live.post(`${EVENTS}/${event.id}/status`, { status: to });
        answers[`${from} → ${to}`] = response.statusCode;
        expected[`${from} → ${to}`] = canMoveTo(from, to) ? 200 : 409;
        if (response.statusCode === 409) expect(codes(response)).toEqual(['status_transition_refused']);
        else expect(deskEventSchema.parse(response.json()).status).toBe(to);
      }
    expect(answers).toEqual(expected);
    // Final statuses are final; a live event can only end.
    expect(Object.entries(expected).filter(([move, status]) => status === 200 && /^(finished|terminated|canceled)/.test(move))).toEqual([]);
    expect(Object.keys(expected).filter((move) => move.startsWith('live') && expected[move] === 200)).toEqual([
      'live → finished',
      'live → terminated',
    ]);
  });

  it('two producers ending a live event at once: one wins, the other is refused', async () => {
    const event = await create();
    await setStatus(event.id, 'live');
    const answers = await Promise.all([
      callers.live.post(`${EVENTS}/${event.id}/status`, { status: 'finished' }),
      callers.admin.post(`${EVENTS}/${event.id}/status`, { status: 'terminated' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const entries = auditPageSchema.parse(
      (await callers.admin.get(`/api/desk/audit?subject_id=${event.id}&action=live_event.status`)).json(),
    ).entries;
    expect(entries).toHaveLength(1);
  });

  it('going live and finishing are the console’s changes: every open page hears them, and finishing queues the recording', async () => {
    const event = await create({ start_at: inHours(0) });
    const live = deskEventSchema.parse((await callers.live.post(`${EVENTS}/${event.id}/status`, { status: 'live' })).json());
    expect(live).toMatchObject({ status: 'live', next_statuses: ['finished', 'terminated'] });
    const page = liveEventDetailSchema.parse((await new Browser(t.app).get(`/api/content/live/events/${event.slug}`)).json());
    expect(page.status).toBe('live');
    const entries = auditPageSchema.parse(
      (await callers.admin.get(`/api/desk/audit?subject_id=${event.id}&action=live_event.status`)).json(),
    ).entries;
    expect(entries[0]).toMatchObject({ before: { status: 'confirmed' }, after: { status: 'live' } });
  });
});

describe('stream keys and addresses', () => {
  it('shows the RTMP address; a new key works and the old one no longer does', async () => {
    const event = await create({ start_at: inHours(0) });
    const old = event.stream_key ?? '';
    expect(event.rtmp_url).toMatch(new RegExp(`^rtmp://[^/]+:\\d+/live/${old}$`));
    expect(await authorizePublisher({ db: t.database.db, clock: t.services.clock }, { key: old, client: '10.0.0.1' })).toEqual({
      eventId: event.id,
    });
    const renewed = deskEventSchema.parse((await callers.live.post(`${EVENTS}/${event.id}/stream_key`)).json());
    const key = renewed.stream_key ?? '';
    expect(key).not.toBe(old);
    expect(renewed.rtmp_url).toContain(`/live/${key}`);
    expect(await authorizePublisher({ db: t.database.db, clock: t.services.clock }, { key: old, client: '10.0.0.1' })).toBeNull();
    expect(await authorizePublisher({ db: t.database.db, clock: t.services.clock }, { key, client: '10.0.0.1' })).toEqual({
      eventId: event.id,
    });
    const entries = auditPageSchema.parse(
      (await callers.admin.get(`/api/desk/audit?subject_id=${event.id}&action=live_event.stream_key`)).json(),
    ).entries;
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(key);
  });
});

describe('the incoming picture’s health', () => {
  it('reads what the ingest process wrote: connected, bitrate, frame rate, size, segment age and viewers; stale when nobody renews it', async () => {
    const event = await create({ start_at: inHours(0) });
    const offline = pictureHealthSchema.parse((await callers.live.get(`${EVENTS}/${event.id}/health`)).json());
    expect(offline).toMatchObject({ connected: false, healthy: false, viewers: 0, preview_url: null });

    // A packaged session as the ingest leaves it: three 1 s segments of a 320x240, 25 fps picture.
    const dir = path.join(hlsRoot, 'sessions', `desk-health-${event.id}`);
    await mkdir(dir, { recursive: true });
    await runFfmpeg(ffmpeg, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25'],
      ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_segment_filename', path.join(dir, 'seg%05d.ts')],
      path.join(dir, 'index.m3u8'),
    ]);
    const storage = { db: t.database.db, clock: t.services.clock, store: t.services.files.store, root: hlsRoot, owner: 'another-process' };
    await storeAsSession(storage, event.id, dir);
    // The sampler of another process: only the database joins it to the desk's call.
    const sampler = startHealthSampler({
      ctx: { db: t.database.db, clock: t.services.clock },
      ffmpeg,
      everyMs: 60_000,
      log: () => undefined,
    });
    sampler.publishing(event.id, dir);
    await sampler.sample();
    sampler.stop();

    const health = pictureHealthSchema.parse((await callers.live.get(`${EVENTS}/${event.id}/health`)).json());
    expect(health).toMatchObject({ connected: true, width: 320, height: 240, frame_rate: 25 });
    expect(health.bitrate_kbps).toBeGreaterThan(10);
    expect(health.last_segment_age_seconds).toBeLessThan(60);
    expect(health.preview_url).toMatch(new RegExp(`^/live/${event.id}/index.m3u8\\?expires=`));

    // Two players fetch the playlist (one twice): two viewers.
    const preview = health.preview_url ?? '';
    expect((await new Browser(t.app).get(preview)).statusCode).toBe(200);
    expect((await new Browser(t.app).get(preview)).statusCode).toBe(200);
    const other = (await new Browser(t.app, { ip: '10.1.1.1' }).get(preview)).statusCode;
    expect(other).toBe(200);
    expect(pictureHealthSchema.parse((await callers.live.get(`${EVENTS}/${event.id}/health`)).json()).viewers).toBe(2);

    // Nobody renewed the reading (the ingest's process died): not connected, not healthy; viewers gone too.
    t.services.clock.advance(minutes(1));
    const stale = pictureHealthSchema.parse((await callers.live.get(`${EVENTS}/${event.id}/health`)).json());
    expect(stale).toMatchObject({ connected: false, healthy: false, bitrate_kbps: null, viewers: 0 });
  });

  it('reads segments and durations from a playlist', () => {
    expect(playlistSegments('#EXTM3U\n#EXTINF:1.000000,\nseg00001.ts\n#EXTINF:0.960000,\nseg00002.ts\n')).toEqual([
      { file: 'seg00001.ts', seconds: 1 },
      { file: 'seg00002.ts', seconds: 0.96 },
    ]);
  });
});

describe('bookings and restream targets', () => {
  it('lists the event’s bookings and the customers’ targets with their states', async () => {
    const event = await create();
    const now = t.services.clock.now();
    const customer = callers.ids.user ?? 0;
    await t.database.db.insert(agreements).values({
      agreementType: 'one_off',
      status: 'active',
      liveAccess: true,
      vodAccess: false,
      liveEventId: event.id,
      userId: customer,
      createdAt: now,
      updatedAt: now,
    });
    await t.database.db.insert(liveTargets).values({
      eventId: event.id,
      userId: customer,
      kind: 'youtube',
      url: 'rtmp://a.rtmp.youtube.com/live2',
      state: 'streaming',
      createdAt: now,
    });
    const people = deskEventPeopleSchema.parse((await callers.live.get(`${EVENTS}/${event.id}/people`)).json());
    expect(people.bookings.map((booking) => [booking.status, booking.customer.id])).toEqual([['active', customer]]);
    expect(people.targets.map((target) => [target.kind, target.state, target.customer.id])).toEqual([['youtube', 'streaming', customer]]);
    expect(JSON.stringify(people)).not.toContain('stream_key');
  });
});
