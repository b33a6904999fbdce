import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SLATE_SECONDS, renderDemoMaster } from './demo-masters.ts';
import { renderRendition } from './renditions.ts';
import { resolveFfmpeg } from './ffmpeg.ts';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
const ffprobe = ffmpeg === 'ffmpeg' ? 'ffprobe' : ffmpeg.replace(/ffmpeg$/, 'ffprobe');
/** Quotes, a colon, a comma, a percent sign and two more scripts: everything drawtext's own syntax would trip on. */
const info = { title: `Talks: "final" deal, 'agreed' at 100% — محادثات / Переговоры`, dateline: 'BERLIN · 23 NOV 2026' };
let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'demo-masters-'));
  await renderDemoMaster(ffmpeg, file('first.mp4'), 0, info, { seconds: 3, height: 360 });
  await renderDemoMaster(ffmpeg, file('second.mp4'), 1, info, { seconds: 3, height: 360 });
  await renderDemoMaster(ffmpeg, file('full.mp4'), 2, info, { seconds: 2 });
}, 60_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

type Probe = {
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    r_frame_rate?: string;
    sample_rate?: string;
    channels?: number;
  }[];
  format: { duration: string };
};

function probe(name: string): Probe {
  const out = spawnSync(ffprobe, ['-v', 'error', '-of', 'json', '-show_streams', '-show_format', file(name)], { encoding: 'utf8' });
  return JSON.parse(out.stdout) as Probe;
}

/** One frame at `seconds`, shrunk to 64x36 grey: enough to tell two pictures apart. */
function frame(name: string, seconds: number): Buffer {
  const args = [
    '-v',
    'error',
    '-ss',
    String(seconds),
    '-i',
    file(name),
    '-frames:v',
    '1',
    '-s',
    '64x36',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-',
  ];
  const out = spawnSync(ffmpeg, args).stdout;
  expect(out.length).toBe(64 * 36);
  return out;
}

/** Mean absolute difference of two grey frames, 0–255. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe('renderDemoMaster', () => {
  it('writes H.264 at 25 fps and 48 kHz stereo AAC for the requested length, and leaves no partial file', () => {
    const { streams, format } = probe('first.mp4');
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 640,
      height: 360,
      pix_fmt: 'yuv420p',
      r_frame_rate: '25/1',
    });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    expect(Number(format.duration)).toBeCloseTo(3, 1);
    expect(existsSync(file('first.mp4.part.mp4'))).toBe(false);
  });

  it('is 1920x1080 unless asked otherwise', () => {
    const { streams, format } = probe('full.mp4');
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 1920,
      height: 1080,
      r_frame_rate: '25/1',
    });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    expect(Number(format.duration)).toBeCloseTo(2, 1);
  });

  it('opens on a slate that gives way to the scene', () => {
    expect(difference(frame('first.mp4', 0.5), frame('first.mp4', 2.5))).toBeGreaterThan(10);
  });

  it('draws a different picture for each index', () => {
    expect(difference(frame('first.mp4', 2.5), frame('second.mp4', 2.5))).toBeGreaterThan(10);
  });

  it('moves: the scene changes from one second to the next', () => {
    expect(difference(frame('first.mp4', 2.1), frame('first.mp4', 2.9))).toBeGreaterThan(0.5);
  });
});

describe('a demo master played to its story’s length (issue 28)', () => {
  it('shows the slate once: every later pass starts with the scene', async () => {
    await renderDemoMaster(ffmpeg, file('ten.mp4'), 3, info, { seconds: 10, height: 360 });
    await renderRendition(ffmpeg, {
      master: file('ten.mp4'),
      output: file('story.mp4'),
      durationSeconds: 30,
      spec: { quality: 'sd', container: 'mp4', format: 'clean' },
      loop: { lengthSeconds: 10, introSeconds: DEMO_SLATE_SECONDS, toSeconds: 30 },
    });
    expect(Number(probe('story.mp4').format.duration)).toBeCloseTo(30, 0);
    const slate = frame('story.mp4', 1);
    // Just after each join (10 s, 18 s, 26 s): the scene, never the slate.
    for (const at of [10.1, 18.1, 26.1]) expect(difference(slate, frame('story.mp4', at)), `${at} s`).toBeGreaterThan(10);
  }, 120_000);
});
