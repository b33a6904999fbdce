import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { FFMPEG_MEMORY, spawnFfmpeg } from '../media/ffmpeg.ts';

/**
 * The demo's live picture (issue: live events, "Demo"): ffmpeg's test source with a running clock
 * and a slate, pushed to the demo live event's ingest like a newsroom's encoder would, at the
 * lowest CPU priority. When it stops it is started again after a pause, until `stop`.
 */
export type DemoPublisher = { stop(): void };

const RESTART_MS = 3000;

/**
 * A bold sans-serif font file where systems keep one. drawtext is given the file itself: given a
 * font's name it asks Fontconfig, which prints its warnings (a static ffmpeg has no Fontconfig
 * configuration) on every start, past `-loglevel error` (issue 28).
 */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/local/share/fonts/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  '/Library/Fonts/Arial Bold.ttf',
  'C:/Windows/Fonts/arialbd.ttf',
];
let fontFile: string | null | undefined;
function boldFont(): string | null {
  fontFile ??= FONT_FILES.find((file) => existsSync(file)) ?? null;
  return fontFile;
}

/**
 * The demo's picture, and a small one (LIVE_DEMO_PUBLISHER=small) for the browser tests' server: at
 * 640x360 and 25 frames a second the publisher took 13% of a core all through the suite, on 2 cores
 * shared with two browsers; 320x180 at 10 frames a second takes 5% (docs/performance.md, issue 26).
 * A keyframe every second either way, as the ingest's 1 s HLS segments are cut at keyframes.
 */
export const DEMO_PICTURES = {
  standard: { width: 640, height: 360, rate: 25, bitrate: '800k' },
  small: { width: 320, height: 180, rate: 10, bitrate: '200k' },
} as const;
export type DemoPicture = keyof typeof DEMO_PICTURES;

/** The slate and the clock, written with the font file and drawn to the picture's height; without a font, the slate's band alone. */
export function publisherOverlay(title: string, font: string | null = boldFont(), height = 360): string {
  const slate = title.replace(/[\\':%]/g, ' ');
  const px = (at360: number) => Math.round((at360 * height) / 360);
  const band = `drawbox=x=0:y=ih-${px(64)}:w=iw:h=${px(64)}:color=0x0d1b2a@0.85:t=fill`;
  if (!font) return band;
  const fontfile = `fontfile='${font.replace(/\\/g, '/').replace(/:/g, '\\:')}'`;
  return [
    band,
    `drawtext=${fontfile}:text='${slate}':fontsize=${px(18)}:fontcolor=white:x=${px(24)}:y=h-${px(46)}`,
    `drawtext=${fontfile}:text='LIVE %{localtime\\:%H\\\\\\:%M\\\\\\:%S}':fontsize=${px(22)}:fontcolor=0xff4d5e:x=w-tw-${px(24)}:y=h-${px(46)}`,
  ].join(',');
}

export function publisherArgs(url: string, title: string, picture: DemoPicture = 'standard'): string[] {
  const { width, height, rate, bitrate } = DEMO_PICTURES[picture];
  const overlay = publisherOverlay(title, boldFont(), height);
  return [
    ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${rate}`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:beep_factor=4'],
    ...['-vf', overlay, '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', String(rate), '-pix_fmt', 'yuv420p'],
    ...['-b:v', bitrate, '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', url],
  ];
}

export function startDemoPublisher(options: {
  ffmpeg: string;
  url: string;
  title: string;
  picture?: DemoPicture;
  log(message: string): void;
}): DemoPublisher {
  let child: ChildProcess | null = null;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    try {
      // It runs until stopped (no timeout), with the server (parent-death signal), in the memory of video work.
      ({ child } = spawnFfmpeg(options.ffmpeg, publisherArgs(options.url, options.title, options.picture), {
        timeoutMs: null,
        memoryBytes: FFMPEG_MEMORY.video,
        background: true,
      }));
    } catch (error) {
      // The server is stopping: no more pictures.
      options.log(`demo publisher: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // ffmpeg's errors, line by line; Fontconfig's chatter, should a system still print it, is not one.
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim() !== '' && !/^Fontconfig (warning|error)/.test(line)) options.log(`demo publisher: ${line.trim()}`);
      }
    });
    child.on('error', (error) => options.log(`demo publisher: ${error.message}`));
    child.on('exit', () => {
      child = null;
      if (!stopped) setTimeout(run, RESTART_MS).unref();
    });
  };
  run();
  return {
    stop() {
      stopped = true;
      child?.kill('SIGTERM');
    },
  };
}
