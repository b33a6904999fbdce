import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema, alertsResponseSchema } from '../../../common/alerts.ts';
import { bannerSchema, dashboardResponseSchema } from '../../../common/catalogue.ts';
import { auditPageSchema } from '../../../common/desk.ts';
import { deskBannersSchema } from '../../../common/live-desk.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import { listen, RawCable } from '../../test/cable.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { banners } from '../catalogue/schema.ts';
import { deskCallers, deskExpectation, statusTable, type DeskCaller, type StatusCall } from '../desk/test-support.ts';

const ALERTS = '/api/desk/alerts';
const BANNERS = '/api/desk/banners';
const RED = { title: 'Breaking: quake', alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' };
const YELLOW = { title: 'Live: summit', alert_type: 'yellow', target_link_to: 'live_event', live_event_extid: 'summit-live' };
const BANNER = {
  title: 'Summit live now',
  locale: 'es',
  position: 0,
  breaking: true,
  target_link_to: 'live_event',
  live_event_extid: 'summit-live',
};

let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
  // The seed's banners leave the places free for these tests.
  await t.database.db.delete(banners);
});
afterAll(() => t.close());

const customerAlerts = async () => alertsResponseSchema.parse((await new Browser(t.app).get('/api/content/alerts')).json());
const auditOf = async (subject: string, id: number) =>
  auditPageSchema.parse((await callers.admin.get(`/api/desk/audit?subject_type=${subject}&subject_id=${id}`)).json()).entries;

/** Banners: editors and live producers (and admins); everyone else as any desk call. */
const editorOrLive = (ok: number): Record<DeskCaller, number> => {
  const asEditor = deskExpectation('editor', ok);
  return { ...asEditor, live: ok };
};

