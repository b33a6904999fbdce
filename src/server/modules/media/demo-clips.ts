import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { setPreviewVideo } from '../catalogue/writer.ts';
import { runFfmpeg } from './ffmpeg.ts';

/**
 * Abstract moving pictures made by ffmpeg's own sources: the demo needs playable previews, and we
 * ship no downloaded or copyrighted footage.
 */
const PATTERNS = [
  'testsrc2=size=640x360:rate=25',
  'mandelbrot=size=640x360:rate=25',
  'life=size=640x360:rate=25:mold=10:ratio=0.1:death_color=#0d1b2a:life_color=#c8102e',
  'cellauto=size=640x360:rate=25:rule=110',
  'smptehdbars=size=640x360:rate=25',
  'rgbtestsrc=size=640x360:rate=25',
];

/** A 6-second 360p clip takes a second or two here. */
const DEMO_CLIP_TIMEOUT_MS = 5 * 60_000;

/** A 6-second 360p MP4 (H.264, AAC tone) for a project, written atomically. */
export async function renderDemoClip(ffmpeg: string, file: string, index: number): Promise<void> {
  const pattern = PATTERNS[index % PATTERNS.length] ?? 'testsrc2=size=640x360:rate=25';
  const partial = `${file}.part.mp4`;
  await runFfmpeg(
    ffmpeg,
    [
      '-f',
      'lavfi',
      '-i',
      pattern,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${220 + (index % 8) * 55}:sample_rate=48000`,
      '-t',
      '6',
      '-vf',
      `hue=h=${(index * 47) % 360}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-shortest',
      '-movflags',
      '+faststart',
      partial,
    ],
    // At the lowest priority it may wait on everything else: generous, but not endless.
    { background: true, timeoutMs: DEMO_CLIP_TIMEOUT_MS },
  );
  await rename(partial, file);
}

/** Gives the latest `count` projects without a preview a clip; runs after start-up, off the request path. */
export async function generateDemoClips(options: { db: Db; storageDir: string; ffmpeg: string; log: FastifyBaseLogger; count: number }) {
  const dir = path.join(options.storageDir, 'previews');
  await mkdir(dir, { recursive: true });
  const projects = await options.db
    .select({ id: videoProjects.id, projectId: videoProjects.projectId })
    .from(videoProjects)
    .where(and(isNull(videoProjects.previewVideo)))
    .orderBy(desc(videoProjects.publishedAt))
    .limit(options.count);
  let made = 0;
  for (const [index, project] of projects.entries()) {
    const name = `${project.projectId}.mp4`;
    const file = path.join(dir, name);
    try {
      if (!existsSync(file)) await renderDemoClip(options.ffmpeg, file, index);
      await setPreviewVideo(options.db, project.id, name);
      made += 1;
    } catch (error) {
      options.log.warn({ err: error, project: project.projectId }, 'could not make a demo preview clip');
      return made;
    }
  }
  if (made) options.log.info({ made }, 'demo preview clips ready');
  return made;
}
