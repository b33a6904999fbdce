import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import { ffmpegHasSrt, startSrtIngest, type SrtIngest } from './srt-ingest.ts';
import { eventually, packagedSession } from './test-support.ts';

/** The SRT ingest with real ffmpeg on both sides (Debian's ffmpeg has SRT; the npm fallback build does not). */
const ffmpeg = resolveFfmpeg(undefined);
const KEY = 'a-good-srt-stream-key-24';
const FIRST_PORT = 29_700 + (Number(process.env.VITEST_POOL_ID ?? 0) % 8) * 10;
let root: string;
let ingest: SrtIngest;
let open = [{ eventId: 7, streamKey: KEY }];
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

describe.skipIf(!ffmpegHasSrt(ffmpeg))('the SRT ingest', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'srt-ingest-'));
    ingest = startSrtIngest({
      host: '127.0.0.1',
      ports: { first: FIRST_PORT, last: FIRST_PORT + 9 },
      ffmpeg,
      hlsRoot: root,
      openEvents: async () => open,
      onListening: (id, port) => listening.push([id, port]),
      onPublish: (id) => published.push(id),
      onEnd: (id) => ended.push(id),
      pollMs: 200,
    });
  });
  afterAll(async () => {
    await ingest.close();
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a caller without the event key: nothing is published', async () => {
    const port = await eventually(async () => ingest.portOf(7));
    expect(port).toBeGreaterThanOrEqual(FIRST_PORT);
    expect(await publish(port, 'not-the-key-at-all', 2)).not.toBe(0);
    expect(published).toEqual([]);
  }, 30_000);

  it('packages a caller with the key as HLS with 1 s segments, named for the event; the end is told and it listens again', async () => {
    const port = await eventually(async () => ingest.portOf(7));
    const pushing = publish(port, KEY, 4);
    const { pointer, dir, playlist } = await packagedSession(root, 7);
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:[12]\n/);
    expect(published).toEqual([7]);
    expect(await pushing).toBe(0);
    await eventually(async () => (ended.includes(7) ? true : undefined));
    expect(JSON.parse(await readFile(pointer, 'utf8'))).toMatchObject({ dir: null, last: dir });
    // A second session on the same port, after the first publisher left.
    const again = publish(port, KEY, 2);
    await eventually(async () => (published.length === 2 ? true : undefined));
    expect(await again).toBe(0);
  }, 40_000);

  it('stops listening when the event may no longer stream, and gives its port back', async () => {
    open = [];
    await eventually(async () => (ingest.portOf(7) === undefined ? true : undefined));
    expect(listening.at(-1)).toEqual([7, null]);
  }, 10_000);
});
