import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema } from '../../../common/alerts.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { Browser, codes } from '../../test/http.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';
import { eventually, listen, officialConsumer, RawCable, sessionCookie, subscribeWith } from '../../test/cable.ts';
import { users } from '../accounts/schema.ts';
import { ALERTS_STREAM, userStream } from './channels.ts';
import { CABLE_LIMITS } from './limits.ts';

const ALERTS = { channel: CHANNELS.alerts };
const TRANSCODING = { channel: CHANNELS.transcoding };
const progress = (percent: number) => ({ type: 'progress' as const, request_id: 1, project_id: 'NR-T-0001', percent });

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ config: { cable: { ...CABLE_LIMITS, pingMs: 150, sessionCheckMs: 100, maxBufferedBytes: 64 * 1024 } } });
  url = await listen(t);
});
afterAll(() => t.close());

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database.db, overrides);
  const token = await createSessionToken(t.database.db, user, t.services.clock.now());
  return { user, token, cookie: sessionCookie(token) };
}

describe('the official consumer (@rails/actioncable) in Node', () => {
  it('subscribes to the alerts channel and receives an alert an admin creates', async () => {
    const consumer = officialConsumer(url);
    try {
      const alerts = subscribeWith(consumer, ALERTS);
      expect(await alerts.outcome).toBe('connected');
      const admin = await signedIn({ isAdmin: true });
      const browser = new Browser(t.app);
      browser.setCookie('session', admin.token);
      const created = await browser.post('/api/admin/content/alerts', {
        alert: { title: 'Breaking: quake', alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' },
      });
      expect(created.statusCode).toBe(201);
      const message = await eventually(() => alerts.received[0]);
      expect(message).toEqual({ type: 'created', alert: alertSchema.parse(created.json()) });
    } finally {
      consumer.disconnect();
    }
  });

  it('is rejected on another user’s transcoding stream and hears only its own', async () => {
    const me = await signedIn();
    const other = await createUser(t.database.db);
    const consumer = officialConsumer(url, me.cookie);
    try {
      const own = subscribeWith(consumer, TRANSCODING);
      const foreign = subscribeWith(consumer, { ...TRANSCODING, user_id: other.id });
      expect(await own.outcome).toBe('connected');
      expect(await foreign.outcome).toBe('rejected');
      t.services.broadcaster.broadcast(CHANNELS.transcoding, userStream(other.id), progress(10));
      t.services.broadcaster.broadcast(CHANNELS.transcoding, userStream(me.user.id), progress(40));
      expect(await eventually(() => own.received[0])).toEqual(progress(40));
      expect(own.received).toHaveLength(1);
    } finally {
      consumer.disconnect();
    }
  });
});

describe('the protocol, frame by frame', () => {
  it('pings every 3 s by default: the consumer calls a connection stale after 6 s without one (spec: content §4)', () => {
    expect(CABLE_LIMITS.pingMs).toBe(3_000);
  });

  it('welcomes, pings every interval with the time, confirms and delivers, then stops after unsubscribe', async () => {
    const cable = await RawCable.open(url);
    try {
      expect(cable.received[0] ?? (await cable.next(() => true))).toEqual({ type: 'welcome' });
      const ping = await cable.next((m) => m.type === 'ping');
      expect(Math.abs(Number(ping.message) - Date.now() / 1000)).toBeLessThan(5);
      const identifier = JSON.stringify(ALERTS);
      expect(await cable.subscribe(identifier)).toEqual({ identifier, type: 'confirm_subscription' });
      t.services.broadcaster.broadcast(CHANNELS.alerts, ALERTS_STREAM, { type: 'deleted', id: 1 });
      expect(await cable.next((m) => m.identifier !== undefined && m.message !== undefined)).toEqual({
        identifier,
        message: { type: 'deleted', id: 1 },
      });

      // `message` asks the channel for an action; ours take none: nothing is said, the socket stays.
      cable.send({ command: 'message', identifier, data: JSON.stringify({ action: 'speak' }) });
      cable.send({ command: 'unsubscribe', identifier });
      await cable.pings(1);
      t.services.broadcaster.broadcast(CHANNELS.alerts, ALERTS_STREAM, { type: 'deleted', id: 2 });
      await cable.pings(2);
      expect(cable.received.filter((m) => m.identifier !== undefined && m.message !== undefined)).toHaveLength(1);
      expect(cable.socket.readyState).toBe(cable.socket.OPEN);
    } finally {
      cable.close();
    }
  });

  it('echoes the identifier exactly as the client wrote it, and ignores a second subscribe to it', async () => {
    const cable = await RawCable.open(url);
    try {
      const identifier = '{ "channel" : "Content::AlertsChannel" }';
      expect((await cable.subscribe(identifier)).type).toBe('confirm_subscription');
      cable.send({ command: 'subscribe', identifier });
      t.services.broadcaster.broadcast(CHANNELS.alerts, ALERTS_STREAM, { type: 'deleted', id: 3 });
      expect((await cable.next((m) => m.identifier !== undefined && m.message !== undefined)).identifier).toBe(identifier);
      expect(cable.received.filter((m) => m.type === 'confirm_subscription')).toHaveLength(1);
    } finally {
      cable.close();
    }
  });

  it.each([
    ['an unknown channel', JSON.stringify({ channel: 'AdminChannel' })],
    ['an identifier that is not JSON', 'Content::AlertsChannel'],
    ['an identifier without a channel', JSON.stringify({ stream: 'alerts' })],
    ['an identifier that is a JSON array', JSON.stringify([CHANNELS.alerts])],
    ['an identifier too long', JSON.stringify({ channel: CHANNELS.alerts, pad: 'x'.repeat(2000) })],
    ['a guest on the transcoding channel', JSON.stringify(TRANSCODING)],
    ['a guest on the notifications channel', JSON.stringify({ channel: CHANNELS.notifications })],
  ])('rejects %s', async (_what, identifier) => {
    const cable = await RawCable.open(url);
    try {
      expect(await cable.subscribe(identifier)).toEqual({ identifier, type: 'reject_subscription' });
      expect((await cable.subscribe(JSON.stringify(ALERTS))).type).toBe('confirm_subscription');
    } finally {
      cable.close();
    }
  });

  it('lets a signed-in user on the notifications and live-events channels', async () => {
    const me = await signedIn();
    const cable = await RawCable.open(url, { cookie: me.cookie });
    try {
      expect((await cable.subscribe({ channel: CHANNELS.notifications })).type).toBe('confirm_subscription');
      expect((await cable.subscribe({ channel: CHANNELS.liveEvents })).type).toBe('confirm_subscription');
      expect((await cable.subscribe({ channel: CHANNELS.notifications, user_id: me.user.id + 1 })).type).toBe('reject_subscription');
      t.services.broadcaster.broadcast(CHANNELS.notifications, userStream(me.user.id), { type: 'notify', key: 'notice.test' });
      expect((await cable.next((m) => m.identifier !== undefined && m.message !== undefined)).message).toEqual({
        type: 'notify',
        key: 'notice.test',
      });
    } finally {
      cable.close();
    }
  });
});

describe('bad frames disconnect only the socket that sent them', () => {
  it.each([
    ['malformed JSON', '{"command":"subscribe",'],
    ['an unknown command', JSON.stringify({ command: 'perform', identifier: JSON.stringify(ALERTS) })],
    ['a command without an identifier', JSON.stringify({ command: 'subscribe' })],
    ['a JSON value that is no object', '42'],
    ['a message without data', JSON.stringify({ command: 'message', identifier: JSON.stringify(ALERTS) })],
  ])('%s: disconnect (invalid_request, no reconnect), and others go on', async (_what, frame) => {
    const bystander = await RawCable.open(url);
    const cable = await RawCable.open(url);
    try {
      await bystander.subscribe(ALERTS);
      cable.send(frame);
      expect(await cable.next((m) => m.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'invalid_request', reconnect: false });
      expect((await cable.closed).code).toBe(1005);
      t.services.broadcaster.broadcast(CHANNELS.alerts, ALERTS_STREAM, { type: 'deleted', id: 4 });
      expect((await bystander.next((m) => m.identifier !== undefined && m.message !== undefined)).message).toEqual({
        type: 'deleted',
        id: 4,
      });
    } finally {
      bystander.close();
      cable.close();
    }
  });

  it('a binary frame is not the protocol either', async () => {
    const cable = await RawCable.open(url);
    cable.socket.send(Buffer.from(JSON.stringify({ command: 'subscribe', identifier: JSON.stringify(ALERTS) })), { binary: true });
    expect((await cable.next((m) => m.type === 'disconnect')).reason).toBe('invalid_request');
    await cable.closed;
  });

  it('a frame past the limit closes the socket with 1009', async () => {
    const bystander = await RawCable.open(url);
    const cable = await RawCable.open(url);
    try {
      cable.send({
        command: 'subscribe',
        identifier: JSON.stringify({ channel: CHANNELS.alerts, pad: 'x'.repeat(CABLE_LIMITS.maxFrameBytes) }),
      });
      expect((await cable.closed).code).toBe(1009);
      expect((await bystander.subscribe(ALERTS)).type).toBe('confirm_subscription');
    } finally {
      bystander.close();
    }
  });

  it('a client that stops reading is dropped once its unsent data passes the bound; others receive everything', async () => {
    const reader = await RawCable.open(url);
    const stalled = await RawCable.open(url);
    await reader.subscribe(ALERTS);
    await stalled.subscribe(ALERTS);
    stalled.socket.pause();
    const title = 'x'.repeat(60 * 1024);
    const alert = {
      id: 1,
      updated_at: '',
      title,
      alert_type: 'red',
      target_link_to: 'custom',
      custom_url: '/',
      live_event_extid: null,
    } as const;
    // Paced, as broadcasts come: a reading client keeps up; the stalled one falls behind.
    for (let id = 1; id <= 300; id += 1) {
      t.services.broadcaster.broadcast(CHANNELS.alerts, ALERTS_STREAM, { type: 'updated', alert: { ...alert, id } });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await reader.next((m) => (m.message as { alert?: { id: number } } | undefined)?.alert?.id === 300, 10_000);
    stalled.socket.resume();
    await stalled.closed;
    expect(stalled.received.filter((m) => m.identifier !== undefined && m.message !== undefined).length).toBeLessThan(300);
    reader.close();
  });
});

describe('the handshake', () => {
  it('refuses another site’s Origin as unsafe HTTP methods are refused', async () => {
    const refused = await RawCable.open(url, { origin: 'https://evil.example' }).catch((error: { status: number; body: string }) => error);
    expect(refused).toMatchObject({ status: 403 });
    expect(JSON.parse((refused as { body: string }).body)).toEqual({
      errors: [{ code: 'forbidden_origin', message: 'Requests from other sites are not allowed' }],
    });
    const own = await RawCable.open(url, { origin: new URL(url.replace('ws:', 'http:')).origin });
    own.close();
  });

  it('requires the ActionCable subprotocol, and answers only at /cable', async () => {
    await expect(RawCable.open(url, { protocols: ['graphql-ws'] })).rejects.toMatchObject({ status: 400 });
    await expect(RawCable.open(url.replace('/cable', '/api/cable'))).rejects.toMatchObject({ status: 404 });
  });

  it('answers a plain GET with 426 and the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/cable' });
    expect(response.statusCode).toBe(426);
    expect(codes(response)).toEqual(['upgrade_required']);
  });

  it('a bogus session cookie is a guest', async () => {
    const cable = await RawCable.open(url, { cookie: 'session=bogus' });
    try {
      expect((await cable.subscribe(TRANSCODING)).type).toBe('reject_subscription');
      expect((await cable.subscribe(ALERTS)).type).toBe('confirm_subscription');
    } finally {
      cable.close();
    }
  });
});

