import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { listedProject } from '../catalogue/filters.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { videoMasters } from '../downloads/schema.ts';
import { storyboards } from './schema.ts';

/**
 * Where storyboards are found and asked for (issue 28, "Previews you can scrub"): the queue that
 * makes them (storyboard-render.ts), their place in the store, the addresses the API serves them at
 * (storyboard-routes.ts) and the look-up the video answer makes.
 */
export const STORYBOARD_QUEUE = 'media.storyboard';

export const STORYBOARD_FILES = { vtt: 'storyboard.vtt', sprite: 'sprite.jpg' } as const;
export type StoryboardFile = (typeof STORYBOARD_FILES)[keyof typeof STORYBOARD_FILES];

/** A storyboard's files in the store: under a token of its own, so a remade one never overwrites what is served. */
export const storyboardKey = (token: string, file: StoryboardFile) => `storyboards/${token}/${file}`;

/** Where the API serves a project's storyboard file; the VTT names the sprite relative to itself. */
export const storyboardPath = (projectId: number, token: string, file: StoryboardFile) =>
  `/media/storyboards/${projectId}/${token}/${file}`;

/** Asks for a master's storyboard; a run for the same master waiting already does it (the queue's key). */
export async function queueStoryboard(jobs: Pick<JobSender, 'send'> | undefined, masterKey: string): Promise<void> {
  await jobs?.send(STORYBOARD_QUEUE, { masterKey });
}

/**
 * Asks for the storyboards of masters that have none yet, at most `limit` of them (start-up: the
 * demo's masters, and those stored before storyboards existed). Answers how many were asked for.
 */
export async function queueMissingStoryboards(db: Db, jobs: Pick<JobSender, 'send'>, limit = 500): Promise<number> {
  const missing = await db
    .selectDistinct({ masterKey: videoMasters.storageKey })
    .from(videoMasters)
    .leftJoin(storyboards, eq(storyboards.masterKey, videoMasters.storageKey))
    .where(isNull(storyboards.id))
    .limit(limit);
  for (const { masterKey } of missing) await queueStoryboard(jobs, masterKey);
  return missing.length;
}

/** The storyboard of a project's master (whether or not the project is listed), or null. */
export async function storyboardOfProject(db: Db, projectId: number) {
  const [found] = await db
    .select({ token: storyboards.token, intervalSeconds: storyboards.intervalSeconds, tiles: storyboards.tiles })
    .from(videoMasters)
    .innerJoin(storyboards, eq(storyboards.masterKey, videoMasters.storageKey))
    .where(eq(videoMasters.projectId, projectId));
  return found ?? null;
}

/** The address of a project's storyboard VTT for the video answer, or null when its master has none. */
export async function storyboardUrl(db: Db, projectId: number): Promise<string | null> {
  const found = await storyboardOfProject(db, projectId);
  return found ? storyboardPath(projectId, found.token, STORYBOARD_FILES.vtt) : null;
}

/**
 * Whether a listed project's master has the storyboard of this token: what serving its files asks
 * (a withheld or killed story's pictures are not shown, as its page is not).
 */
export async function servedStoryboard(db: Db, projectId: number, token: string): Promise<boolean> {
  const [found] = await db
    .select({ id: storyboards.id })
    .from(videoProjects)
    .innerJoin(videoMasters, eq(videoMasters.projectId, videoProjects.id))
    .innerJoin(storyboards, eq(storyboards.masterKey, videoMasters.storageKey))
    .where(and(eq(videoProjects.id, projectId), listedProject, eq(storyboards.token, token)));
  return found !== undefined;
}
