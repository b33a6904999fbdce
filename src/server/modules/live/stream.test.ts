import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveEventDetailSchema,
  liveRecordingsResponseSchema,
  liveTargetSchema,
  recordingEmbedSchema,
  type LiveEventInput,
} from '../../../common/live.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import { listen } from '../../test/cable.ts';
import { DEFAULT_INGEST_LIMITS } from './ingest-guard.ts';
import { recordEvent } from './recordings.ts';
import { publishAnswer } from './rtmp-test-support.ts';
import { startLive, type Live } from './start.ts';
import { WRONG_STREAM_KEYS_PER_CLIENT } from './stream.ts';
import { createLiveEvent, eventually, hoursFrom, packagers, sessionFolders } from './test-support.ts';

/**
 * The live picture end to end on the server: an encoder pushes to the ingest with the event's
 * stream key, the event goes live, and an entitled viewer's signed link plays the HLS.
 */
const ffmpeg = resolveFfmpeg(undefined);
let t: TestApp;
let dataDir: string;
let live: Live;
let rtmpPort: number;
let admin: Browser;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'live-stream-'));
  // Restream targets are local receivers on 127.0.0.1, which only an allowance opens.
  t = await createTestApp({ config: { dataDir }, env: { OUTBOUND_ALLOW: '127.0.0.1' } });
  admin = (await agreementFixtures(t).signedIn({ isAdmin: true })).browser;
  rtmpPort = await freePort();
  // A session an earlier run left without a picture, an hour old: start-up removes it.
  const orphan = path.join(dataDir, 'live', 'sessions', 'left-by-a-crash');
  await mkdir(orphan, { recursive: true });
  const anHourAgo = new Date(Date.now() - 3600_000);
  await utimes(orphan, anHourAgo, anHourAgo);
  // The platform listens, so that restreaming pulls the HLS from it as in production.
  const apiPort = Number(new URL((await listen(t)).replace('ws://', 'http://')).port);
  live = await startLive({
    config: {
      host: '127.0.0.1',
      port: apiPort,
      dataDir,
      live: { rtmpPort, srtPorts: null, demoPublisher: false, ingestLimits: DEFAULT_INGEST_LIMITS },
    },
    ctx: {
      db: t.database.db,
      clock: t.services.clock,
      secret: t.services.secret,
      store: t.services.files.store,
      outbound: t.services.outbound,
      broadcast: (channel, stream, message) => t.services.broadcaster.broadcast(channel, stream, message),
    },
    ffmpeg,
    log: () => undefined,
  });
  await live.ready;
});
afterAll(async () => {
  await live.stop();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const hlsRoot = () => path.join(dataDir, 'live');

/** A port nobody listens on now: taken from the OS, then given up. */
function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const event = (fields: Partial<LiveEventInput>) => createLiveEvent(t, admin, { start_at: hoursFrom(t, 1 / 12), ...fields });

function publish(key: string, seconds: number) {
  const child = publisher(key, seconds);
  return new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
}

function publisher(key: string, seconds: number) {
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
    `rtmp://127.0.0.1:${rtmpPort}/live/${key}`,
  ];
  return spawn(ffmpeg, args, { stdio: 'ignore' });
}

describe('a live event’s picture', () => {
  it('the console’s stream key publishes; the event goes live; a registered user plays a free event under its signed link', async () => {
    const free = await event({ access: 'free' });
    expect(free.stream_key).toMatch(/^[\w-]{20,}$/);
    const viewer = (await agreementFixtures(t).signedIn()).browser;
    expect(liveEventDetailSchema.parse((await viewer.get(`/api/content/live/events/${free.slug}`)).json()).playback_url).toBeNull();

    const pushing = publish(free.stream_key ?? '', 6);
    const url = await eventually(
      async () => liveEventDetailSchema.parse((await viewer.get(`/api/content/live/events/${free.slug}`)).json()).playback_url,
    );
    const detail = liveEventDetailSchema.parse((await viewer.get(`/api/content/live/events/${free.slug}`)).json());
    expect(detail).toMatchObject({ status: 'live', watch_refusal: null });
    // Free events are for registered users (spec: content §1): a visitor is asked to sign in.
    const visitor = new Browser(t.app);
    expect(liveEventDetailSchema.parse((await visitor.get(`/api/content/live/events/${free.slug}`)).json())).toMatchObject({
      playback_url: null,
      watch_refusal: 'login_required',
    });

    const playlist = await eventually(async () => {
      const answer = await visitor.get(url);
      return answer.statusCode === 200 && answer.body.includes('.ts?') ? answer : null;
    });
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    // Segments are named under their session, so they never change: a CDN or the player may keep them.
    const segment = playlist.body.split('\n').find((line) => line.endsWith(url.slice(url.indexOf('?')))) ?? '';
    expect(segment).toMatch(/^[0-9a-f-]{36}\/seg\d{5}\.ts\?expires=\d+&sig=/);
    const bytes = await visitor.get(`/live/${free.id}/${segment}`);
    expect([bytes.statusCode, bytes.headers['content-type']]).toEqual([200, 'video/mp2t']);
    expect(bytes.rawPayload.readUInt8(0)).toBe(0x47);

    const tampered = await visitor.get(url.replace(/sig=[\w-]+/, 'sig=AAAA'));
    expect([tampered.statusCode, codes(tampered)]).toEqual([403, ['link_invalid']]);
    t.services.clock.advance(3 * 3600_000);
    expect(codes(await visitor.get(url))).toEqual(['link_expired']);
    t.services.clock.advance(-3 * 3600_000);
    expect(await pushing).toBe(0);

    // Finished: its recording becomes a video of the catalogue, listed with the event and embeddable.
    await admin.patch(`/api/admin/content/live/events/${free.id}`, { live_event: { status: 'finished' } });
    const files = t.services.files;
    expect(await recordEvent({ db: t.database.db, clock: t.services.clock, files }, { eventId: free.id })).toMatchObject({ recorded: 1 });
    expect(await recordEvent({ db: t.database.db, clock: t.services.clock, files }, { eventId: free.id })).toEqual({
      recorded: 0,
      already: 1,
    });
    const list = liveRecordingsResponseSchema.parse((await visitor.get('/api/content/live/recordings')).json());
    const recording = list.recordings.find((item) => item.event.id === free.id);
    expect(recording?.duration).toBeGreaterThanOrEqual(4);
    expect(recording?.duration).toBeLessThanOrEqual(7);
    const video = (await visitor.get(`/api/content/video_projects/${recording?.project_slug}`)).json<{
      title: string;
      free_access: boolean;
      live_recording: unknown;
    }>();
    // Its page offers to book the recording (content §2 "book"): the recording and its event are named.
    expect(video).toMatchObject({
      title: free.title,
      free_access: true,
      live_recording: { id: recording?.id, event_slug: free.slug, event_title: free.title },
    });

    const cutter = await agreementFixtures(t).signedIn();
    const cuttable = (await cutter.browser.get('/api/content/live/events/available_for_cut')).json<{ live_events: { id: number }[] }>();
    expect(cuttable.live_events.map((item) => item.id)).toContain(free.id);
    expect((await visitor.get('/api/content/live/events/available_for_cut')).statusCode).toBe(401);
    expect(codes(await cutter.browser.post(`/api/content/live/recordings/${recording?.id}/embed`, { book_recording: {} }))).toEqual([
      'privacy_required',
    ]);
    const embed = recordingEmbedSchema.parse(
      (
        await cutter.browser.post(`/api/content/live/recordings/${recording?.id}/embed`, { book_recording: { privacy_accepted: true } })
      ).json(),
    );
    expect(embed.embed_html).toContain('<video src="/files/masters/live/');
    const mp4 = await visitor.get(embed.url);
    expect([mp4.statusCode, mp4.rawPayload.toString('latin1', 4, 8)]).toEqual([200, 'ftyp']);
  }, 60_000);

  it('a client-only event’s picture is for the client group only; a key outside the window is refused', async () => {
    const client = await event({ access: 'client' });
    const pushing = publish(client.stream_key ?? '', 4);
    const viewer = await agreementFixtures(t).signedIn({ userGroup: 'customer' });
    await eventually(async () => {
      const answer = await admin.get(`/api/content/live/events/${client.slug}`);
      return liveEventDetailSchema.parse(answer.json()).status === 'live' ? true : null;
    });
    expect(liveEventDetailSchema.parse((await viewer.browser.get(`/api/content/live/events/${client.slug}`)).json())).toMatchObject({
      playback_url: null,
      watch_refusal: 'clients_only',
    });
    const ofTheClientGroup = await agreementFixtures(t).signedIn({ userGroup: 'client' });
    expect(
      await eventually(
        async () =>
          liveEventDetailSchema.parse((await ofTheClientGroup.browser.get(`/api/content/live/events/${client.slug}`)).json()).playback_url,
      ),
    ).toMatch(/^\/live\//);
    expect(
      liveEventDetailSchema.parse((await new Browser(t.app).get(`/api/content/live/events/${client.slug}`)).json()).playback_url,
    ).toBeNull();
    await pushing;
    // The session ended: what it packaged is stored, and its local folder goes.
    await eventually(async () => ((await sessionFolders(hlsRoot())).length === 0 ? true : null));

    const later = await event({ start_at: new Date(t.services.clock.now().getTime() + 3600_000).toISOString() });
    const folders = await sessionFolders(hlsRoot());
    expect(await publish(later.stream_key ?? '', 2)).not.toBe(0);
    expect(liveEventDetailSchema.parse((await admin.get(`/api/content/live/events/${later.slug}`)).json()).status).toBe('confirmed');
    // Refused before anything started: no ffmpeg, no folder.
    expect(await packagers(hlsRoot())).toBe(0);
    expect(await sessionFolders(hlsRoot())).toEqual(folders);
  }, 40_000);

  it('the start-up removed the folder of a session an earlier run left without a picture', async () => {
    expect(await sessionFolders(hlsRoot())).not.toContain('left-by-a-crash');
  });

  it('refuses every key from a client past 20 wrong ones in 10 minutes, starting nothing, while other clients publish', async () => {
    const free = await event({ access: 'free' });
    const key = free.stream_key ?? '';
    const folders = await sessionFolders(hlsRoot());
    for (let attempt = 0; attempt < WRONG_STREAM_KEYS_PER_CLIENT.limit; attempt += 1)
      expect(await publishAnswer(rtmpPort, `a-guessed-stream-key-${attempt}`, '127.0.0.6')).toBe('refused');
    expect(await publishAnswer(rtmpPort, key, '127.0.0.6')).toBe('refused');
    expect(await packagers(hlsRoot())).toBe(0);
    expect(await sessionFolders(hlsRoot())).toEqual(folders);

    expect(await publishAnswer(rtmpPort, key, '127.0.0.7')).toBe('started');
    t.services.clock.advance(WRONG_STREAM_KEYS_PER_CLIENT.windowSeconds * 1000);
    try {
      expect(await publishAnswer(rtmpPort, key, '127.0.0.6')).toBe('started');
    } finally {
      t.services.clock.advance(-WRONG_STREAM_KEYS_PER_CLIENT.windowSeconds * 1000);
    }
    // Both accepted publishers left without a picture: nothing of them stays, and the event is not live.
    await eventually(async () =>
      (await packagers(hlsRoot())) === 0 && (await sessionFolders(hlsRoot())).length === folders.length ? true : null,
    );
    expect(liveEventDetailSchema.parse((await admin.get(`/api/content/live/events/${free.slug}`)).json()).status).toBe('confirmed');
  }, 60_000);

  it('restreams to a customer’s own RTMP server while the picture is on, marking the target streaming, then idle', async () => {
    const receiverPort = await freePort();
    const received = path.join(dataDir, 'received.flv');
    const receiver = spawn(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-listen',
      '1',
      '-i',
      `rtmp://127.0.0.1:${receiverPort}/live/rk`,
      '-c',
      'copy',
      '-f',
      'flv',
      received,
    ]);
    const receiverDone = new Promise((resolve) => receiver.on('exit', resolve));
    const free = await event({ access: 'free' });
    const customer = await agreementFixtures(t).signedIn();
    const target = liveTargetSchema.parse(
      (
        await customer.browser.post(`/api/content/live/events/${free.slug}/targets`, {
          target: { kind: 'custom_rtmp_hd', url: `rtmp://127.0.0.1:${receiverPort}/live`, stream_key: 'rk' },
        })
      ).json(),
    );
    // The picture goes on until the target is seen streaming (however long a busy machine takes to
    // get there), then three seconds more reach the customer's server, and the publisher stops.
    const pushing = publisher(free.stream_key ?? '', 120);
    const pushed = new Promise((resolve) => pushing.on('exit', resolve));
    try {
      const stateOf = async () =>
        liveTargetSchema.parse((await customer.browser.get(`/api/content/live/targets/${target.id}`)).json()).state;
      await eventually(async () => ((await stateOf()) === 'streaming' ? true : null), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      pushing.kill('SIGINT');
      await pushed;
      await Promise.race([receiverDone, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await eventually(async () => ((await stateOf()) === 'idle' ? true : null), 10_000);
    } finally {
      pushing.kill('SIGKILL');
      receiver.kill('SIGKILL');
    }
    const probe = await new Promise<string>((resolve) => {
      let text = '';
      const child = spawn(ffmpeg, ['-hide_banner', '-i', received], { stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('close', () => resolve(text));
    });
    expect(probe).toMatch(/Video: h264/);
    expect(probe).toMatch(/Audio: aac/);
  }, 90_000);

  it('a target whose server is down is shown failed, and is connected again once the server is up', async () => {
    const receiverPort = await freePort();
    const free = await event({ access: 'free' });
    const customer = await agreementFixtures(t).signedIn();
    const target = liveTargetSchema.parse(
      (
        await customer.browser.post(`/api/content/live/events/${free.slug}/targets`, {
          target: { kind: 'custom_rtmp_full_hd', url: `rtmp://127.0.0.1:${receiverPort}/live`, stream_key: 'late' },
        })
      ).json(),
    );
    const stateOf = async () => liveTargetSchema.parse((await customer.browser.get(`/api/content/live/targets/${target.id}`)).json()).state;
    const pushing = publisher(free.stream_key ?? '', 40);
    let receiver: ReturnType<typeof spawn> | undefined;
    try {
      await eventually(async () => ((await stateOf()) === 'failed' ? true : null), 30_000);
      const args = ['-hide_banner', '-loglevel', 'error', '-listen', '1', '-i', `rtmp://127.0.0.1:${receiverPort}/live/late`];
      receiver = spawn(ffmpeg, [...args, '-c', 'copy', '-f', 'null', '-']);
      await eventually(async () => ((await stateOf()) === 'streaming' ? true : null), 30_000);
    } finally {
      receiver?.kill('SIGKILL');
      pushing.kill('SIGKILL');
    }
  }, 90_000);
});
