import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The ffprobe beside an ffmpeg (the npm package ships none: probing then needs one on the PATH). */
export function ffprobeBeside(ffmpeg: string): string {
  return ffmpeg === 'ffmpeg' ? 'ffprobe' : ffmpeg.replace(/ffmpeg(\.exe)?$/, 'ffprobe$1');
}

/** Whether an executable of this name is in one of the PATH's folders (looked up, not run: running ffmpeg takes half a second). */
function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((folder) => {
    try {
      accessSync(path.join(folder || '.', name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** FFMPEG_PATH, else an `ffmpeg` on the PATH (usually newer), else the binary shipped by npm. */
export function resolveFfmpeg(configured: string | undefined): string {
  if (configured) return configured;
  if (onPath('ffmpeg')) return 'ffmpeg';
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

const MIB = 1024 * 1024;

/**
 * Address-space bounds of one ffmpeg run (what `prlimit --as` can bound; resident memory stays well
 * under them). Measured on Debian's ffmpeg 5.1 with glibc's arenas capped at 2: a 4096 px logo drawn
 * on one thread needs under 384 MiB; a 1080p H.264 render on 4 threads about 1 GiB, an MXF one 512
 * MiB. A 12,000 px SVG asked for 635 MiB before it was refused by its header.
 */
export const FFMPEG_MEMORY = { image: 512 * MIB, video: 2048 * MIB } as const;
/** What short work (a picture, a probe, a remux of seconds) may take before it is stopped. */
export const FFMPEG_SHORT_TIMEOUT_MS = 60_000;
/** Video work runs on at most this many threads, so its memory bound holds on a machine of many cores. */
export const FFMPEG_VIDEO_THREADS = 4;
/** After SIGTERM, ffmpeg gets this long to close its files before SIGKILL. */
const STOP_GRACE_MS = 2_000;

export type FfmpegOptions = {
  /**
   * Stopped (SIGKILL) after this long. Null only for supervised runs that last as long as what they
   * serve (a live ingest, the demo's publisher): they end with the server instead.
   */
  timeoutMs: number | null;
  /** The run's address-space bound where `prlimit` exists; default FFMPEG_MEMORY.video. */
  memoryBytes?: number;
  /** Lowest CPU priority (`nice -n 19`): work nobody is waiting for, such as the demo's media. */
  background?: boolean;
  /** Aborting it stops the run (SIGTERM, then SIGKILL): a job whose worker stops. */
  signal?: AbortSignal;
  /** `pipe` to read ffmpeg's standard output (`-progress pipe:1`); ignored by default. */
  stdout?: 'pipe' | 'ignore';
  /** `pipe` to feed ffmpeg's input (`-i pipe:0`, the live ingest's FLV); none by default. */
  stdin?: 'pipe' | 'ignore';
  /** `ffprobe` (given as the program) takes no `-nostdin`: only `-hide_banner` goes first. */
  tool?: 'ffmpeg' | 'ffprobe';
};

export type FfmpegFailure = 'failed' | 'timeout' | 'memory' | 'stopped';

/** Why a run did not succeed, with ffmpeg's last words where they say something. */
export class FfmpegError extends Error {
  readonly reason: FfmpegFailure;
  constructor(reason: FfmpegFailure, message: string) {
    super(message);
    this.name = 'FfmpegError';
    this.reason = reason;
  }
}

export type FfmpegRun = {
  /** ffmpeg itself (the wrappers before it exec it, so its pid is ffmpeg's); stderr is piped. */
  child: ChildProcess;
  /** Settles when ffmpeg exits: resolved on success, else rejected with an FfmpegError saying why. */
  done: Promise<void>;
};

type Tools = { setpriv: boolean; prlimit: boolean; nice: boolean };
let tools: Tools | undefined;
const works = (program: string, args: string[]) => spawnSync(program, args, { stdio: 'ignore' }).status === 0;
/** util-linux's setpriv and prlimit (Linux); where missing (macOS) runs go without, as before. */
function toolsHere(): Tools {
  tools ??= {
    setpriv: works('setpriv', ['--pdeathsig', 'KILL', '--', 'true']),
    prlimit: works('prlimit', ['--as=1073741824', '--', 'true']),
    nice: works('nice', ['true']),
  };
  return tools;
}

/** Every ffmpeg this process started and that has not exited: the server's shutdown ends them. */
const running = new Set<ChildProcess>();
const endedBy = new WeakMap<ChildProcess, 'timeout' | 'stopped'>();
let stopping = false;
let exitHookInstalled = false;
/** Runs (ffprobe's too) that ended since this process started, by how: this process's metrics. */
const finished: Record<'ok' | FfmpegFailure, number> = { ok: 0, failed: 0, timeout: 0, memory: 0, stopped: 0 };

/** This process's ffmpeg runs: how many run now, and how many ended, by outcome (modules/metrics). */
export function ffmpegRunCounts(): { running: number; finished: Readonly<Record<'ok' | FfmpegFailure, number>> } {
  return { running: running.size, finished };
}

/** The command line: die with this process, bounded memory (glibc's arenas capped so the bound measures real use), priority. */
function commandLine(ffmpeg: string, args: string[], options: FfmpegOptions): { program: string; argv: string[]; bounded: boolean } {
  const here = toolsHere();
  const prefix: string[] = [];
  if (here.setpriv) prefix.push('setpriv', '--pdeathsig', 'KILL', '--');
  const bounded = here.prlimit;
  if (bounded) prefix.push('prlimit', `--as=${options.memoryBytes ?? FFMPEG_MEMORY.video}`, '--', 'env', 'MALLOC_ARENA_MAX=2');
  if (options.background && here.nice) prefix.push('nice', '-n', '19');
  const lead = options.tool === 'ffprobe' ? ['-hide_banner'] : ['-hide_banner', '-nostdin'];
  const [program = ffmpeg, ...argv] = [...prefix, ffmpeg, ...lead, ...args];
  return { program, argv, bounded };
}

function end(child: ChildProcess, why: 'timeout' | 'stopped') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (!endedBy.has(child)) endedBy.set(child, why);
  // Out of time: nothing it writes is wanted. Stopped: SIGTERM lets it close its files first.
  if (why === 'timeout') {
    child.kill('SIGKILL');
    return;
  }
  child.kill('SIGTERM');
  setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), STOP_GRACE_MS).unref();
}

/** What ffmpeg and its libraries say when an allocation, a thread's stack or a library's mapping is refused. */
const MEMORY_WORDS =
  /cannot allocate memory|malloc of size \d+ failed|out of memory|bad_alloc|resource temporarily unavailable|failed to map segment/i;
const CRASHES = new Set(['SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGTRAP']);

function failureOf(
  child: ChildProcess,
  code: number | null,
  signal: string | null,
  errors: string,
  options: FfmpegOptions,
  bounded: boolean,
) {
  const said = errors.trim();
  const why = endedBy.get(child);
  if (why === 'timeout')
    return new FfmpegError('timeout', `ffmpeg ran longer than its ${(options.timeoutMs ?? 0) / 1000} s and was stopped`);
  if (why === 'stopped') return new FfmpegError('stopped', 'ffmpeg was stopped: the server is shutting down or the job was stopped');
  // Under an address-space bound a failed allocation is an error message, or a crash of a library that does not check.
  if (bounded && (MEMORY_WORDS.test(said) || (signal !== null && CRASHES.has(signal))))
    return new FfmpegError(
      'memory',
      `ffmpeg ran out of its ${Math.round((options.memoryBytes ?? FFMPEG_MEMORY.video) / MIB)} MiB memory bound: ${said}`,
    );
  return new FfmpegError('failed', `ffmpeg exited with ${code ?? signal}: ${said}`);
}

/**
 * Starts ffmpeg the one way every part of the platform should (live ingest, restreams and recordings
 * included): with a timeout (or, for supervised runs, none), an address-space bound (`prlimit --as`),
 * a parent-death signal so it dies with this process even on SIGKILL (`setpriv --pdeathsig KILL`),
 * and a place in the registry the server's shutdown ends (`stopFfmpegRuns`). `-hide_banner -nostdin`
 * come first; the caller's arguments follow. Once the process is stopping, it refuses (throws an
 * FfmpegError 'stopped').
 */
export function spawnFfmpeg(ffmpeg: string, args: string[], options: FfmpegOptions): FfmpegRun {
  if (stopping) throw new FfmpegError('stopped', 'ffmpeg was not started: the server is shutting down');
  if (options.signal?.aborted) throw new FfmpegError('stopped', 'ffmpeg was not started: the job was stopped');
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // The last word on a forced exit (process.exit while runs are still going).
    process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
  }
  const { program, argv, bounded } = commandLine(ffmpeg, args, options);
  const child = spawn(program, argv, { stdio: [options.stdin ?? 'ignore', options.stdout ?? 'ignore', 'pipe'] });
  running.add(child);
  const timer = options.timeoutMs === null ? undefined : setTimeout(() => end(child, 'timeout'), options.timeoutMs);
  const onAbort = () => end(child, 'stopped');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const done = new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (running.delete(child)) finished[error instanceof FfmpegError ? error.reason : error ? 'failed' : 'ok'] += 1;
      if (error) reject(error);
      else resolve();
    };
    child.once('error', (error) => settle(new FfmpegError('failed', `ffmpeg could not start: ${error.message}`)));
    child.once('close', (code, signal) => settle(code === 0 ? undefined : failureOf(child, code, signal, errors, options, bounded)));
  });
  // A caller that supervises the child by its events need not await `done`: its failure is not unhandled.
  done.catch(() => undefined);
  return { child, done };
}

/**
 * Runs ffmpeg to the end (`-loglevel error -y` added); rejects with an FfmpegError saying why it
 * failed. Short work by default: FFMPEG_SHORT_TIMEOUT_MS and the video memory bound.
 */
export function runFfmpeg(ffmpeg: string, args: string[], options: Partial<FfmpegOptions> = {}): Promise<void> {
  try {
    return spawnFfmpeg(ffmpeg, ['-loglevel', 'error', '-y', ...args], {
      ...options,
      timeoutMs: options.timeoutMs ?? FFMPEG_SHORT_TIMEOUT_MS,
    }).done;
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Ends every ffmpeg this process started (SIGTERM, SIGKILL after 2 s) and refuses new ones: the
 * first step of the server's and the worker's shutdown, so renders and previews never outlive them.
 */
export async function stopFfmpegRuns(): Promise<void> {
  stopping = true;
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('close', () => resolve());
          end(child, 'stopped');
        }),
    ),
  );
}

/**
 * Tests only: lets this process start ffmpeg again after stopFfmpegRuns, for the server's test
 * files share one process (vitest.config.ts) and the next file's renders must run.
 */
export function resumeFfmpegRunsForTests(): void {
  stopping = false;
}
