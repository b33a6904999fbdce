import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema, type Alert } from '../../../common/alerts.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import { seedDemoAlerts } from '../../seed/demo.ts';
import { listen, RawCable } from '../../test/cable.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { alerts } from './schema.ts';

const LIST = '/api/content/alerts';
const ADMIN = '/api/admin/content/alerts';
const RED = { title: 'Breaking: quake', alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' };
const YELLOW = { title: 'Live: summit', alert_type: 'yellow', target_link_to: 'live_event', live_event_extid: 'NR-LIVE-7' };

let t: TestApp;
let admin: Browser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await browserOf({ isAdmin: true });
});
afterAll(() => t.close());

async function browserOf(overrides: Parameters<typeof createUser>[1] = {}): Promise<Browser> {
  const user = await createUser(t.database.db, overrides);
  const browser = new Browser(t.app);
  browser.setCookie('session', await createSessionToken(t.database.db, user, t.services.clock.now()));
  return browser;
}

async function create(body: object = RED): Promise<Alert> {
  const response = await admin.post(ADMIN, { alert: body });
  expect(response.statusCode).toBe(201);
  return alertSchema.parse(response.json());
}

describe('GET /api/content/alerts (spec: content §3 "Alert")', () => {
  it('lists the alerts, newest first, with exactly the spec’s fields', async () => {
    await t.database.db.delete(alerts);
    expect((await new Browser(t.app).get(LIST)).json()).toEqual([]);
    const red = await create(RED);
    const yellow = await create(YELLOW);
    const response = await new Browser(t.app).get(LIST);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual([yellow, red]);
    expect(Object.keys(red).sort()).toEqual([
      'alert_type',
      'custom_url',
      'id',
      'live_event_extid',
      'target_link_to',
      'title',
      'updated_at',
    ]);
    expect(yellow).toMatchObject({ ...YELLOW, custom_url: null, updated_at: t.services.clock.now().toISOString() });
  });

  it('the demo seed has one red and one yellow alert', async () => {
    await t.database.db.delete(alerts);
    await seedDemoAlerts(t.database.db, t.services.clock.now());
    await seedDemoAlerts(t.database.db, t.services.clock.now());
    const listed = alertSchema.array().parse((await new Browser(t.app).get(LIST)).json());
    expect(listed.map((alert) => alert.alert_type).sort()).toEqual(['red', 'yellow']);
  });
});

