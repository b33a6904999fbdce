import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Probe } from '../../../../common/newsroom.ts';
import type { IngestStage } from '../../../../common/newsroom-ingest.ts';
import type { DownloadFiles } from '../../downloads/files.ts';
import { drawArgs } from '../../live/event-images.ts';
import { PLACEHOLDER_SIZES, type PlaceholderSize } from '../../live/placeholder.ts';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { renderRendition } from '../../media/renditions.ts';

/** Frames of the animated preview a list card cycles through on hover. */
export const ANIMATED_FRAMES = 8;
/** The poster is the thumbnail of this size. */
export const POSTER_SIZE: PlaceholderSize = '960x540';

export type Artefacts = {
  masterKey: string;
  previewKey: string;
  posterKey: string;
  thumbnailKeys: Record<string, string>;
  animatedKeys: string[];
};

/**
 * Store keys of an item's files. Previews live in `previews/` (served at /media/clips/ as the demo's
 * clips are) under the item's unguessable token, so an unpublished story's pictures cannot be found
 * by counting ids.
 */
export function artefactKeys(token: string, extension: string) {
  const base = `ingest-${token}`;
  return {
    master: `masters/${base}.${extension}`,
    preview: `previews/${base}.mp4`,
    thumbnail: (size: string) => `previews/${base}-${size}.jpg`,
    animated: (n: number) => `previews/${base}-anim-${n}.jpg`,
  };
}

/** The extension a master keeps: its own when it is a plain one, else `bin`. */
export function masterExtension(filename: string | null): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  return ext ?? 'bin';
}

type Progress = (stage: IngestStage, percent: number) => Promise<void>;

/**
 * Makes from a probed master what the catalogue needs, with the functions downloads and the live
 * desk already use: the master kept in the store where renders read masters, a 360p clean MP4
 * preview (the renditions' own render), the poster and thumbnails in the spec's sizes from one frame
 * (the live events' picture sizes), and the animated preview's frames. Each stage reports progress.
 */
export async function makeArtefacts(
  files: DownloadFiles,
  input: { master: string; token: string; filename: string | null; probe: Probe; signal?: AbortSignal },
  progress: Progress,
): Promise<Artefacts> {
  const keys = artefactKeys(input.token, masterExtension(input.filename));
  // Reports go out one after another, so a late one never moves the desk back to an earlier stage.
  let reports = Promise.resolve();
  const report = (stage: IngestStage, percent: number) => {
    reports = reports.then(() => progress(stage, percent)).catch(() => undefined);
    return reports;
  };
  const scratch = path.join(files.workDir, `ingest-${input.token}`);
  await mkdir(scratch, { recursive: true });
  try {
    await report('master', 0);
    await files.store.put(keys.master, input.master);
    await report('master', 100);

    await report('preview', 0);
    const preview = path.join(scratch, 'preview.mp4');
    let last = 0;
    await renderRendition(
      files.ffmpeg,
      {
        master: input.master,
        output: preview,
        durationSeconds: input.probe.duration_seconds,
        spec: { quality: 'md', container: 'mp4', format: 'clean' },
        signal: input.signal,
      },
      (percent) => {
        // Every ten per cent is enough for a progress bar, and spares the database.
        if (percent >= last + 10 || percent === 100) {
          last = percent;
          void report('preview', percent);
        }
      },
    );
    await files.store.put(keys.preview, preview);
    await report('preview', 100);

    await report('poster', 0);
    const sizes = Object.keys(PLACEHOLDER_SIZES) as PlaceholderSize[];
    const outputs = Object.fromEntries(sizes.map((size) => [size, path.join(scratch, `${size}.jpg`)])) as Record<PlaceholderSize, string>;
    // A tenth in (past a slate or a black first frame), at most ten seconds.
    const at = Math.min(10, input.probe.duration_seconds / 10).toFixed(3);
    await runFfmpeg(files.ffmpeg, ['-ss', at, ...drawArgs(input.master, outputs)], { signal: input.signal });
    const thumbnailKeys: Record<string, string> = {};
    for (const size of sizes) {
      thumbnailKeys[size] = keys.thumbnail(size);
      await files.store.put(keys.thumbnail(size), outputs[size]);
    }
    await report('poster', 100);
    await report('thumbnails', 100);

    await report('animated', 0);
    const [w, h] = PLACEHOLDER_SIZES.thumbnail;
    const every = input.probe.duration_seconds / ANIMATED_FRAMES;
    await runFfmpeg(
      files.ffmpeg,
      [
        ...['-i', input.master, '-an'],
        ...['-vf', `fps=1/${every.toFixed(4)},scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1`],
        ...['-frames:v', String(ANIMATED_FRAMES), '-q:v', '4', path.join(scratch, 'anim-%d.jpg')],
      ],
      { signal: input.signal, timeoutMs: 60_000 + input.probe.duration_seconds * 1000 },
    );
    const frames = (await readdir(scratch)).filter((name) => /^anim-\d+\.jpg$/.test(name)).sort((a, b) => frameNumber(a) - frameNumber(b));
    const animatedKeys: string[] = [];
    for (const [n, name] of frames.entries()) {
      animatedKeys.push(keys.animated(n + 1));
      await files.store.put(keys.animated(n + 1), path.join(scratch, name));
    }
    await report('animated', 100);
    return { masterKey: keys.master, previewKey: keys.preview, posterKey: keys.thumbnail(POSTER_SIZE), thumbnailKeys, animatedKeys };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const frameNumber = (name: string) => Number(/(\d+)/.exec(name)?.[1] ?? 0);