describe('alert bars and banners at the desk: who may call', () => {
  it('alerts need the live role; banners editor or live; nobody else learns the calls exist', async () => {
    const alert = alertSchema.parse((await callers.live.post(ALERTS, { alert: RED })).json());
    const banner = bannerSchema.parse((await callers.live.post(BANNERS, { ...BANNER, locale: 'ru', position: 3 })).json());
    let place = 0;
    const calls: Record<string, StatusCall> = {
      'GET alerts': { call: async (who) => (await who.get(ALERTS)).statusCode, expected: deskExpectation('live', 200) },
      'POST alert': { call: async (who) => (await who.post(ALERTS, { alert: YELLOW })).statusCode, expected: deskExpectation('live', 201) },
      'PATCH alert': {
        call: async (who) => (await who.patch(`${ALERTS}/${alert.id}`, { alert: { title: 'Quake: update' } })).statusCode,
        expected: deskExpectation('live', 200),
      },
      'DELETE alert': {
        call: async (who) => (await who.delete(`${ALERTS}/999999`)).statusCode,
        expected: deskExpectation('live', 404),
      },
      'GET banners': { call: async (who) => (await who.get(BANNERS)).statusCode, expected: editorOrLive(200) },
      'POST banner': {
        call: async (who) => {
          const answer = await who.post(BANNERS, { ...BANNER, locale: 'ar', position: place });
          if (answer.statusCode === 201) place += 1;
          return answer.statusCode;
        },
        expected: editorOrLive(201),
      },
      'PATCH banner': {
        call: async (who) => (await who.patch(`${BANNERS}/${banner.id}`, { breaking: false })).statusCode,
        expected: editorOrLive(200),
      },
      'DELETE banner': { call: async (who) => (await who.delete(`${BANNERS}/999999`)).statusCode, expected: editorOrLive(404) },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });
});

describe('alert bars from the desk', () => {
  it('created, edited and ended: customers see each change at once on the channel and in the list; each is audited', async () => {
    const url = await listen(t);
    const cable = await RawCable.open(url);
    try {
      const identifier = JSON.stringify({ channel: CHANNELS.alerts });
      await cable.subscribe(identifier);
      const nth = (n: number) => cable.next(() => cable.received.filter((m) => m.identifier === identifier && m.message).length >= n);
      const created = await callers.live.post(ALERTS, { alert: YELLOW });
      expect(created.statusCode).toBe(201);
      const alert = alertSchema.parse(created.json());
      await nth(1);
      expect(await customerAlerts()).toContainEqual(alert);
      const edited = alertSchema.parse((await callers.live.patch(`${ALERTS}/${alert.id}`, { alert: { alert_type: 'red' } })).json());
      await nth(2);
      expect((await customerAlerts()).find((shown) => shown.id === alert.id)?.alert_type).toBe('red');
      expect((await callers.live.delete(`${ALERTS}/${alert.id}`)).statusCode).toBe(204);
      await nth(3);
      expect((await customerAlerts()).map((shown) => shown.id)).not.toContain(alert.id);
      expect(cable.received.filter((m) => m.identifier === identifier && m.message).map((m) => m.message)).toEqual([
        { type: 'created', alert },
        { type: 'updated', alert: edited },
        { type: 'deleted', id: alert.id },
      ]);
      const entries = await auditOf('alert', alert.id);
      expect(entries.map((entry) => entry.action)).toEqual(['alert.end', 'alert.update', 'alert.create']);
      expect(entries[0]).toMatchObject({ actor: { id: callers.ids.live }, before: { alert_type: 'red' }, after: null });
    } finally {
      cable.close();
    }
  });

  it('refuses an alert without its link, with 422 naming the field; nothing is written or audited', async () => {
    const before = (await customerAlerts()).length;
    const response = await callers.live.post(ALERTS, { alert: { ...RED, custom_url: 'javascript:alert(1)' } });
    expect([response.statusCode, errors(response)[0]?.field]).toEqual([422, 'alert.custom_url']);
    expect((await customerAlerts()).length).toBe(before);
    const ended = await callers.live.delete(`${ALERTS}/999999`);
    expect([ended.statusCode, codes(ended)]).toEqual([404, ['alert_not_found']]);
  });
});

describe('dashboard banners from the desk', () => {
  it('a banner put in a place shows on the next dashboard of that language, breaking; moved and removed likewise; audited', async () => {
    const customer = callers.user;
    const created = await callers.editor.post(BANNERS, BANNER);
    expect(created.statusCode, created.body).toBe(201);
    const banner = bannerSchema.parse(created.json());
    const dashboard = async (locale: string) =>
      dashboardResponseSchema.parse((await customer.get(`/api/content/video_projects/dashboard?locale=${locale}`)).json()).payload.banners;
    expect((await dashboard('es'))[0]).toMatchObject({ id: banner.id, breaking: true, live_event_extid: 'summit-live', position: 0 });
    expect((await dashboard('en')).map((shown) => shown.id)).not.toContain(banner.id);

    const moved = await callers.live.patch(`${BANNERS}/${banner.id}`, { position: 2, breaking: false });
    expect(moved.json()).toMatchObject({ position: 2, breaking: false, title: BANNER.title });
    expect((await dashboard('es')).find((shown) => shown.id === banner.id)).toMatchObject({ position: 2, breaking: false });
    const listed = deskBannersSchema.parse((await callers.live.get(BANNERS)).json()).banners;
    expect(listed.map((shown) => shown.id)).toContain(banner.id);

    expect((await callers.live.delete(`${BANNERS}/${banner.id}`)).statusCode).toBe(204);
    expect((await dashboard('es')).map((shown) => shown.id)).not.toContain(banner.id);
    const entries = await auditOf('banner', banner.id);
    expect(entries.map((entry) => entry.action)).toEqual(['banner.delete', 'banner.update', 'banner.create']);
    expect(entries[1]).toMatchObject({ actor: { id: callers.ids.live }, before: { position: 0 }, after: { position: 2 } });
  });

  it('one banner a place and language: a taken place is 409, and two producers filling the same place at once get one each', async () => {
    const first = await callers.live.post(BANNERS, { ...BANNER, locale: 'en', position: 1 });
    expect(first.statusCode).toBe(201);
    const again = await callers.editor.post(BANNERS, { ...BANNER, locale: 'en', position: 1 });
    expect([again.statusCode, codes(again)]).toEqual([409, ['banner_position_taken']]);
    const other = bannerSchema.parse((await callers.live.post(BANNERS, { ...BANNER, locale: 'en', position: 2 })).json());
    const onto = await callers.live.patch(`${BANNERS}/${other.id}`, { position: 1 });
    expect([onto.statusCode, codes(onto)]).toEqual([409, ['banner_position_taken']]);

    const race = await Promise.all([
      callers.live.post(BANNERS, { ...BANNER, locale: 'en', position: 3, title: 'One' }),
      callers.editor.post(BANNERS, { ...BANNER, locale: 'en', position: 3, title: 'Two' }),
    ]);
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it.each<[string, object, string]>([
    ['a fifth place', { position: 4 }, 'position'],
    ['no title', { title: ' ' }, 'title'],
    ['a live event target without its event', { live_event_extid: null }, 'live_event_extid'],
    ['a custom target with a script link', { target_link_to: 'custom', custom_url: 'javascript:x' }, 'custom_url'],
    ['a story target without its story', { target_link_to: 'video_project' }, 'video_project_extid'],
    ['a tag target without its tag', { target_link_to: 'tag' }, 'tag_id'],
    ['a language of none of ours', { locale: 'de' }, 'locale'],
  ])('refuses %s with 422 naming the field', async (_what, fields, field) => {
    const response = await callers.live.post(BANNERS, { ...BANNER, position: 1, ...fields });
    expect(response.statusCode).toBe(422);
    expect(errors(response).map((error) => error.field)).toContain(field);
  });

  it('a change must leave a whole banner', async () => {
    const banner = bannerSchema.parse((await callers.live.post(BANNERS, { ...BANNER, locale: 'ru', position: 1 })).json());
    const broken = await callers.live.patch(`${BANNERS}/${banner.id}`, { target_link_to: 'custom' });
    expect([broken.statusCode, errors(broken)[0]?.field]).toEqual([422, 'custom_url']);
    const missing = await callers.live.patch(`${BANNERS}/999999`, { title: 'x' });
    expect([missing.statusCode, codes(missing)]).toEqual([404, ['banner_not_found']]);
  });
});