describe('writing alerts (admins)', () => {
  it('keeps only the link of the chosen target', async () => {
    const alert = await create({ ...RED, live_event_extid: 'NR-LIVE-1', title: '  Padded  ' });
    expect(alert).toMatchObject({ title: 'Padded', custom_url: '/videos', live_event_extid: null });
    const switched = await admin.patch(`${ADMIN}/${alert.id}`, { alert: { target_link_to: 'live_event', live_event_extid: 'NR-LIVE-2' } });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({
      title: 'Padded',
      target_link_to: 'live_event',
      custom_url: null,
      live_event_extid: 'NR-LIVE-2',
    });
  });

  it.each([
    ['https://news.example/breaking?id=1', 201],
    ['http://news.example', 201],
    ['/videos/category/politics?sort=new#top', 201],
    ['//evil.example/phish', 422],
    ['/\\evil.example', 422],
    ['javascript:alert(1)', 422],
    ['ftp://files.example/a', 422],
    ['https://localhost', 422],
    ['videos', 422],
    ['/with space', 422],
  ])('custom_url %s → %i', async (customUrl, status) => {
    const response = await admin.post(ADMIN, { alert: { ...RED, custom_url: customUrl } });
    expect(response.statusCode).toBe(status);
    if (status === 422) expect(errors(response)).toEqual([{ code: 'url', message: 'Url', field: 'alert.custom_url' }]);
  });

  it.each<[string, object, string, string]>([
    ['no title', { ...RED, title: undefined }, 'required', 'alert.title'],
    ['a blank title', { ...RED, title: '   ' }, 'required', 'alert.title'],
    ['a title too long', { ...RED, title: 'x'.repeat(201) }, 'max_length', 'alert.title'],
    ['another alert type', { ...RED, alert_type: 'green' }, 'required', 'alert.alert_type'],
    ['another target', { ...RED, target_link_to: 'video_project' }, 'required', 'alert.target_link_to'],
    ['a custom target without a URL', { ...RED, custom_url: null }, 'required', 'alert.custom_url'],
    ['a URL too long', { ...RED, custom_url: `/${'x'.repeat(2000)}` }, 'max_length', 'alert.custom_url'],
    ['a live-event target without an event', { ...YELLOW, live_event_extid: '' }, 'required', 'alert.live_event_extid'],
    ['an event id with spaces', { ...YELLOW, live_event_extid: 'NR LIVE 1' }, 'extid', 'alert.live_event_extid'],
    ['an event id too long', { ...YELLOW, live_event_extid: 'x'.repeat(65) }, 'max_length', 'alert.live_event_extid'],
    ['a title that is a number', { ...RED, title: 7 }, 'required', 'alert.title'],
  ])('refuses %s with 422 naming the field', async (_what, body, code, field) => {
    const response = await admin.post(ADMIN, { alert: body });
    expect(response.statusCode).toBe(422);
    expect(errors(response).map((error) => [error.code, error.field])).toContainEqual([code, field]);
  });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['an array', []],
    ['no alert', { title: 'x' }],
    ['alert as text', { alert: 'x' }],
  ])('a body of the wrong shape (%s) is a 4xx with the envelope', async (_what, body) => {
    const response = await admin.post(ADMIN, body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(codes(response).length).toBeGreaterThan(0);
  });

  it('checks the alert a change makes, whole', async () => {
    const alert = await create(RED);
    const response = await admin.patch(`${ADMIN}/${alert.id}`, { alert: { target_link_to: 'live_event' } });
    expect(response.statusCode).toBe(422);
    expect(errors(response)).toEqual([{ code: 'required', message: 'Required', field: 'alert.live_event_extid' }]);
    const title = await admin.patch(`${ADMIN}/${alert.id}`, { alert: { title: 'Breaking: aftershock' } });
    expect(title.json()).toMatchObject({ ...RED, id: alert.id, title: 'Breaking: aftershock' });
    expect((await admin.patch(`${ADMIN}/${alert.id}`, { alert: { title: '' } })).statusCode).toBe(422);
  });

  it.each(['2147483647', '999999'])('an unknown id (%s) is 404 alert_not_found', async (id) => {
    const patched = await admin.patch(`${ADMIN}/${id}`, { alert: { title: 'x' } });
    expect([patched.statusCode, codes(patched)]).toEqual([404, ['alert_not_found']]);
    const deleted = await admin.delete(`${ADMIN}/${id}`);
    expect([deleted.statusCode, codes(deleted)]).toEqual([404, ['alert_not_found']]);
  });

  it.each(['0', '-1', '1.5', 'abc', '2147483648'])('an id that no alert could have (%s) is 422', async (id) => {
    expect((await admin.patch(`${ADMIN}/${id}`, { alert: { title: 'x' } })).statusCode).toBe(422);
    expect((await admin.delete(`${ADMIN}/${id}`)).statusCode).toBe(422);
  });

  it('deletes once', async () => {
    const alert = await create(RED);
    expect((await admin.delete(`${ADMIN}/${alert.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`${ADMIN}/${alert.id}`)).statusCode).toBe(404);
  });
});

describe('who may do what with alerts', () => {
  type Role = 'guest' | 'user' | 'client supervisor' | 'admin';
  const ROLES: Role[] = ['guest', 'user', 'client supervisor', 'admin'];
  const callers: Record<Role, () => Promise<Browser>> = {
    guest: async () => new Browser(t.app),
    user: () => browserOf(),
    'client supervisor': () => browserOf({ adminGroup: 'client_supervisor' }),
    admin: () => browserOf({ isAdmin: true }),
  };
  type Call = { name: string; run: (browser: Browser, id: number) => ReturnType<Browser['get']>; allowed: number };
  const CALLS: Call[] = [
    { name: 'GET /api/content/alerts', run: (b) => b.get(LIST), allowed: 200 },
    { name: 'POST /api/admin/content/alerts', run: (b) => b.post(ADMIN, { alert: RED }), allowed: 201 },
    {
      name: 'PATCH /api/admin/content/alerts/:id',
      run: (b, id) => b.patch(`${ADMIN}/${id}`, { alert: { title: 'Changed' } }),
      allowed: 200,
    },
    { name: 'DELETE /api/admin/content/alerts/:id', run: (b, id) => b.delete(`${ADMIN}/${id}`), allowed: 204 },
  ];
  const expected = (call: Call, role: Role) =>
    call.name.startsWith('GET') || role === 'admin' ? [call.allowed] : role === 'guest' ? [401, 'unauthenticated'] : [403, 'not_admin'];

  it.each(CALLS.flatMap((call) => ROLES.map((role) => ({ call, role }))))('$call.name as $role', async ({ call, role }) => {
    const alert = await create(RED);
    const response = await call.run(await callers[role](), alert.id);
    expect(response.statusCode >= 400 ? [response.statusCode, ...codes(response)] : [response.statusCode]).toEqual(expected(call, role));
  });

  it('a non-admin learns nothing of the rules: 403 before validation', async () => {
    const response = await (await browserOf()).post(ADMIN, { alert: { title: '' } });
    expect([response.statusCode, codes(response)]).toEqual([403, ['not_admin']]);
  });
});

describe('every change reaches the alerts channel at once', () => {
  it('created, updated, deleted', async () => {
    const url = await listen(t);
    const cable = await RawCable.open(url);
    try {
      const identifier = JSON.stringify({ channel: CHANNELS.alerts });
      await cable.subscribe(identifier);
      const nth = (n: number) => cable.next(() => cable.received.filter((m) => m.identifier === identifier && m.message).length >= n);
      const alert = await create(YELLOW);
      await nth(1);
      const updated = alertSchema.parse((await admin.patch(`${ADMIN}/${alert.id}`, { alert: { alert_type: 'red' } })).json());
      await nth(2);
      await admin.delete(`${ADMIN}/${alert.id}`);
      await nth(3);
      expect(cable.received.filter((m) => m.message).map((m) => m.message)).toEqual([
        { type: 'created', alert },
        { type: 'updated', alert: updated },
        { type: 'deleted', id: alert.id },
      ]);
    } finally {
      cable.close();
    }
  });
});
