import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventConsoleSchema, liveEventDetailSchema } from '../../../common/live.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import { DEFAULT_INGEST_LIMITS } from './ingest-guard.ts';
import { ffmpegHasSrt } from './srt-ingest.ts';
import { startLive, type Live } from './start.ts';
import { createLiveEvent, eventually, hoursFrom } from './test-support.ts';

/**
 * The SRT ingest as `npm start` runs it: the console reads the port of an event's listener, an
 * encoder calls it with the stream key as passphrase, and the event goes live with a picture.
 */
const ffmpeg = resolveFfmpeg(undefined);
const FIRST_PORT = 29_800 + (Number(process.env.VITEST_POOL_ID ?? 0) % 8) * 10;
let t: TestApp;
let dataDir: string;
let live: Live;
let admin: Browser;

function publish(port: number, passphrase: string, seconds: number) {
  const args = [
    ...['-hide_banner', '-loglevel', 'quiet', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mpegts'],
    `srt://127.0.0.1:${port}?passphrase=${passphrase}`,
  ];
  return new Promise<number | null>((resolve) => spawn(ffmpeg, args, { stdio: 'ignore' }).on('exit', (code) => resolve(code)));
}

describe.skipIf(!ffmpegHasSrt(ffmpeg))('the SRT ingest of the platform', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'live-srt-'));
    t = await createTestApp({ config: { dataDir } });
    admin = (await agreementFixtures(t).signedIn({ isAdmin: true })).browser;
    live = await startLive({
      config: {
        host: '127.0.0.1',
        port: 0,
        dataDir,
        live: {
          rtmpPort: 0,
          srtPorts: { first: FIRST_PORT, last: FIRST_PORT + 4 },
          demoPublisher: false,
          ingestLimits: DEFAULT_INGEST_LIMITS,
        },
      },
      ctx: {
        db: t.database.db,
        clock: t.services.clock,
        secret: t.services.secret,
        store: t.services.files.store,
        broadcast: (channel, stream, message) => t.services.broadcaster.broadcast(channel, stream, message),
        outbound: t.services.outbound,
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

  const consoleView = async (id: number) => liveEventConsoleSchema.parse((await admin.get(`/api/admin/content/live/events/${id}`)).json());

  it('listens for an event from 15 minutes before its start, and the stream key is its passphrase', async () => {
    const later = await createLiveEvent(t, admin, { start_at: hoursFrom(t, 1) });
    const soon = await createLiveEvent(t, admin, { start_at: hoursFrom(t, 1 / 6), access: 'free' });
    const port = await eventually(async () => (await consoleView(soon.id)).srt_port);
    expect(port).toBeGreaterThanOrEqual(FIRST_PORT);
    expect((await consoleView(later.id)).srt_port).toBeNull();

    expect(await publish(port, 'somebody-elses-passphrase', 2)).not.toBe(0);
    // Free events are for registered users (common/access.ts liveAccessTo).
    const visitor = (await agreementFixtures(t).signedIn()).browser;
    const view = async () => liveEventDetailSchema.parse((await visitor.get(`/api/content/live/events/${soon.slug}`)).json());
    expect((await view()).status).toBe('confirmed');

    const pushing = publish(port, soon.stream_key ?? '', 4);
    const url = await eventually(async () => (await view()).playback_url);
    expect((await view()).status).toBe('live');
    const playlist = await eventually(async () => {
      const answer = await visitor.get(url);
      return answer.statusCode === 200 && answer.body.includes('.ts?') ? answer.body : null;
    });
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:[12]\n/);
    expect(await pushing).toBe(0);
  }, 40_000);

  it('stops listening once the event is canceled', async () => {
    const event = await createLiveEvent(t, admin, { start_at: hoursFrom(t, 1 / 6) });
    await eventually(async () => (await consoleView(event.id)).srt_port);
    await admin.patch(`/api/admin/content/live/events/${event.id}`, { live_event: { status: 'canceled' } });
    await eventually(async () => ((await consoleView(event.id)).srt_port === null ? true : null));
  }, 30_000);
});