describe('a session that ends closes its connections within seconds', () => {
  const sessionEnded = { type: 'disconnect', reason: 'unauthorized', reconnect: true };

  it('sign-out: that session’s socket, not a guest’s', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    expect((await browser.signIn(user.email)).statusCode).toBe(200);
    const mine = await RawCable.open(url, { cookie: sessionCookie(browser.cookie('session')) });
    const guest = await RawCable.open(url);
    await mine.subscribe(TRANSCODING);
    expect((await browser.delete('/users/sign_out.json')).statusCode).toBe(204);
    expect(await mine.next((m) => m.type === 'disconnect')).toEqual(sessionEnded);
    await mine.closed;
    expect(guest.socket.readyState).toBe(guest.socket.OPEN);
    guest.close();
  });

  it('deactivation: the official consumer is disconnected and will reconnect (as whoever its cookie then says)', async () => {
    const me = await signedIn();
    const consumer = officialConsumer(url, me.cookie);
    try {
      const transcoding = subscribeWith(consumer, TRANSCODING);
      expect(await transcoding.outcome).toBe('connected');
      await t.database.db.update(users).set({ deactivatedAt: t.services.clock.now() }).where(eq(users.id, me.user.id));
      expect(await eventually(() => transcoding.disconnects[0])).toEqual({ willAttemptReconnect: true });
    } finally {
      consumer.disconnect();
    }
  });

  it('a password change: the other sessions’ sockets, not the one that changed it', async () => {
    const user = await createUser(t.database.db);
    const here = new Browser(t.app);
    await here.signIn(user.email);
    const elsewhere = await createSessionToken(t.database.db, user, t.services.clock.now());
    const thisSocket = await RawCable.open(url, { cookie: sessionCookie(here.cookie('session')) });
    const otherSocket = await RawCable.open(url, { cookie: sessionCookie(elsewhere) });
    const changed = await here.patch('/api/current_user/password', {
      user: { current_password: 'Correct-horse-9', password: 'Another-horse-10', password_confirmation: 'Another-horse-10' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await otherSocket.next((m) => m.type === 'disconnect')).toEqual(sessionEnded);
    await thisSocket.pings(2);
    expect(thisSocket.received.some((m) => m.type === 'disconnect')).toBe(false);
    thisSocket.close();
  });

  it('expiry: an idle session is noticed by the periodic check', async () => {
    const me = await signedIn();
    const cable = await RawCable.open(url, { cookie: me.cookie });
    t.services.clock.advance(days(15));
    try {
      expect(await cable.next((m) => m.type === 'disconnect')).toEqual(sessionEnded);
    } finally {
      t.services.clock.advance(-days(15));
    }
  });
});

describe('an open connection', () => {
  it('outlives the HTTP header and request timeouts (they end slow requests, not WebSockets)', async () => {
    const strict = await createTestApp({
      env: { HEADERS_TIMEOUT: '1', REQUEST_TIMEOUT: '1' },
      config: { cable: { ...CABLE_LIMITS, pingMs: 500 } },
    });
    const cable = await RawCable.open(await listen(strict));
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await cable.pings(1);
      expect(cable.socket.readyState).toBe(cable.socket.OPEN);
    } finally {
      cable.close();
      await strict.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('tells every client to reconnect, then the app closes', async () => {
    const other = await createTestApp();
    const otherUrl = await listen(other);
    const cable = await RawCable.open(otherUrl);
    await other.close();
    expect(await cable.next((m) => m.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    await cable.closed;
  });
});
