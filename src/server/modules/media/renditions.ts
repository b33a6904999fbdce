import { rm, writeFile } from 'node:fs/promises';
import type { Container, LogoPosition, Quality, VideoFormat } from '../../../common/catalogue-values.ts';
import { FFMPEG_MEMORY, FFMPEG_VIDEO_THREADS, spawnFfmpeg } from './ffmpeg.ts';

/** Spec content §3: full_hd 1080p, hd 720p, md 360p, sd 240p. */
export const QUALITY_HEIGHTS: Record<Quality, number> = { full_hd: 1080, hd: 720, md: 360, sd: 240 };

export type RenditionSpec = {
  quality: Quality;
  container: Container;
  format: VideoFormat;
  /** Where the customer's logo goes on a branded file. */
  position?: LogoPosition;
  /** The customer's logo (PNG) for a branded file. */
  logoFile?: string;
  /** The agency credit burnt into a credit file. */
  credit?: string;
};

/** The logo's place: a margin of 4 % of the frame's height from the named edges. */
const OVERLAY_AT: Record<LogoPosition, string> = {
  top_left: 'x=H*0.04:y=H*0.04',
  top_center: 'x=(W-w)/2:y=H*0.04',
  top_right: 'x=W-w-H*0.04:y=H*0.04',
  bottom_left: 'x=H*0.04:y=H-h-H*0.04',
  bottom_center: 'x=(W-w)/2:y=H-h-H*0.04',
  bottom_right: 'x=W-w-H*0.04:y=H-h-H*0.04',
};

/** drawtext's own escaping: the credit is the agency's text, never a filter of its own. */
const drawtextValue = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, '\u2019').replace(/:/g, '\\:').replace(/%/g, '\\%');

/** Even dimensions at the quality's height (4:2:0 and 4:2:2 need them), 25 frames a second. */
function videoFilter(spec: RenditionSpec): string {
  const height = QUALITY_HEIGHTS[spec.quality];
  const scale = `[0:v]scale=-2:${height}:flags=bicubic,fps=25,setsar=1`;
  if (spec.format === 'branded') {
    if (!spec.logoFile) throw new Error('a branded rendition needs a logo');
    // The logo scales with the frame: a tenth of its height, its own proportions kept.
    return `${scale}[base];[1:v][base]scale2ref=w=oh*mdar:h=ih/10[logo][frame];[frame][logo]overlay=${OVERLAY_AT[spec.position ?? 'bottom_right']}:format=auto[v]`;
  }
  if (spec.format === 'credit') {
    const size = Math.max(10, Math.round(height * 0.035));
    const credit = drawtextValue(spec.credit ?? 'Newsreel');
    return `${scale},drawtext=font='DejaVu Sans':text='${credit}':fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=${Math.round(size / 3)}:x=h*0.04:y=h-text_h-h*0.04[v]`;
  }
  return `${scale}[v]`;
}

/** MP4: H.264, web-ready; MXF: broadcast MPEG-2 4:2:2 at 50 Mb/s. */
const PICTURE_CODEC: Record<Container, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
  mxf: [
    '-c:v',
    'mpeg2video',
    '-pix_fmt',
    'yuv422p',
    '-b:v',
    '50M',
    '-minrate',
    '50M',
    '-maxrate',
    '50M',
    '-bufsize',
    '17825792',
    '-g',
    '12',
  ],
};
/** B-frames as each container's profile has them (x264's preset chooses its own). */
const B_FRAMES: Record<Container, string[]> = { mp4: [], mxf: ['-bf', '2'] };
/** MP4: AAC; MXF: 48 kHz 24-bit PCM. */
const SOUND_CODEC: Record<Container, string[]> = {
  mp4: ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000'],
  mxf: ['-c:a', 'pcm_s24le', '-ar', '48000'],
};
const MUXER: Record<Container, string[]> = { mp4: ['-movflags', '+faststart', '-f', 'mp4'], mxf: ['-f', 'mxf'] };

/**
 * A short master played to a longer length (the demo's footage, downloads/demo-masters-seed.ts):
 * its first `lengthSeconds` whole, then again and again without its first `introSeconds` (the
 * slate), until `toSeconds`.
 */
export type MasterLoop = { lengthSeconds: number; introSeconds: number; toSeconds: number };

/**
 * The ffconcat list that plays `master` as `loop` says. Each entry's in and out points fix its
 * length exactly, so the passes join without drift (the container's length is a few hundredths
 * over the picture's); the intro ends on a keyframe (the demo footage has one there, and a looped
 * rendition's picture is encoded with one), where a cut starts one.
 */
export function loopList(master: string, loop: MasterLoop): string {
  const file = `file '${master.replace(/'/g, "'\\''")}'`;
  const passes = Math.max(0, Math.ceil((loop.toSeconds - loop.lengthSeconds) / (loop.lengthSeconds - loop.introSeconds)));
  const again = Array.from({ length: passes }, () => [file, `inpoint ${loop.introSeconds}`, `outpoint ${loop.lengthSeconds}`]);
  return ['ffconcat version 1.0', file, `outpoint ${loop.lengthSeconds}`, ...again.flat(), ''].join('\n');
}

/** Decoding, filters and encoding on a fixed number of threads: the memory bound is measured for them. */
const THREADS = String(FFMPEG_VIDEO_THREADS);

/**
 * The ffmpeg arguments that make a rendition of a master (pure: the render and its tests share it).
 * With `loop`, they make only the picture of the master's first `lengthSeconds`, with a keyframe
 * where the intro ends and no B-frames, so that it can be cut at any frame and looped by copying
 * (loopedArgs).
 */
