import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/** FFMPEG_PATH, else an `ffmpeg` on the PATH (usually newer), else the binary shipped by npm. */
export function resolveFfmpeg(configured: string | undefined): string {
  if (configured) return configured;
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0) return 'ffmpeg';
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Whether `nice` is there to run background work at the lowest CPU priority. */
let niceAvailable: boolean | undefined;

/**
 * Runs ffmpeg and rejects with its last lines of output when it fails. Background work (the demo's
 * generated media) runs at the lowest CPU priority, so it never slows what users are waiting for.
 */
export function runFfmpeg(ffmpeg: string, args: string[], options: { background?: boolean } = {}): Promise<void> {
  niceAvailable ??= spawnSync('nice', ['true'], { stdio: 'ignore' }).status === 0;
  const command = ['-hide_banner', '-loglevel', 'error', '-y', ...args];
  const [program, programArgs] = options.background && niceAvailable ? ['nice', ['-n', '19', ffmpeg, ...command]] : [ffmpeg, command];
  return new Promise((resolve, reject) => {
    const child = spawn(program, programArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors.trim()}`))));
  });
}
