import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isRunning } from '../../test/processes.ts';
import { FFMPEG_MEMORY, FfmpegError, resolveFfmpeg, resumeFfmpegRunsForTests, runFfmpeg, spawnFfmpeg, stopFfmpegRuns } from './ffmpeg.ts';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
const hasPrlimit = spawnSync('prlimit', ['--version'], { stdio: 'ignore' }).status === 0;
const MIB = 1024 * 1024;

/** An input that never ends, read at its own pace: only a timeout or a stop ends it. */
const endless = ['-re', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'null', '-'];
/** One 6000 × 6000 RGBA frame: about 380 MiB of memory, a second of work. */
const bigFrame = ['-f', 'lavfi', '-i', 'color=c=red:size=6000x6000', '-frames:v', '1', '-pix_fmt', 'rgba', '-f', 'rawvideo', '/dev/null'];

/** How a run ended: 'succeeded', or its FfmpegError's reason and message. */
async function outcome(done: Promise<void>): Promise<'succeeded' | { reason: string; message: string }> {
  return done.then(
    () => 'succeeded' as const,
    (error: unknown) => {
      if (!(error instanceof FfmpegError)) throw error;
      return { reason: error.reason, message: error.message };
    },
  );
}
const reasonOf = async (done: Promise<void>) => {
  const ended = await outcome(done);
  return ended === 'succeeded' ? ended : ended.reason;
};

describe('every ffmpeg run is bounded (issue: security, media bombs)', () => {
  it('a run past its timeout is killed and reported as such', async () => {
    const started = Date.now();
    const { child, done } = spawnFfmpeg(ffmpeg, endless, { timeoutMs: 1000 });
    const ended = await outcome(done);
    expect(ended).toEqual({ reason: 'timeout', message: 'ffmpeg ran longer than its 1 s and was stopped' });
    // Killed, not left running: at most a few seconds on a busy machine.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(isRunning(child.pid)).toBe(false);
  }, 30_000);

  it('runFfmpeg stops at its timeout too (short work: 60 s unless it says otherwise)', async () => {
    expect(await reasonOf(runFfmpeg(ffmpeg, endless, { timeoutMs: 500 }))).toBe('timeout');
  }, 30_000);

  it.skipIf(!hasPrlimit)(
    'a run past its memory bound fails instead of taking the memory; under a bound big enough it succeeds',
    async () => {
      const bounded = await outcome(runFfmpeg(ffmpeg, bigFrame, { memoryBytes: 400 * MIB }));
      expect(bounded === 'succeeded' ? bounded : bounded.reason).toBe('memory');
      expect(bounded === 'succeeded' ? bounded : bounded.message).toMatch(/^ffmpeg ran out of its 400 MiB memory bound/);
      expect(await outcome(runFfmpeg(ffmpeg, bigFrame, { memoryBytes: FFMPEG_MEMORY.video }))).toBe('succeeded');
    },
    30_000,
  );

  it('a failure says what ffmpeg said', async () => {
    const ended = await outcome(runFfmpeg(ffmpeg, ['-i', '/nonexistent/master.mp4', '-f', 'null', '-']));
    expect(ended === 'succeeded' ? ended : ended.reason).toBe('failed');
    expect(ended === 'succeeded' ? ended : ended.message).toMatch(/No such file or directory/);
  });

  it('an aborted signal stops the run', async () => {
    const abort = new AbortController();
    const { child, done } = spawnFfmpeg(ffmpeg, endless, { timeoutMs: null, signal: abort.signal });
    setTimeout(() => abort.abort(), 300);
    expect(await reasonOf(done)).toBe('stopped');
    expect(isRunning(child.pid)).toBe(false);
  }, 30_000);

  // Last: once stopped, this process starts no more ffmpeg.
  it('stopping (the server shutting down) ends every run, however long it was allowed, and refuses new ones', async () => {
    const runs = [
      spawnFfmpeg(ffmpeg, endless, { timeoutMs: null }),
      spawnFfmpeg(ffmpeg, endless, { timeoutMs: 600_000, background: true }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stopFfmpegRuns();
    for (const run of runs) {
      expect(await reasonOf(run.done)).toBe('stopped');
      expect(isRunning(run.child.pid)).toBe(false);
    }
    try {
      expect(() => spawnFfmpeg(ffmpeg, endless, { timeoutMs: 1000 })).toThrow(FfmpegError);
      expect(await reasonOf(runFfmpeg(ffmpeg, endless))).toBe('stopped');
    } finally {
      resumeFfmpegRunsForTests();
    }
  }, 30_000);
});
