import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { STORYBOARD_TILE, storyboardLayout, storyboardVtt, type StoryboardLayout } from '../../../common/storyboard.ts';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { mediaDurationSeconds } from './duration.ts';
import { FFMPEG_MEMORY, FFMPEG_VIDEO_THREADS, runFfmpeg } from './ffmpeg.ts';
import { storyboards } from './schema.ts';
import { STORYBOARD_FILES, STORYBOARD_QUEUE, storyboardKey } from './storyboards.ts';

/**
 * Tiles this far apart or more are taken from key frames only (`-skip_frame nokey`): a 66-minute
 * recording then decodes in seconds rather than minutes, and a key frame (every 1–2 s in live
 * recordings and the demo's masters, rarely past 10 s anywhere) is as good a picture of ten seconds.
 */
export const KEYFRAMES_ONLY_FROM_SECONDS = 10;

/**
 * The ffmpeg arguments that make the sprite in one pass (pure: the job and its tests share it): one
 * picture every interval (`fps`, which keeps the last frame of each interval centred on a multiple
 * of it: tile i shows the picture at about (i + ½) × interval, inside its cue), each scaled into a
 * 160x90 tile and letterboxed (`scale`, `pad`), laid out on the grid (`tile`), written as one JPEG.
 * Sound and other streams are not read.
 */
export function storyboardArgs(master: string, sprite: string, layout: StoryboardLayout): string[] {
  const { width, height } = STORYBOARD_TILE;
  const threads = String(FFMPEG_VIDEO_THREADS);
  const filter = [
    `fps=1/${layout.intervalSeconds}`,
    `scale=${width}:${height}:force_original_aspect_ratio=decrease:flags=bicubic`,
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black`,
    'setsar=1',
    `tile=${layout.columns}x${layout.rows}`,
  ].join(',');
  return [
    ...(layout.intervalSeconds >= KEYFRAMES_ONLY_FROM_SECONDS ? ['-skip_frame', 'nokey'] : []),
    ...['-threads', threads, '-i', master],
    ...['-map', '0:v:0', '-an', '-sn', '-dn', '-vf', filter],
    ...['-frames:v', '1', '-update', '1', '-q:v', '4', '-f', 'image2', sprite],
  ];
}

/** A storyboard reads the whole master once: a minute to start, and a second a second of master, far more than it takes. */
export const storyboardTimeoutMs = (durationSeconds: number) => (60 + Math.max(0, durationSeconds)) * 1000;

export type StoryboardDeps = Pick<JobDeps, 'db' | 'clock' | 'files'> & { caches?: JobDeps['caches']; signal?: AbortSignal };

/**
 * Makes a master's storyboard (a job: run again, it makes nothing more): the master is fetched from
 * the store into the work folder, its length read, the sprite drawn by ffmpeg and the VTT written,
 * both stored under a new token, then recorded in `storyboards` (the video answer then names it).
 * A master no longer in the store makes nothing. Every process's cached video answers are dropped,
 * so the storyboard shows at once.
 */
export async function makeStoryboard(deps: StoryboardDeps, data: { masterKey?: string }): Promise<Record<string, number>> {
  const { masterKey } = data;
  if (!masterKey) return { made: 0 };
  const { store, ffmpeg, workDir } = deps.files;
  const [existing] = await deps.db.select().from(storyboards).where(eq(storyboards.masterKey, masterKey));
  if (existing && (await store.size(storyboardKey(existing.token, STORYBOARD_FILES.sprite))) !== null) return { made: 0, already: 1 };
  if ((await store.size(masterKey)) === null) return { made: 0, missing: 1 };

  const token = randomBytes(8).toString('hex');
  const work = path.join(workDir, `storyboard-${token}`);
  await mkdir(work, { recursive: true });
  try {
    const master = path.join(work, `master${path.extname(masterKey) || '.mp4'}`);
    await pipeline(store.read(masterKey), createWriteStream(master));
    const duration = await mediaDurationSeconds(ffmpeg, master, deps.signal);
    const layout = storyboardLayout(duration);
    const sprite = path.join(work, STORYBOARD_FILES.sprite);
    const vtt = path.join(work, STORYBOARD_FILES.vtt);
    await runFfmpeg(ffmpeg, storyboardArgs(master, sprite, layout), {
      timeoutMs: storyboardTimeoutMs(duration),
      memoryBytes: FFMPEG_MEMORY.video,
      // Nobody waits for it: it gives way to renders and requests.
      background: true,
      signal: deps.signal,
    });
    await writeFile(vtt, storyboardVtt(layout, duration));
    // The sprite first: a VTT is never served before the picture it points at.
    await store.put(storyboardKey(token, STORYBOARD_FILES.sprite), sprite);
    await store.put(storyboardKey(token, STORYBOARD_FILES.vtt), vtt);
    const row = {
      token,
      intervalSeconds: layout.intervalSeconds,
      tiles: layout.tiles,
      durationMs: Math.round(duration * 1000),
      createdAt: deps.clock.now(),
    };
    await deps.db
      .insert(storyboards)
      .values({ masterKey, ...row })
      .onConflictDoUpdate({ target: storyboards.masterKey, set: row });
    if (existing) {
      await store.remove(storyboardKey(existing.token, STORYBOARD_FILES.vtt));
      await store.remove(storyboardKey(existing.token, STORYBOARD_FILES.sprite));
    }
    deps.caches?.invalidate('catalogue');
    return { made: 1, tiles: layout.tiles };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * One run per master at a time (keyed by its storage key). A long recording's storyboard takes a
 * while at the lowest priority: a lost run is found by its missing heartbeat, and redone.
 */
export const storyboardJob: JobDefinition = {
  queue: STORYBOARD_QUEUE,
  expireInSeconds: 3 * 3600,
  heartbeatSeconds: 30,
  key: (data) => ('masterKey' in data && typeof data.masterKey === 'string' ? data.masterKey : undefined),
  run: (deps, data, signal) =>
    makeStoryboard(
      { db: deps.db, clock: deps.clock, files: deps.files, caches: deps.caches, signal },
      { masterKey: 'masterKey' in data && typeof data.masterKey === 'string' ? data.masterKey : undefined },
    ),
};
