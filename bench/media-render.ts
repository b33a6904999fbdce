/**
 * bench/media, renders: the platform's renderRendition next to the very same ffmpeg command
 * spawned bare, on a generated 20 s 1080p25 master.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { runFfmpeg } from '../src/server/modules/media/ffmpeg.ts';
import { writeFile } from 'node:fs/promises';
import { loopList, renderRendition, renditionArgs, type MasterLoop, type RenditionSpec } from '../src/server/modules/media/renditions.ts';
import { childCpuSeconds } from './media-cpu.ts';

export const MASTER_SECONDS = 20;

/**
 * A 20 s 1080p25 H.264/AAC master (about 8 Mb/s): ffmpeg's moving test pattern (a sweeping
 * gradient, a moving box and a running clock) and a 440 Hz tone.
 */
export async function makeMaster(ffmpeg: string, file: string): Promise<void> {
  await runFfmpeg(ffmpeg, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(MASTER_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-g', '50', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '192k', '-shortest', '-movflags', '+faststart', file],
  ]);
}

/** A 480x144 half-transparent PNG logo with a word on it. */
export async function makeLogo(ffmpeg: string, file: string): Promise<void> {
  await runFfmpeg(ffmpeg, [
    ...['-f', 'lavfi', '-i', 'color=c=0xc8102e@0.8:size=480x144,format=rgba'],
    ...['-vf', "drawtext=font='DejaVu Sans':text='AGENCY':fontsize=96:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2"],
    ...['-frames:v', '1', '-update', '1', file],
  ]);
}

