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

/** MP4: H.264 and AAC, web-ready; MXF: broadcast MPEG-2 4:2:2 at 50 Mb/s with 48 kHz 24-bit PCM. */
function codecArgs(container: Container): string[] {
  if (container === 'mp4')
    return [
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ar',
      '48000',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
    ];
  return [
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
    '-bf',
    '2',
    '-c:a',
    'pcm_s24le',
    '-ar',
    '48000',
    '-f',
    'mxf',
  ];
}

/**
 * A short master played to a longer length (the demo's footage, downloads/demo-masters-seed.ts):
 * its first `lengthSeconds` whole, then again and again without its first `introSeconds` (the
 * slate), until `toSeconds`.
 */
export type MasterLoop = { lengthSeconds: number; introSeconds: number; toSeconds: number };

/**
 * The ffconcat list that plays `master` as `loop` says. Each entry's in and out points fix its
 * length exactly, so the passes join without drift (the container's length is a few hundredths
 * over the picture's); the intro ends on a keyframe in the demo footage, where a cut starts one.
 */
export function loopList(master: string, loop: MasterLoop): string {
  const file = `file '${master.replace(/'/g, "'\\''")}'`;
  const passes = Math.max(0, Math.ceil((loop.toSeconds - loop.lengthSeconds) / (loop.lengthSeconds - loop.introSeconds)));
  const again = Array.from({ length: passes }, () => [file, `inpoint ${loop.introSeconds}`, `outpoint ${loop.lengthSeconds}`]);
  return ['ffconcat version 1.0', file, `outpoint ${loop.lengthSeconds}`, ...again.flat(), ''].join('\n');
}

/**
 * The ffmpeg arguments that make a rendition of a master (pure: the render and its tests share it).
 * With `loop`, `master` is the loopList of the master, and the file is cut at the length asked.
 */
export function renditionArgs(master: string, output: string, spec: RenditionSpec, loop?: MasterLoop): string[] {
  // Decoding, filters and encoding on a fixed number of threads: the memory bound is measured for them.
  const threads = String(FFMPEG_VIDEO_THREADS);
  const source = loop ? ['-f', 'concat', '-safe', '0'] : [];
  const inputs = [
    '-threads',
    threads,
    ...source,
    '-i',
    master,
    ...(spec.format === 'branded' && spec.logoFile ? ['-i', spec.logoFile] : []),
  ];
  return [
    '-filter_complex_threads',
    threads,
    ...inputs,
    '-filter_complex',
    videoFilter(spec),
    '-map',
    '[v]',
    '-map',
    '0:a?',
    ...(loop ? ['-t', String(loop.toSeconds)] : []),
    '-threads',
    threads,
    ...codecArgs(spec.container),
    '-progress',
    'pipe:1',
    '-nostats',
    output,
  ];
}

/**
 * How long a render may take: 30 s to start and 4 s a second of master, ten times what a 1080p MXF
 * render takes here (3.6x realtime); a render past it is stuck or fed a bomb, and is stopped.
 */
export const renderTimeoutMs = (durationSeconds: number) => (30 + 4 * Math.max(0, durationSeconds)) * 1000;

/**
 * Renders a rendition, reporting progress (0–100) from ffmpeg's `-progress` output against the
 * master's duration; rejects with an FfmpegError when it fails, runs past renderTimeoutMs or out of
 * the video memory bound, and stops ffmpeg when the signal aborts (the worker stops). `timeoutMs`
 * replaces renderTimeoutMs (tests shorten it).
 */
export async function renderRendition(
  ffmpeg: string,
  input: {
    master: string;
    output: string;
    durationSeconds: number;
    spec: RenditionSpec;
    /** A master shorter than the file asked for, played to its length (`durationSeconds` is then the file's). */
    loop?: MasterLoop;
    signal?: AbortSignal;
    timeoutMs?: number;
  },
  onProgress: (percent: number) => void = () => undefined,
): Promise<void> {
  // A looped master is read through its list, written beside the output and removed with the render.
  const list = input.loop ? `${input.output}.loop.ffconcat` : null;
  if (list && input.loop) await writeFile(list, loopList(input.master, input.loop));
  const args = renditionArgs(list ?? input.master, input.output, input.spec, input.loop);
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
      if (!match || input.durationSeconds <= 0) continue;
      const percent = Math.min(99, Math.floor(Number(match[1]) / 1e4 / input.durationSeconds));
      if (percent > last) onProgress((last = percent));
    }
  });
  try {
    await done;
  } finally {
    if (list) await rm(list, { force: true });
  }
  onProgress(100);
}