export function renditionArgs(master: string, output: string, spec: RenditionSpec, loop?: MasterLoop): string[] {
  const logo = spec.format === 'branded' && spec.logoFile ? ['-i', spec.logoFile] : [];
  return [
    ...['-filter_complex_threads', THREADS, '-threads', THREADS, '-i', master, ...logo],
    ...['-filter_complex', videoFilter(spec), '-map', '[v]'],
    ...(loop ? ['-t', String(loop.lengthSeconds), '-an'] : ['-map', '0:a?']),
    ...['-threads', THREADS, ...PICTURE_CODEC[spec.container]],
    ...(loop ? ['-bf', '0', '-force_key_frames', String(loop.introSeconds)] : B_FRAMES[spec.container]),
    ...(loop ? [] : SOUND_CODEC[spec.container]),
    ...['-progress', 'pipe:1', '-nostats', ...MUXER[spec.container], output],
  ];
}

/**
 * The ffmpeg arguments that play a looped rendition to its length: the picture's loopList copied as
 * it was encoded, the master's own loopList for the sound, encoded (a few per cent of the picture's cost).
 */
export function loopedArgs(pictureList: string, soundList: string, output: string, container: Container, loop: MasterLoop): string[] {
  const concat = ['-f', 'concat', '-safe', '0', '-i'];
  return [
    ...[...concat, pictureList, ...concat, soundList, '-map', '0:v', '-map', '1:a?', '-t', String(loop.toSeconds)],
    ...['-c:v', 'copy', ...SOUND_CODEC[container]],
    ...['-progress', 'pipe:1', '-nostats', ...MUXER[container], output],
  ];
}

/**
 * How long a render may take: 30 s to start and 4 s a second of master, ten times what a 1080p MXF
 * render takes here (3.6x realtime); a render past it is stuck or fed a bomb, and is stopped.
 */
export const renderTimeoutMs = (durationSeconds: number) => (30 + 4 * Math.max(0, durationSeconds)) * 1000;

type RenderInput = {
  master: string;
  output: string;
  durationSeconds: number;
  spec: RenditionSpec;
  /** A master shorter than the file asked for, played to its length (`durationSeconds` is then the file's). */
  loop?: MasterLoop;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/**
 * Renders a rendition, reporting progress (0–100) from ffmpeg's `-progress` output against the
 * master's duration; rejects with an FfmpegError when it fails, runs past renderTimeoutMs or out of
 * the video memory bound, and stops ffmpeg when the signal aborts (the worker stops). `timeoutMs`
 * replaces renderTimeoutMs (tests shorten it).
 */
export async function renderRendition(
  ffmpeg: string,
  input: RenderInput,
  onProgress: (percent: number) => void = () => undefined,
): Promise<void> {
  const { loop } = input;
  if (loop && loop.toSeconds > loop.lengthSeconds) await renderLooped(ffmpeg, { ...input, loop }, onProgress);
  else await runWithProgress(ffmpeg, renditionArgs(input.master, input.output, input.spec), input, input.durationSeconds, onProgress);
  onProgress(100);
}

/**
 * A looped master is encoded once: the picture of its first `lengthSeconds` (nine tenths of the
 * progress), then played to the length asked by copying (a 180-second demo story costs the encoding
 * of ten). The picture and the lists are written beside the output and removed with the render.
 */
async function renderLooped(
  ffmpeg: string,
  input: RenderInput & { loop: MasterLoop },
  onProgress: (percent: number) => void,
): Promise<void> {
  const { output, loop, spec } = input;
  const picture = `${output}.picture.${spec.container}`;
  const lists = { picture: `${output}.picture.ffconcat`, sound: `${output}.sound.ffconcat` };
  try {
    const encoding = renditionArgs(input.master, picture, spec, loop);
    await runWithProgress(ffmpeg, encoding, input, loop.lengthSeconds, (percent) => onProgress(Math.floor(percent * 0.9)));
    await writeFile(lists.picture, loopList(picture, loop));
    await writeFile(lists.sound, loopList(input.master, loop));
    const looping = loopedArgs(lists.picture, lists.sound, output, spec.container, loop);
    await runWithProgress(ffmpeg, looping, input, loop.toSeconds, (percent) => onProgress(90 + Math.floor(percent / 10)));
  } finally {
    await Promise.all([picture, lists.picture, lists.sound].map((file) => rm(file, { force: true })));
  }
}

/** Runs ffmpeg with `args`, reporting how far it is (0–99) through `seconds` of output. */
async function runWithProgress(
  ffmpeg: string,
  args: string[],
  input: Pick<RenderInput, 'durationSeconds' | 'signal' | 'timeoutMs'>,
  seconds: number,
  onProgress: (percent: number) => void,
): Promise<void> {
  const { child, done } = spawnFfmpeg(ffmpeg, ['-loglevel', 'error', '-y', ...args], {
    timeoutMs: input.timeoutMs ?? renderTimeoutMs(input.durationSeconds),
    memoryBytes: FFMPEG_MEMORY.video,
    stdout: 'pipe',
    signal: input.signal,
  });
  let pending = '';
  let last = -1;
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (!match || seconds <= 0) continue;
      const percent = Math.min(99, Math.floor(Number(match[1]) / 1e4 / seconds));
      if (percent > last) onProgress((last = percent));
    }
  });
  await done;
}
