import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg, runFfmpeg } from './ffmpeg.ts';
import { loopedArgs, loopList, renderRendition, renditionArgs } from './renditions.ts';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
const ffprobe = ffmpeg === 'ffmpeg' ? 'ffprobe' : ffmpeg.replace(/ffmpeg$/, 'ffprobe');
let dir: string;
let master: string;
let logo: string;

/** A 2-second 1080p25 master with sound, and a solid logo: enough to see every part of a render. */
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'renditions-'));
  master = path.join(dir, 'master.mp4');
  logo = path.join(dir, 'logo.png');
  await runFfmpeg(ffmpeg, [
    '-f',
    'lavfi',
    '-i',
    'smptehdbars=size=1920x1080:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    master,
  ]);
  await runFfmpeg(ffmpeg, ['-f', 'lavfi', '-i', 'color=c=0xff00ff:size=300x100', '-frames:v', '1', logo]);
}, 60_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

function probe(file: string) {
  const out = spawnSync(
    ffprobe,
    ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height,pix_fmt,sample_rate', '-of', 'json', file],
    {
      encoding: 'utf8',
    },
  );
  return (JSON.parse(out.stdout) as { streams: Record<string, string | number>[] }).streams;
}

/** One frame as raw RGB, to compare regions of two renders. */
function frame(file: string): Buffer {
  return spawnSync(ffmpeg, ['-v', 'error', '-ss', '1', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  }).stdout;
}
/** Mean difference of two frames over a rectangle given in fractions of the frame. */
function difference(a: Buffer, b: Buffer, width: number, height: number, box: { x: number; y: number; w: number; h: number }) {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(box.y * height); y < Math.floor((box.y + box.h) * height); y += 2)
    for (let x = Math.floor(box.x * width); x < Math.floor((box.x + box.w) * width); x += 2) {
      const i = (y * width + x) * 3;
      sum +=
        Math.abs((a[i] ?? 0) - (b[i] ?? 0)) + Math.abs((a[i + 1] ?? 0) - (b[i + 1] ?? 0)) + Math.abs((a[i + 2] ?? 0) - (b[i + 2] ?? 0));
      n += 1;
    }
  return sum / n;
}

