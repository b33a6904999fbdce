import { FFMPEG_SHORT_TIMEOUT_MS, spawnFfmpeg } from './ffmpeg.ts';

/**
 * A media file's length in seconds (fractions kept), read from ffmpeg's own description of it, or 0
 * when it says none. ffmpeg exits 1 here (no output asked), which is expected: only its words count.
 * ffmpeg rather than ffprobe, for the npm package ships no ffprobe.
 */
export async function mediaDurationSeconds(ffmpeg: string, file: string, signal?: AbortSignal): Promise<number> {
  const { child, done } = spawnFfmpeg(ffmpeg, ['-i', file], { timeoutMs: FFMPEG_SHORT_TIMEOUT_MS, signal });
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await done.catch(() => undefined);
  const found = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
  return found ? Number(found[1]) * 3600 + Number(found[2]) * 60 + Number(found[3]) : 0;
}
