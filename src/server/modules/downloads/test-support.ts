import type { TestApp } from '../../test/harness.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { renditions } from './schema.ts';
import { renditionKey } from './service.ts';

export type MaterialKind = 'free' | 'pool' | 'paid';

/** `n` published 20 s videos of a kind: free, pool, or paid (standard), each with a project id of its own. */
export async function videosOf(t: TestApp, kind: MaterialKind, n = 1): Promise<number[]> {
  const label = Math.random().toString(36).slice(2, 9);
  return insertProjects(
    t.database.db,
    Array.from({ length: n }, (_, i) => ({
      projectId: `DL-${label}-${i}`,
      language: 'en' as const,
      title: `Download test ${kind} ${label} ${i}`,
      datelineDate: '2026-11-20',
      duration: 20,
      freeAccess: kind === 'free',
      limitType: kind === 'pool' ? 'pool' : 'standard',
      publishedAt: new Date('2026-11-20T12:00:00Z'),
    })),
    t.services.clock.now(),
  );
}

/** One video of a kind. */
export async function videoOf(t: TestApp, kind: MaterialKind): Promise<number> {
  const [id] = await videosOf(t, kind);
  if (id === undefined) throw new Error('no video');
  return id;
}

/** The video's clean HD MP4 as if already rendered: its row in the renditions cache (the file itself is not read). */
export async function madeRendition(t: TestApp, projectId: number, sizeBytes = 1024): Promise<string> {
  const key = renditionKey(projectId, { quality: 'hd', file_type: 'mp4', video_format: 'clean', brand_position: 'bottom_right' });
  await t.database.db
    .insert(renditions)
    .values({ renditionKey: key, projectId, storageKey: `renditions/${key}.mp4`, sizeBytes, createdAt: t.services.clock.now() });
  return key;
}
