import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
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

/**
 * The demo's masters: the latest `count` projects get a generated 1080p master each (slate, moving
 * scene, lower third with their own title and dateline, sound), made one at a time after start-up
 * and kept in the store, so a restart makes none again. Every other project of the demo catalogue
 * shares them (DownloadFiles.sharedMasters).
 */
export async function seedDemoMasters(options: { db: Db; files: DownloadFiles; log: Log; count: number }): Promise<number> {
  const { db, files, log } = options;
  const projects = await db
    .select({ id: videoProjects.id, title: videoProjects.title, place: videoProjects.datelinePlace, date: videoProjects.datelineDate })
    .from(videoProjects)
    .orderBy(desc(videoProjects.publishedAt), desc(videoProjects.id))
    .limit(options.count);
  await mkdir(files.workDir, { recursive: true });
  let made = 0;
  for (const [index, project] of projects.entries()) {
    const [existing] = await db.select().from(videoMasters).where(eq(videoMasters.projectId, project.id));
    if (existing && (await files.store.size(existing.storageKey)) !== null) continue;
    const storageKey = `masters/demo-${project.id}.mp4`;
    const file = path.join(files.workDir, `demo-master-${project.id}.mp4`);
    await renderDemoMaster(
      files.ffmpeg,
      file,
      index,
      { title: project.title, dateline: slateDateline(project.place, project.date) },
      { seconds: SECONDS },
    );
    await files.store.put(storageKey, file);
    await db
      .insert(videoMasters)
      .values({ projectId: project.id, storageKey, durationSeconds: SECONDS })
      .onConflictDoUpdate({ target: videoMasters.projectId, set: { storageKey, durationSeconds: SECONDS } });
    made += 1;
  }
  if (made > 0) log.info({ made }, 'demo masters ready');
  return made;
}
