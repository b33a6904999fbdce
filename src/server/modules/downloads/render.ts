import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { renderRendition, type RenditionSpec } from '../media/renditions.ts';
import { renditions, videoMasters, videoRequests } from './schema.ts';
import type { FileStore } from './storage.ts';

export type RenderDeps = {
  db: Db;
  clock: Clock;
  store: FileStore;
  ffmpeg: string;
  /** A scratch folder for renders in progress. */
  workDir: string;
  /** The agency credit burnt into credit files. */
  credit: string;
  /** The logo of branded files (the customer's own once logos are uploaded). */
  logoFile?: string;
  /** Told of each request's progress, to tell its user (the transcoding channel). */
  progress?: (request: { id: number; userId: number }, percent: number) => void;
};

const STEP = 10;

/**
 * Makes the file of a rendition key once (a job: run twice, it renders nothing more): the first
 * request waiting for it says what to render; the master comes from the store; the result goes to
 * the store and the renditions cache, and every request waiting for that key becomes ready. A
 * missing master fails those requests at once, as no retry would find it.
 */
export async function renderRequested(deps: RenderDeps, data: { renditionKey?: string }): Promise<Record<string, number>> {
  const key = data.renditionKey;
  if (!key) return { rendered: 0, ready: 0 };
  const waiting = await deps.db
    .select()
    .from(videoRequests)
    .where(and(eq(videoRequests.renditionKey, key), eq(videoRequests.state, 'transcoding')));
  const [first] = waiting;
  if (!first) return { rendered: 0, ready: 0 };
  const [cached] = await deps.db.select().from(renditions).where(eq(renditions.renditionKey, key));
  if (cached) return { rendered: 0, ready: await markReady(deps, key) };

  const [master] = await deps.db.select().from(videoMasters).where(eq(videoMasters.projectId, first.projectId));
  if (!master || (await deps.store.size(master.storageKey)) === null) {
    await deps.db
      .update(videoRequests)
      .set({ state: 'failed', error: 'master_missing', updatedAt: deps.clock.now() })
      .where(and(eq(videoRequests.renditionKey, key), eq(videoRequests.state, 'transcoding')));
    return { rendered: 0, ready: 0, failed: waiting.length };
  }
  const spec: RenditionSpec = {
    quality: first.quality,
    container: first.container,
    format: first.format,
    position: first.brandPosition ?? undefined,
    logoFile: deps.logoFile,
    credit: deps.credit,
  };
  await mkdir(deps.workDir, { recursive: true });
  const source = path.join(deps.workDir, `${key}.master${path.extname(master.storageKey)}`);
  const output = path.join(deps.workDir, `${key}.${first.container}`);
  try {
    await copyOut(deps.store, master.storageKey, source);
    let told = -STEP;
    await renderRendition(deps.ffmpeg, { master: source, output, durationSeconds: master.durationSeconds, spec }, (percent) => {
      if (percent < told + STEP && percent < 100) return;
      told = percent;
      for (const request of waiting) deps.progress?.({ id: request.id, userId: request.userId }, percent);
      void deps.db
        .update(videoRequests)
        .set({ progress: percent })
        .where(and(eq(videoRequests.renditionKey, key), eq(videoRequests.state, 'transcoding')))
        .catch(() => undefined);
    });
    const storageKey = `renditions/${key.slice(0, 2)}/${key}.${first.container}`;
    await deps.store.put(storageKey, output);
    const size = (await deps.store.size(storageKey)) ?? 0;
    await deps.db
      .insert(renditions)
      .values({ renditionKey: key, projectId: first.projectId, storageKey, sizeBytes: size, createdAt: deps.clock.now() })
      .onConflictDoNothing();
  } finally {
    await rm(source, { force: true });
    await rm(output, { force: true });
  }
  return { rendered: 1, ready: await markReady(deps, key) };
}

async function markReady(deps: RenderDeps, key: string): Promise<number> {
  const ready = await deps.db
    .update(videoRequests)
    .set({ state: 'ready', progress: 100, updatedAt: deps.clock.now() })
    .where(and(eq(videoRequests.renditionKey, key), eq(videoRequests.state, 'transcoding')))
    .returning({ id: videoRequests.id });
  return ready.length;
}

/** The master as a local file for ffmpeg (a bucket's object is fetched; a folder's is copied). */
async function copyOut(store: FileStore, key: string, file: string) {
  await pipeline(store.read(key), createWriteStream(file));
}