describe('renditions (issue: downloads; spec: content §3)', () => {
  it('asks ffmpeg for the quality, the container and the format, reading progress from its pipe', () => {
    const args = renditionArgs('in.mp4', 'out.mxf', { quality: 'md', container: 'mxf', format: 'clean' });
    expect(args).toEqual(expect.arrayContaining(['mpeg2video', 'yuv422p', '50M', 'pcm_s24le', '48000', 'mxf', 'pipe:1']));
    expect(args.join(' ')).toContain('scale=-2:360');
    expect(() => renditionArgs('in.mp4', 'out.mp4', { quality: 'hd', container: 'mp4', format: 'branded' })).toThrow(/logo/);
    expect(
      renditionArgs('in.mp4', 'o.mp4', { quality: 'sd', container: 'mp4', format: 'credit', credit: "Agency: it's 100%" }).join(' '),
    ).toContain("text='Agency\\: it’s 100\\%'");
  });

  it('renders 720p branded bottom-right MP4: 1280×720 H.264 and AAC, the logo in its corner only, progress to 100', async () => {
    const clean = path.join(dir, 'clean.mp4');
    const branded = path.join(dir, 'branded.mp4');
    const progress: number[] = [];
    await renderRendition(ffmpeg, {
      master,
      output: clean,
      durationSeconds: 2,
      spec: { quality: 'hd', container: 'mp4', format: 'clean' },
    });
    await renderRendition(
      ffmpeg,
      {
        master,
        output: branded,
        durationSeconds: 2,
        spec: { quality: 'hd', container: 'mp4', format: 'branded', position: 'bottom_right', logoFile: logo },
      },
      (percent) => progress.push(percent),
    );
    expect(probe(branded)).toEqual([
      expect.objectContaining({ codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac', sample_rate: '48000' }),
    ]);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    const [a, b] = [frame(clean), frame(branded)];
    expect(difference(a, b, 1280, 720, { x: 0.8, y: 0.85, w: 0.15, h: 0.1 })).toBeGreaterThan(30);
    expect(difference(a, b, 1280, 720, { x: 0.05, y: 0.05, w: 0.15, h: 0.1 })).toBeLessThan(3);
  }, 60_000);

  it('renders broadcast MXF at 1080p: MPEG-2 4:2:2 with 48 kHz PCM; a credit is burnt in', async () => {
    const mxf = path.join(dir, 'clean.mxf');
    await renderRendition(ffmpeg, {
      master,
      output: mxf,
      durationSeconds: 2,
      spec: { quality: 'full_hd', container: 'mxf', format: 'clean' },
    });
    expect(probe(mxf)).toEqual([
      expect.objectContaining({ codec_type: 'video', codec_name: 'mpeg2video', width: 1920, height: 1080, pix_fmt: 'yuv422p' }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'pcm_s24le', sample_rate: '48000' }),
    ]);
    const credit = path.join(dir, 'credit.mp4');
    const clean = path.join(dir, 'clean-360.mp4');
    await renderRendition(ffmpeg, {
      master,
      output: credit,
      durationSeconds: 2,
      spec: { quality: 'md', container: 'mp4', format: 'credit', credit: 'Newsreel' },
    });
    await renderRendition(ffmpeg, {
      master,
      output: clean,
      durationSeconds: 2,
      spec: { quality: 'md', container: 'mp4', format: 'clean' },
    });
    expect(probe(credit)[0]).toMatchObject({ width: 640, height: 360 });
    expect(difference(frame(clean), frame(credit), 640, 360, { x: 0.03, y: 0.9, w: 0.15, h: 0.06 })).toBeGreaterThan(10);
  }, 60_000);

  it('a master that is not there fails with what ffmpeg said', async () => {
    await expect(
      renderRendition(ffmpeg, {
        master: path.join(dir, 'missing.mp4'),
        output: path.join(dir, 'x.mp4'),
        durationSeconds: 2,
        spec: { quality: 'sd', container: 'mp4', format: 'clean' },
      }),
    ).rejects.toThrow(/ffmpeg exited/);
  });
});

describe('a short master played to a longer length (the demo footage, issue 28)', () => {
  it('plays it whole, then again from the end of its intro, to the length asked, sound and picture', async () => {
    // Keyframes every second, as the demo footage has one where its slate ends.
    const short = path.join(dir, 'short.mp4');
    await runFfmpeg(ffmpeg, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', '2', '-g', '25', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', short],
    ]);
    // Encoded once and copied (loopedArgs), in either container: the length asked to the frame, every frame decodable.
    for (const container of ['mp4', 'mxf'] as const) {
      const output = path.join(dir, `looped.${container}`);
      const progress: number[] = [];
      await renderRendition(
        ffmpeg,
        {
          master: short,
          output,
          durationSeconds: 5,
          spec: { quality: 'sd', container, format: 'clean' },
          loop: { lengthSeconds: 2, introSeconds: 1, toSeconds: 5 },
        },
        (percent) => progress.push(percent),
      );
      const out = spawnSync(
        ffprobe,
        ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,duration,nb_read_frames', '-of', 'json', output],
        {
          encoding: 'utf8',
        },
      );
      expect(out.stderr, container).toBe('');
      const streams = (JSON.parse(out.stdout) as { streams: { codec_type: string; duration: string; nb_read_frames: string }[] }).streams;
      const stream = (kind: string) => streams.find((entry) => entry.codec_type === kind);
      for (const kind of ['video', 'audio']) expect(Number(stream(kind)?.duration), `${container} ${kind}`).toBeCloseTo(5, 0);
      expect(Number(stream('video')?.nb_read_frames), container).toBe(125);
      expect(progress.at(-1)).toBe(100);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
    }
    // The encoded picture and the lists it read are gone with the render.
    expect(spawnSync('ls', [dir], { encoding: 'utf8' }).stdout).not.toMatch(/ffconcat|picture/);
  }, 60_000);

  it('lists the master once whole, then enough passes from the end of the intro, each of an exact length', () => {
    expect(loopList("/work/it's.mp4", { lengthSeconds: 10, introSeconds: 2, toSeconds: 26 }).split('\n')).toEqual([
      'ffconcat version 1.0',
      "file '/work/it'\\''s.mp4'",
      'outpoint 10',
      "file '/work/it'\\''s.mp4'",
      'inpoint 2',
      'outpoint 10',
      "file '/work/it'\\''s.mp4'",
      'inpoint 2',
      'outpoint 10',
      '',
    ]);
    // The picture of the first ten seconds, with a keyframe where the slate ends and no B-frames: it can be cut at any frame.
    const loop = { lengthSeconds: 10, introSeconds: 2, toSeconds: 172 };
    const picture = renditionArgs('m.mp4', 'p.mxf', { quality: 'sd', container: 'mxf', format: 'clean' }, loop);
    expect(picture.join(' ')).toContain('-t 10 -an');
    expect(picture.join(' ')).toContain('-bf 0 -force_key_frames 2');
    expect(picture).not.toContain('pcm_s24le');
    expect(renditionArgs('m.mp4', 'o.mxf', { quality: 'sd', container: 'mxf', format: 'clean' }).join(' ')).toContain('-bf 2');
    // Played to the story's length by copying the picture; the sound from the master's own list.
    const looped = loopedArgs('p.ffconcat', 's.ffconcat', 'o.mp4', 'mp4', loop).join(' ');
    expect(looped).toContain(
      '-f concat -safe 0 -i p.ffconcat -f concat -safe 0 -i s.ffconcat -map 0:v -map 1:a? -t 172 -c:v copy -c:a aac',
    );
    expect(renditionArgs('m.mp4', 'o.mp4', { quality: 'sd', container: 'mp4', format: 'clean' })).not.toContain('-force_key_frames');
  });
});
