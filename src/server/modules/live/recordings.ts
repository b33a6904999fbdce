import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { queuePush } from '../push/notify.ts';
import { videoMasters } from '../downloads/schema.ts';
import { mediaDurationSeconds } from '../media/duration.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { queueStoryboard } from '../media/storyboards.ts';
import { liveEventTags, liveEvents, liveRecordings } from './schema.ts';
import { publishedSessions, readStored, segmentName, sessionKey } from './sessions.ts';
import { tags } from '../catalogue/schema.ts';

/**
 * Recording a finished event (issue: live events, "Recording"): the segments its sessions stored
 * (sessions.ts), wherever they were packaged, joined and remuxed to an MP4 (copied, `+faststart`), stored as the master of a new video project of the
 * catalogue (its title, tags and access), and recorded as the event's recording. The catalogue
 * then lists, plays and downloads it like any other video, under the download rules.
 */
export const RECORD_QUEUE = 'live.record';

type RecordDeps = Pick<JobDeps, 'db' | 'clock' | 'files'> & { jobs?: JobDeps['jobs'] };

/** A remux copies: a minute, and a second more for every 10 MiB of stream, is far more than it takes. */
const remuxTimeoutMs = (bytes: number) => 60_000 + Math.ceil(bytes / (10 * 1024 * 1024)) * 1000;

/** Nothing to record: the job fails and says why, rather than "completing" with no recording. */
export class NothingRecorded extends Error {}

/**
 * The event's stored sessions as one local MPEG-TS file per session (a session's segments joined
 * as they were cut: MPEG-TS is made to be joined), in the order they started.
 */
async function gatherSessions(deps: RecordDeps, eventId: number, work: string): Promise<string[]> {
  const files: string[] = [];
  for (const session of await publishedSessions(deps.db, eventId)) {
    const file = path.join(work, `${session.id}.ts`);
    let joined = 0;
    const out = createWriteStream(file);
    try {
      for (let n = 0; n < session.segments; n += 1) {
        const bytes = await readStored(deps.files.store, sessionKey(eventId, session.id, segmentName(n)));
        if (bytes === null) continue; // lost before it was stored: the recording skips its second
        if (!out.write(bytes)) await once(out, 'drain');
        joined += 1;
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
    if (joined > 0) files.push(file);
  }
  return files;
}

/** ffmpeg's input of the recording: the one session, or every session one after the other (concat). */
async function recordingInput(work: string, sessions: string[]): Promise<string[]> {
  if (sessions.length === 1) return ['-i', sessions[0] ?? ''];
  const list = path.join(work, 'sessions.txt');
  await writeFile(list, sessions.map((file) => `file '${file.replace(/'/g, "'\\''")}'`).join('\n'));
  return ['-f', 'concat', '-safe', '0', '-i', list];
}

async function removeSessionFiles(deps: RecordDeps, eventId: number) {
  for (const session of await publishedSessions(deps.db, eventId)) {
    for (let n = 0; n < session.segments; n += 1) await deps.files.store.remove(sessionKey(eventId, session.id, segmentName(n)));
    await deps.files.store.remove(sessionKey(eventId, session.id, 'index.m3u8'));
  }
}

export async function recordEvent(deps: RecordDeps, data: { eventId?: number }): Promise<Record<string, number>> {
  const { eventId } = data;
  if (eventId === undefined) throw new NothingRecorded('no event to record');
  const [done] = await deps.db.select({ id: liveRecordings.id }).from(liveRecordings).where(eq(liveRecordings.eventId, eventId));
  const [event] = await deps.db.select().from(liveEvents).where(eq(liveEvents.id, eventId));
  if (done) return { recorded: 0, already: 1 };
  if (!event || event.status !== 'finished') throw new NothingRecorded(`live event ${eventId} is not finished`);

  const work = path.join(deps.files.workDir, `live-${eventId}-${randomUUID().slice(0, 8)}`);
  await mkdir(work, { recursive: true });
  const output = path.join(work, 'recording.mp4');
  try {
    const sessions = await gatherSessions(deps, eventId, work);
    if (sessions.length === 0) throw new NothingRecorded(`live event ${eventId} has no stored picture to record`);
    let size = 0;
    for (const file of sessions) size += (await stat(file)).size;
    await runFfmpeg(
      deps.files.ffmpeg,
      [...(await recordingInput(work, sessions)), '-map', '0', '-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', output],
      { timeoutMs: remuxTimeoutMs(size) },
    );
    const duration = Math.round(await mediaDurationSeconds(deps.files.ffmpeg, output));
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
    // The recording is the master now: the stored live segments are not needed any more.
    await removeSessionFiles(deps, eventId).catch(() => undefined);
    // Its storyboard, so the recording's page can be scrubbed (issue 28).
    await queueStoryboard(deps.jobs, storageKey);
    // A new video in its tags: their followers hear of it.
    await queuePush(deps, { kind: 'video', id: projectId });
    return { recorded: 1, seconds: duration };
  } finally {
    await rm(work, { recursive: true, force: true });
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
