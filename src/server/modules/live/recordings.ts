import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { queuePush } from '../push/notify.ts';
import { videoMasters } from '../downloads/schema.ts';
import { FFMPEG_SHORT_TIMEOUT_MS, runFfmpeg, spawnFfmpeg } from '../media/ffmpeg.ts';
import { RECORD_FILE } from './hls-session.ts';
import { liveEventTags, liveEvents, liveRecordings } from './schema.ts';
import { lastSessionDir } from './stream.ts';
import { tags } from '../catalogue/schema.ts';

/**
 * Recording a finished event (issue: live events, "Recording"): its last session's whole stream is
 * remuxed to an MP4 (copied, `+faststart`), stored as the master of a new video project of the
 * catalogue (its title, tags and access), and recorded as the event's recording. The catalogue
 * then lists, plays and downloads it like any other video, under the download rules.
 */
export const RECORD_QUEUE = 'live.record';

type RecordDeps = Pick<JobDeps, 'db' | 'clock' | 'files'> & { jobs?: JobDeps['jobs'] };

/** The length of a media file in whole seconds, read from ffmpeg's own description of it (ffmpeg exits 1: no output asked). */
async function durationOf(ffmpeg: string, file: string): Promise<number> {
  const { child, done } = spawnFfmpeg(ffmpeg, ['-i', file], { timeoutMs: FFMPEG_SHORT_TIMEOUT_MS });
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await done.catch(() => undefined);
  const found = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
  return found ? Math.round(Number(found[1]) * 3600 + Number(found[2]) * 60 + Number(found[3])) : 0;
}

/** A remux copies: a minute, and a second more for every 10 MiB of stream, is far more than it takes. */
const remuxTimeoutMs = (bytes: number) => 60_000 + Math.ceil(bytes / (10 * 1024 * 1024)) * 1000;

export async function recordEvent(deps: RecordDeps, data: { eventId?: number }): Promise<Record<string, number>> {
  const { eventId } = data;
  const liveRoot = deps.files.liveRoot;
  if (eventId === undefined || !liveRoot) return { recorded: 0 };
  const [done] = await deps.db.select({ id: liveRecordings.id }).from(liveRecordings).where(eq(liveRecordings.eventId, eventId));
  const [event] = await deps.db.select().from(liveEvents).where(eq(liveEvents.id, eventId));
  if (done || !event || event.status !== 'finished') return { recorded: 0 };
  const dir = await lastSessionDir(liveRoot, eventId);
  const source = dir ? path.join(dir, RECORD_FILE) : null;
  if (!source || !existsSync(source)) return { recorded: 0 };

  await mkdir(deps.files.workDir, { recursive: true });
  const output = path.join(deps.files.workDir, `live-${eventId}-${randomUUID().slice(0, 8)}.mp4`);
  try {
    const { size } = await stat(source);
    await runFfmpeg(
      deps.files.ffmpeg,
      ['-i', source, '-map', '0', '-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', output],
      { timeoutMs: remuxTimeoutMs(size) },
    );
    const duration = await durationOf(deps.files.ffmpeg, output);
    const storageKey = `masters/live/${eventId}.mp4`;
    await deps.files.store.put(storageKey, output);
    const tagSlugs = await deps.db
      .select({ slug: tags.slug })
      .from(liveEventTags)
      .innerJoin(tags, eq(tags.id, liveEventTags.tagId))
      .where(eq(liveEventTags.eventId, eventId));
    const now = deps.clock.now();
    const [projectId] = await insertProjects(
      deps.db,
      [
        {
          projectId: `LIVE-${eventId}`,
          language: 'en',
          title: event.title,
          story: event.description,
          datelinePlace: event.location ?? undefined,
          datelineDate: event.startAt.toISOString().slice(0, 10),
          duration,
          freeAccess: event.access === 'free',
          limitType: event.access === 'pool' ? 'pool' : 'standard',
          tagSlugs: tagSlugs.map((tag) => tag.slug),
          publishedAt: now,
        },
      ],
      now,
    );
    if (projectId === undefined) throw new Error('the recording’s video was not recorded');
    await deps.db.transaction(async (tx) => {
      await tx.insert(videoMasters).values({ projectId, storageKey, durationSeconds: duration }).onConflictDoNothing();
      await tx.insert(liveRecordings).values({ eventId, projectId, durationSeconds: duration, createdAt: now }).onConflictDoNothing();
    });
    // A new video in its tags: their followers hear of it.
    await queuePush(deps, { kind: 'video', id: projectId });
    return { recorded: 1, seconds: duration };
  } finally {
    await rm(output, { force: true });
  }
}

/** One recording per event at a time; a remux of a long event may take minutes. */
export const recordJob: JobDefinition = {
  queue: RECORD_QUEUE,
  expireInSeconds: 3600,
  heartbeatSeconds: 30,
  key: (data) => ('eventId' in data ? String(data.eventId) : undefined),
  run: (deps, data) => recordEvent(deps, { eventId: 'eventId' in data && typeof data.eventId === 'number' ? data.eventId : undefined }),
};
