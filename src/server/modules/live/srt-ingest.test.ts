import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import { currentSession, type LiveStorage } from './sessions.ts';
import { ffmpegHasSrt, startSrtIngest, type SrtIngest } from './srt-ingest.ts';
import {
  eventually,
  insertLiveEvents,
  packagedSession,
  packagerPids,
  sessionFolders,
  sessionsOf,
  testLiveStorage,
} from './test-support.ts';

/** The SRT ingest with real ffmpeg on both sides (Debian's ffmpeg has SRT; the npm fallback build does not). */
const ffmpeg = resolveFfmpeg(undefined);
const KEY = 'a-good-srt-stream-key-24';
const FIRST_PORT = 29_700 + (Number(process.env.VITEST_POOL_ID ?? 0) % 8) * 10;
let root: string;
let database: Database;
let storage: LiveStorage;
let ingest: SrtIngest;
let event = 0;
let open: { eventId: number; streamKey: string }[] = [];
const listening: [number, number | null][] = [];
const published: number[] = [];
const ended: number[] = [];

/** Pushes `seconds` of a 320×180 H.264/AAC test picture over SRT; resolves with ffmpeg's exit code. */
function publish(port: number, passphrase: string, seconds: number): Promise<number | null> {
  const args = [
    ...['-hide_banner', '-loglevel', 'quiet', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mpegts'],
    `srt://127.0.0.1:${port}?passphrase=${passphrase}`,
  ];
  return new Promise((resolve) => spawn(ffmpeg, args, { stdio: 'ignore' }).on('exit', (code) => resolve(code)));
}

/** A caller with `passphrase` that only tries to connect (ffmpeg reading from the listener); resolves when it gives up. */
function call(port: number, passphrase: string): Promise<number | null> {
  const args = ['-hide_banner', '-loglevel', 'quiet', '-i', `srt://127.0.0.1:${port}?passphrase=${passphrase}`, '-f', 'null', '-'];
  return new Promise((resolve) => spawn(ffmpeg, args, { stdio: 'ignore' }).on('exit', (code) => resolve(code)));
}

/** `count` datagrams of random bytes (every fourth dressed as an SRT control packet) to the port. */
async function garbage(port: number, count: number) {
  const socket = dgram.createSocket('udp4');
  for (let index = 0; index < count; index += 1) {
    const bytes = randomBytes(16 + (index % 64) * 20);
    if (index % 4 === 0) bytes.writeUInt32BE(0x80000000, 0);
    await new Promise<void>((resolve) => socket.send(bytes, port, '127.0.0.1', () => resolve()));
  }
  socket.close();
}

describe.skipIf(!ffmpegHasSrt(ffmpeg))('the SRT ingest', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'srt-ingest-'));
    database = await createTestDatabase();
    storage = testLiveStorage(database.db, root);
    [event = 0] = await insertLiveEvents(database.db, 1);
    open = [{ eventId: event, streamKey: KEY }];
    ingest = startSrtIngest({
      host: '127.0.0.1',
      ports: { first: FIRST_PORT, last: FIRST_PORT + 9 },
      ffmpeg,
      storage,
      openEvents: async () => open,
      onListening: (id, port) => listening.push([id, port]),
      onPublish: (id) => published.push(id),
      onEnd: (id) => ended.push(id),
      pollMs: 200,
    });
  });
  afterAll(async () => {
    await ingest.close();
    await database.close();
    await rm(root, { recursive: true, force: true });
  });

  // Each caller is a whole ffmpeg, some 80 ms of processor to start: 200 of them took 16 CPU-seconds of
  // the suite. A refused caller that restarted the listener or left a folder shows with the first.
  it('200 garbage datagrams and 40 callers with a wrong passphrase start no ffmpeg and leave no folder', async () => {
    const port = await eventually(async () => ingest.portOf(event));
    const listener = await eventually(async () => ((await packagerPids(root)).length === 1 ? packagerPids(root) : null));
    const folders = await sessionFolders(root);
    await garbage(port, 200);
    // Eight callers at a time: each is refused by SRT's handshake inside the waiting ffmpeg.
    for (let batch = 0; batch < 5; batch += 1)
      expect(await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => call(port, 'not-the-key-at-all')))).not.toContain(0);
    expect(await packagerPids(root)).toEqual(listener);
    expect(await sessionFolders(root)).toEqual(folders);
    expect(published).toEqual([]);
  }, 120_000);

  it('refuses a caller without the event key: nothing is published', async () => {
    const port = await eventually(async () => ingest.portOf(event));
    expect(port).toBeGreaterThanOrEqual(FIRST_PORT);
    expect(await publish(port, 'not-the-key-at-all', 2)).not.toBe(0);
    expect(published).toEqual([]);
  }, 30_000);

  it('packages a caller with the key as HLS with 1 s segments, named for the event; the end is told and it listens again', async () => {
    const port = await eventually(async () => ingest.portOf(event));
    const pushing = publish(port, KEY, 4);
    const { session, playlist } = await packagedSession(storage, event);
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:[12]\n/);
    expect(published).toEqual([event]);
    expect(await pushing).toBe(0);
    await eventually(async () => (ended.includes(event) ? true : undefined));
    expect(await currentSession(storage, event)).toBeNull();
    expect((await sessionsOf(database.db, event)).filter((row) => row.publishedAt)).toMatchObject([
      { id: session.id, endedAt: expect.any(Date) as Date },
    ]);
    // A second session on the same port, after the first publisher left.
    const again = publish(port, KEY, 2);
    await eventually(async () => (published.length === 2 ? true : undefined));
    expect(await again).toBe(0);
  }, 40_000);

  it('stops listening when the event may no longer stream, and gives its port back', async () => {
    open = [];
    await eventually(async () => (ingest.portOf(event) === undefined ? true : undefined));
    expect(listening.at(-1)).toEqual([event, null]);
  }, 10_000);
});

describe('an SRT listener whose sessions end without a picture', () => {
  it('is started again less and less often, and leaves no folder and no session', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'srt-respawn-'));
    const respawnDb = await createTestDatabase();
    const [eventId = 0] = await insertLiveEvents(respawnDb.db, 1);
    // An "ffmpeg" that ends at once, as one does when its port is taken: each start is counted.
    const starts = path.join(work, 'starts');
    const failing = path.join(work, 'ffmpeg');
    await writeFile(failing, `#!/bin/sh\necho started >> ${starts}\nexit 1\n`);
    await chmod(failing, 0o755);
    const hlsRoot = path.join(work, 'live');
    const respawning = startSrtIngest({
      host: '127.0.0.1',
      ports: { first: FIRST_PORT + 9, last: FIRST_PORT + 9 },
      ffmpeg: failing,
      storage: testLiveStorage(respawnDb.db, hlsRoot),
      openEvents: async () => [{ eventId, streamKey: KEY }],
      pollMs: 200,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const count = (await readFile(starts, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
      // Every 300 ms would be about 13 starts; doubling waits (0.3, 0.6, 1.2, 2.4 s) give 4 or 5.
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(6);
    } finally {
      await respawning.close();
    }
    expect(await sessionFolders(hlsRoot)).toEqual([]);
    expect(await sessionsOf(respawnDb.db, eventId)).toEqual([]);
    await respawnDb.close();
    await rm(work, { recursive: true, force: true });
  }, 20_000);
});
