import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import { startIngest, type Ingest } from './ingest.ts';
import { eventually, packagedSession } from './test-support.ts';

/** The RTMP ingest with real ffmpeg on both sides: a publisher pushing a few seconds of test picture. */
const ffmpeg = resolveFfmpeg(undefined);
let root: string;
let ingest: Ingest;
const published: number[] = [];
const ended: number[] = [];
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ingest-'));
  ingest = await startIngest({
    host: '127.0.0.1',
    port: 0,
    ffmpeg,
    hlsRoot: root,
    authorize: async (key) => (key === 'good-key-123' ? { eventId: 7 } : null),
    onPublish: (id) => published.push(id),
    onEnd: (id) => ended.push(id),
  });
});
afterAll(async () => {
  await ingest.close();
  await rm(root, { recursive: true, force: true });
});

/** Pushes `seconds` of a 320×180 H.264/AAC test picture; resolves with ffmpeg's exit code. */
function publish(key: string, seconds: number): Promise<number | null> {
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
    `rtmp://127.0.0.1:${ingest.port}/live/${key}`,
  ];
  return new Promise((resolve) => spawn(ffmpeg, args, { stdio: 'ignore' }).on('exit', (code) => resolve(code)));
}

describe('the RTMP ingest', () => {
  it('packages a publisher with a good key as HLS with 1 s segments, named for the event; the end is told', async () => {
    const pushing = publish('good-key-123', 5);
    const { pointer, playlist } = await packagedSession(root, 7);
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:[12]\n/);
    expect(published).toEqual([7]);
    expect(await pushing).toBe(0);
    await eventually(async () => (ended.includes(7) ? true : undefined));
    expect(JSON.parse(await readFile(pointer, 'utf8'))).toMatchObject({ dir: null });
  }, 30_000);

  it('disconnects a wrong key before any picture reaches ffmpeg', async () => {
    const code = await publish('wrong-key', 3);
    expect(code).not.toBe(0);
    expect(published).toEqual([7]);
    // Only the good publisher's session ever had a playlist.
    const sessions = await readdir(path.join(root, 'sessions'));
    expect(sessions.filter((name) => existsSync(path.join(root, 'sessions', name, 'index.m3u8')))).toHaveLength(1);
  }, 30_000);
});
