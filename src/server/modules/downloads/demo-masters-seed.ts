import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { renderDemoMaster } from '../media/demo-masters.ts';
import type { DownloadFiles } from './files.ts';
import { videoMasters } from './schema.ts';

const SECONDS = 10;
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
 * The demo's masters: the latest `count` projects get a generated 1080p master each (slate, moving
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
    .select({ id: videoProjects.id, title: videoProjects.title, place: videoProjects.datelinePlace, date: videoProjects.datelineDate })
    .from(videoProjects)
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
        { title: project.title, dateline: slateDateline(project.place, project.date) },
        { seconds: SECONDS },
      );
      await files.store.put(storageKey, file);
    } finally {
      await rm(file, { force: true });
    }
    await db
      .insert(videoMasters)
      .values({ projectId: project.id, storageKey, durationSeconds: SECONDS })
      .onConflictDoUpdate({ target: videoMasters.projectId, set: { storageKey, durationSeconds: SECONDS } });
    demoKeys.add(storageKey);
    made += 1;
  }
  const shared = await shareDemoMasters(db, [...demoKeys].sort());
  if (made > 0 || shared > 0) log.info({ made, shared }, 'demo masters ready');
  return made;
}

/** Gives each project without a master one of the demo's, chosen by its id; answers how many. */
async function shareDemoMasters(db: Db, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const without = await db
    .select({ id: videoProjects.id })
    .from(videoProjects)
    .leftJoin(videoMasters, eq(videoMasters.projectId, videoProjects.id))
    .where(isNull(videoMasters.projectId));
  let shared = 0;
  for (let start = 0; start < without.length; start += 500) {
    const rows = without
      .slice(start, start + 500)
      .map(({ id }) => ({ projectId: id, storageKey: keys[id % keys.length] ?? '', durationSeconds: SECONDS }));
    shared += (await db.insert(videoMasters).values(rows).onConflictDoNothing().returning({ id: videoMasters.projectId })).length;
  }
  return shared;
}
