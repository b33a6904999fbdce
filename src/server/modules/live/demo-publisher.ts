import type { ChildProcess } from 'node:child_process';
import { FFMPEG_MEMORY, spawnFfmpeg } from '../media/ffmpeg.ts';

/**
 * The demo's live picture (issue: live events, "Demo"): ffmpeg's test source with a running clock
 * and a slate, pushed to the demo live event's ingest like a newsroom's encoder would, at the
 * lowest CPU priority. When it stops it is started again after a pause, until `stop`.
 */
export type DemoPublisher = { stop(): void };

const RESTART_MS = 3000;

function publisherArgs(url: string, title: string): string[] {
  const slate = title.replace(/[\\':%]/g, ' ');
  const font = `fontfile='DejaVu Sans\\:style=Bold'`;
  const overlay = [
    `drawbox=x=0:y=ih-64:w=iw:h=64:color=0x0d1b2a@0.85:t=fill`,
    `drawtext=${font}:text='${slate}':fontsize=18:fontcolor=white:x=24:y=h-46`,
    `drawtext=${font}:text='LIVE %{localtime\\:%H\\\\\\:%M\\\\\\:%S}':fontsize=22:fontcolor=0xff4d5e:x=w-tw-24:y=h-46`,
  ].join(',');
  return [
    ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:beep_factor=4'],
    ...['-vf', overlay, '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '800k', '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', url],
  ];
}

export function startDemoPublisher(options: { ffmpeg: string; url: string; title: string; log(message: string): void }): DemoPublisher {
  let child: ChildProcess | null = null;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    try {
      // It runs until stopped (no timeout), with the server (parent-death signal), in the memory of video work.
      ({ child } = spawnFfmpeg(options.ffmpeg, publisherArgs(options.url, options.title), {
        timeoutMs: null,
        memoryBytes: FFMPEG_MEMORY.video,
        background: true,
      }));
    } catch (error) {
      // The server is stopping: no more pictures.
      options.log(`demo publisher: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    child.stderr?.on('data', (chunk: Buffer) => options.log(`demo publisher: ${chunk.toString().trim()}`));
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
