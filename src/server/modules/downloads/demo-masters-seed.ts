import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, exists, gt, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEMO_FILE_MAX_SECONDS } from '../catalogue/data/demo-length.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { DEMO_SLATE_SECONDS, renderDemoMaster } from '../media/demo-masters.ts';
import type { MasterLoop } from '../media/renditions.ts';
import type { DownloadFiles } from './files.ts';
import { videoMasters } from './schema.ts';

/** The length of each generated demo footage: a 1080p file takes 10–20 s to make here. */
const SECONDS = 10;
/**
 * The length a demo story's file is rendered at: its listing's, which the demo catalogue keeps
 * within DEMO_FILE_MAX_SECONDS (a listing stored longer is brought to it, listDemoStoriesAtFileLength).
 */
const fileSeconds = (listed: number) => Math.max(1, Math.min(listed, DEMO_FILE_MAX_SECONDS));
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "BERLIN · 23 NOV 2026" from a project's dateline place and date (YYYY-MM-DD). */
export function slateDateline(place: string, date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const when = year && month && day ? `${day} ${MONTHS[month - 1] ?? ''} ${year}` : date;
  return `${place.toUpperCase()} · ${when}`;
}

type Log = { info(details: object, message: string): void; warn(details: object, message: string): void };

const DEMO_KEY = /^masters\/demo-\d+\.mp4$/;

/**
 * How a render plays a demo master to its story's length: the generated footage is ten seconds
 * (slate, then the scene), the project's master row records the listed length (capped), and the
 * render loops the scene to it. Any other master is rendered as it is.
 */
export function demoMasterLoop(master: { storageKey: string; durationSeconds: number }): MasterLoop | undefined {
  if (!DEMO_KEY.test(master.storageKey) || master.durationSeconds <= SECONDS) return undefined;
  return { lengthSeconds: SECONDS, introSeconds: DEMO_SLATE_SECONDS, toSeconds: master.durationSeconds };
}

/**
 * The demo's masters: the latest `count` projects without a master of their own get a generated 1080p master each (slate, moving
 * scene, lower third with their own title and dateline, sound), made one at a time and kept in the
 * store (S3 when configured), so a second run makes none again. Every other project of the demo
 * catalogue without a master is given one of those, by its id, in `video_masters`: a worker finds
 * a demo project's master as it finds any other, in the database and the shared store, whatever its
 * configuration or DATA_DIR. The scratch file of each render is removed once stored.
 */
export async function seedDemoMasters(options: {
  db: Db;
  files: Pick<DownloadFiles, 'store' | 'ffmpeg' | 'workDir'>;
  log: Log;
  count: number;
}): Promise<number> {
  const { db, files, log } = options;
  const projects = await db
    .select({
      id: videoProjects.id,
      title: videoProjects.title,
      place: videoProjects.datelinePlace,
      date: videoProjects.datelineDate,
      duration: videoProjects.duration,
    })
    .from(videoProjects)
    // Not a story with footage of its own (a recording, the newsroom's): one made before this runs
    // (a live event recorded in the first minutes) would otherwise take the demo's place, and no
    // demo master would be made for the others to share.
    .leftJoin(videoMasters, eq(videoMasters.projectId, videoProjects.id))
    .where(or(isNull(videoMasters.projectId), like(videoMasters.storageKey, 'masters/demo-%')))
    .orderBy(desc(videoProjects.publishedAt), desc(videoProjects.id))
    .limit(options.count);
  await mkdir(files.workDir, { recursive: true });
  const demoKeys = new Set<string>();
  let made = 0;
  for (const [index, project] of projects.entries()) {
    const [existing] = await db.select().from(videoMasters).where(eq(videoMasters.projectId, project.id));
    if (existing && (await files.store.size(existing.storageKey)) !== null) {
      // A story's own master (the newsroom's, a recording) is kept, and shared with no one.
      if (DEMO_KEY.test(existing.storageKey)) demoKeys.add(existing.storageKey);
      continue;
    }
    const storageKey = `masters/demo-${project.id}.mp4`;
    const file = path.join(files.workDir, `demo-master-${project.id}.mp4`);
    try {
      await renderDemoMaster(
        files.ffmpeg,
        file,
        index,
        { title: project.title, dateline: slateDateline(project.place, project.date), listedSeconds: fileSeconds(project.duration) },
        { seconds: SECONDS },
      );
      await files.store.put(storageKey, file);
    } finally {
      await rm(file, { force: true });
    }
    const durationSeconds = fileSeconds(project.duration);
    await db
      .insert(videoMasters)
      .values({ projectId: project.id, storageKey, durationSeconds })
      .onConflictDoUpdate({ target: videoMasters.projectId, set: { storageKey, durationSeconds } });
    demoKeys.add(storageKey);
    made += 1;
  }
  const shared = await shareDemoMasters(db, [...demoKeys].sort());
  const shortened = await listDemoStoriesAtFileLength(db);
  const relisted = await listDemoMastersAtStoryLength(db);
  if (made > 0 || shared > 0 || shortened > 0 || relisted > 0) log.info({ made, shared, shortened, relisted }, 'demo masters ready');
  return made;
}

/**
 * Demo stories listed longer than their file can be (a catalogue seeded before the demo's listing
 * was kept within DEMO_FILE_MAX_SECONDS, issue 28) are listed at that length: their cards, pages and
 * download estimates then say what the download gives. Only stories whose master is demo footage
 * are touched; answers how many changed.
 */
async function listDemoStoriesAtFileLength(db: Db): Promise<number> {
  const demoFootage = db
    .select({ id: videoMasters.projectId })
    .from(videoMasters)
    .where(and(eq(videoMasters.projectId, videoProjects.id), like(videoMasters.storageKey, 'masters/demo-%')));
  const changed = await db
    .update(videoProjects)
    .set({ duration: DEMO_FILE_MAX_SECONDS })
    .where(and(gt(videoProjects.duration, DEMO_FILE_MAX_SECONDS), exists(demoFootage)))
    .returning({ id: videoProjects.id });
  return changed.length;
}

/**
 * Demo master rows recorded before files followed their story's length (ten seconds each) get
 * their story's length, capped; answers how many changed. Only demo footage is touched.
 */
async function listDemoMastersAtStoryLength(db: Db): Promise<number> {
  const length = sql<number>`least(greatest(${videoProjects.duration}, 1), ${sql.raw(String(DEMO_FILE_MAX_SECONDS))})`;
  const changed = await db
    .update(videoMasters)
    .set({ durationSeconds: length })
    .from(videoProjects)
    .where(
      and(
        eq(videoProjects.id, videoMasters.projectId),
        like(videoMasters.storageKey, 'masters/demo-%'),
        ne(videoMasters.durationSeconds, length),
      ),
    )
    .returning({ id: videoMasters.projectId });
  return changed.length;
}

/** Gives each project without a master one of the demo's, chosen by its id; answers how many. */
async function shareDemoMasters(db: Db, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const without = await db
    .select({ id: videoProjects.id, duration: videoProjects.duration })
    .from(videoProjects)
    .leftJoin(videoMasters, eq(videoMasters.projectId, videoProjects.id))
    .where(isNull(videoMasters.projectId));
  let shared = 0;
  for (let start = 0; start < without.length; start += 500) {
    const rows = without
      .slice(start, start + 500)
      .map(({ id, duration }) => ({ projectId: id, storageKey: keys[id % keys.length] ?? '', durationSeconds: fileSeconds(duration) }));
    shared += (await db.insert(videoMasters).values(rows).onConflictDoNothing().returning({ id: videoMasters.projectId })).length;
  }
  return shared;
}