/** The same command renderRendition runs, spawned directly: its progress output is read and dropped. */
export function renderBare(ffmpeg: string, master: string, output: string, spec: RenditionSpec): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...renditionArgs(master, output, spec)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bare ffmpeg exited with ${code}: ${errors.trim()}`))));
  });
}

export async function renderPlatform(ffmpeg: string, master: string, output: string, spec: RenditionSpec): Promise<number> {
  let last = -1;
  await renderRendition(ffmpeg, { master, output, durationSeconds: MASTER_SECONDS, spec }, (percent) => (last = percent));
  return last;
}

/** Wall-clock seconds, and the CPU seconds of the ffmpeg it ran (every render is a child of this process). */
export type Timing = { wall: number; cpu: number };

export async function timed(work: () => Promise<unknown>): Promise<Timing> {
  const cpu = await childCpuSeconds();
  const started = performance.now();
  await work();
  return { wall: (performance.now() - started) / 1000, cpu: (await childCpuSeconds()) - cpu };
}

/** What ffprobe says the output is: "codec WxH, N s", so a render that made the wrong file shows. */
export function describe(file: string): { codec: string; width: number; height: number; duration: number } {
  const probe = spawnSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  if (probe.status !== 0) throw new Error(`ffprobe failed on ${path.basename(file)}: ${probe.stderr}`);
  const parsed = JSON.parse(probe.stdout) as {
    streams?: { codec_name?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const stream = parsed.streams?.[0] ?? {};
  return {
    codec: stream.codec_name ?? '?',
    width: stream.width ?? 0,
    height: stream.height ?? 0,
    duration: Number(parsed.format?.duration ?? 0),
  };
}

export type Renders = { bare: Timing[]; platform: Timing[]; mxf: Timing[]; percentReported: number; looped: Looped };

const shown = (value: Timing | undefined) => (value ? `${value.wall.toFixed(2)} s (CPU ${value.cpu.toFixed(1)} s)` : '?');

/**
 * The master and a logo, then `runs` 720p branded renders bare and through renderRendition
 * (alternating which goes first, so neither always gets the colder or the warmer machine), then
 * `runs` 1080p MXF renders; the outputs are checked with ffprobe.
 */
export async function renders(ffmpeg: string, work: string, runs: number): Promise<Renders> {
  const master = path.join(work, 'master.mp4');
  const logo = path.join(work, 'logo.png');
  console.log(`making the master (${MASTER_SECONDS} s 1080p25 H.264/AAC) and the logo with ${ffmpeg} …`);
  await makeMaster(ffmpeg, master);
  await makeLogo(ffmpeg, logo);
  const branded: RenditionSpec = { quality: 'hd', container: 'mp4', format: 'branded', position: 'bottom_right', logoFile: logo };
  const result: Renders = { bare: [], platform: [], mxf: [], percentReported: 0, looped: { whole: [], once: [] } };
  const bare = () => timed(() => renderBare(ffmpeg, master, path.join(work, 'bare.mp4'), branded));
  const platform = () =>
    timed(async () => (result.percentReported = await renderPlatform(ffmpeg, master, path.join(work, 'platform.mp4'), branded)));
  for (let run = 0; run < runs; run += 1) {
    if (run % 2 === 0) {
      result.bare.push(await bare());
      result.platform.push(await platform());
    } else {
      result.platform.push(await platform());
      result.bare.push(await bare());
    }
    console.log(`  720p branded run ${run + 1}: bare ${shown(result.bare[run])}, renderRendition ${shown(result.platform[run])}`);
  }
  const mxf: RenditionSpec = { quality: 'full_hd', container: 'mxf', format: 'clean' };
  for (let run = 0; run < runs; run += 1) {
    result.mxf.push(await timed(() => renderPlatform(ffmpeg, master, path.join(work, 'platform.mxf'), mxf)));
    console.log(`  1080p MXF run ${run + 1}: ${shown(result.mxf[run])}`);
  }
  result.looped = await loopedRenders(ffmpeg, work, master, branded, runs);
  for (const [file, codec, height] of [
    ['bare.mp4', 'h264', 720],
    ['platform.mp4', 'h264', 720],
    ['platform.mxf', 'mpeg2video', 1080],
    ['looped-whole.mp4', 'h264', 720, LOOP.toSeconds],
    ['looped-once.mp4', 'h264', 720, LOOP.toSeconds],
  ] as const) {
    const made = describe(path.join(work, file));
    const seconds = file.startsWith('looped') ? LOOP.toSeconds : MASTER_SECONDS;
    if (made.codec !== codec || made.height !== height || Math.abs(made.duration - seconds) > 0.5)
      throw new Error(`${file} is ${made.codec} ${made.width}x${made.height}, ${made.duration} s`);
  }
  return result;
}

/** A demo story: ten seconds of footage (a two-second slate, then the scene) played to a minute. */
export const LOOP: MasterLoop = { lengthSeconds: 10, introSeconds: 2, toSeconds: 60 };

/** The looped renders: the former way (every second of the story encoded) and renderRendition's (encoded once, copied). */
export type Looped = { whole: Timing[]; once: Timing[] };

/**
 * A looped demo story's 720p branded rendition, `runs` times each way, alternating: encoded whole
 * from the master's loopList in one ffmpeg (how renders looped before 2026-12-02), and through
 * renderRendition, which encodes the footage's picture once and copies it to the story's length.
 */
export async function loopedRenders(ffmpeg: string, work: string, master: string, spec: RenditionSpec, runs: number): Promise<Looped> {
  const list = path.join(work, 'master.ffconcat');
  await writeFile(list, loopList(master, LOOP));
  const args = renditionArgs(list, path.join(work, 'looped-whole.mp4'), spec);
  args.splice(args.indexOf('-i'), 0, '-f', 'concat', '-safe', '0');
  args.splice(args.length - 1, 0, '-t', String(LOOP.toSeconds));
  const whole = () => timed(() => runFfmpeg(ffmpeg, args, { timeoutMs: null }));
  const once = () =>
    timed(() =>
      renderRendition(ffmpeg, { master, output: path.join(work, 'looped-once.mp4'), durationSeconds: LOOP.toSeconds, spec, loop: LOOP }),
    );
  const looped: Looped = { whole: [], once: [] };
  for (let run = 0; run < runs; run += 1) {
    const order = run % 2 === 0 ? [whole, once] : [once, whole];
    for (const render of order) (render === whole ? looped.whole : looped.once).push(await render());
    console.log(
      `  ${LOOP.toSeconds} s looped story, 720p branded run ${run + 1}: encoded whole ${shown(looped.whole[run])}, once ${shown(looped.once[run])}`,
    );
  }
  return looped;
}
