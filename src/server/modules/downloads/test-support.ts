import type { TestApp } from '../../test/harness.ts';
import { insertProjects } from '../catalogue/writer.ts';

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
