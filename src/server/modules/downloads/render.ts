import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { CHANNELS } from '../../../common/realtime.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { RULE_DELIVERY_QUEUE } from '../integration/rule-delivery-queue.ts';
import { DELIVER_QUEUE } from './ftp-delivery.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { FfmpegError } from '../media/ffmpeg.ts';
import { startMediaWork, type MediaWork } from '../media/media-work.ts';
import { renderRendition, renderTimeoutMs, type RenditionSpec } from '../media/renditions.ts';
import type { Broadcast } from '../realtime/broadcaster.ts';
import { userStream } from '../realtime/channels.ts';
import { announceNotices, keepNotices } from '../notice-centre/service.ts';
import { fileNotice, titlesOf } from './file-notices.ts';
import { demoMasterLoop } from './demo-masters-seed.ts';
import { downloadName, signedFileUrl, type DownloadFiles } from './files.ts';
import { raiseDownloadsReady } from '../integration/webhook-events.ts';
import { returnCharges } from './quotas.ts';
import { renditions, videoMasters, videoRequests } from './schema.ts';
import type { FileStore } from './storage.ts';

export type RenderDeps = {
  db: Db;
  clock: Clock;
  files: DownloadFiles;
  /** Tells each waiting user of progress and the end (the transcoding channel). */
  broadcast?: Broadcast;
  /** Queues the uploads of ready files to customers' servers, and a render that waits for its user's media work again. */
  jobs?: JobSender;
  /** Aborts the render when the worker stops. */
  signal?: AbortSignal;
  /** How long a render of a master may take (default renderTimeoutMs); tests shorten it. */
  renderTimeoutMs?: (durationSeconds: number) => number;
};

export const RENDER_QUEUE = 'downloads.render';
/** A render whose users all have their media work going asks again this much later (a queued wait). */
export const RENDER_DEFER_SECONDS = 5;
/** A render's place in its user's media work lasts this long unless renewed, as it is every 20 s while it runs. */
const WORK_LEASE_SECONDS = 60;
const WORK_RENEW_MS = 20_000;

const STEP = 10;
/**
 * A master not found is looked for again, from the first request, this long before the requests
 * fail: at a first start the demo's masters are still being made and given out, and a store may
 * be catching up. Without a queue to look again with, the requests fail at once.
 */
export const MASTER_WAIT_MS = 3 * 60_000;
const waitingFor = (key: string) => and(eq(videoRequests.renditionKey, key), eq(videoRequests.state, 'transcoding'));

/**
 * Makes the file of a rendition key once (a job: run twice, it renders nothing more): the first
 * request waiting for it says what to render; the master comes from the store; the result goes to
 * the store and the renditions cache, and every request waiting for that key becomes ready, its user
 * told with a link. A missing master is looked for again for MASTER_WAIT_MS, then fails them, and so
 * does a render stopped for running past its time or out of its memory bound (a retry would too).
 * The render takes a place in the media work of one of the users waiting for it; when they all have
 * theirs taken, it is queued again a little later and the requests wait.
 */
export async function renderRequested(deps: RenderDeps, data: { renditionKey?: string }): Promise<Record<string, number>> {
  const key = data.renditionKey;
  if (!key) return { rendered: 0, ready: 0 };
  const waiting = await deps.db.select().from(videoRequests).where(waitingFor(key)).orderBy(asc(videoRequests.id));
  const [first] = waiting;
  if (!first) return { rendered: 0, ready: 0 };
  const [cached] = await deps.db.select().from(renditions).where(eq(renditions.renditionKey, key));
  if (cached) return { rendered: 0, ready: await markReady(deps, key, cached.storageKey) };

  const master = await masterOf(deps, first.projectId);
  if (!master) {
    if (deps.jobs && deps.clock.now().getTime() - first.createdAt.getTime() < MASTER_WAIT_MS) {
      await deps.jobs.send(RENDER_QUEUE, { renditionKey: key }, { startAfterSeconds: RENDER_DEFER_SECONDS });
      return { rendered: 0, ready: 0, deferred: 1 };
    }
    return { rendered: 0, ready: 0, failed: await failRequests(deps, key, 'master_missing') };
  }
  const work = await startRenderWork(deps, waiting);
  if (!work) {
    await deps.jobs?.send(RENDER_QUEUE, { renditionKey: key }, { startAfterSeconds: RENDER_DEFER_SECONDS });
    return { rendered: 0, ready: 0, deferred: 1 };
  }
  // A missed renewal (the database busy for a moment) is made good by the next: the lease outlasts two.
  const renewing = setInterval(() => void work.renew().catch(() => undefined), WORK_RENEW_MS);
  try {
    const storageKey = await renderFile(deps, first, master, key);
    return { rendered: 1, ready: await markReady(deps, key, storageKey) };
  } catch (error) {
    if (!(error instanceof FfmpegError) || (error.reason !== 'timeout' && error.reason !== 'memory')) throw error;
    return {
      rendered: 0,
      ready: 0,
      failed: await failRequests(deps, key, error.reason === 'timeout' ? 'render_timeout' : 'render_too_big'),
    };
  } finally {
    clearInterval(renewing);
    await work.finish();
  }
}

/** A place in the media work of the first user waiting for the file who has one free, or null. */
async function startRenderWork(deps: RenderDeps, waiting: (typeof videoRequests.$inferSelect)[]): Promise<MediaWork | null> {
  for (const userId of new Set(waiting.map((row) => row.userId))) {
    const work = await startMediaWork(deps.db, { userId, kind: 'render', leaseSeconds: WORK_LEASE_SECONDS });
    if (work) return work;
  }
  return null;
}

/** Renders the file the first waiting request asks for into the store and the renditions cache; answers its storage key. */
async function renderFile(
  deps: RenderDeps,
  first: typeof videoRequests.$inferSelect,
  master: typeof videoMasters.$inferSelect,
  key: string,
): Promise<string> {
  const { workDir, store } = deps.files;
  await mkdir(workDir, { recursive: true });
  // Names of this attempt's own: an ffmpeg orphaned by a killed worker may still write its files.
  const attempt = `${key}.${randomUUID().slice(0, 8)}`;
  const source = path.join(workDir, `${attempt}.master${path.extname(master.storageKey)}`);
  const logo = path.join(workDir, `${attempt}.logo.png`);
  const output = path.join(workDir, `${attempt}.${first.container}`);
  const storageKey = `renditions/${key.slice(0, 2)}/${key}.${first.container}`;
  const spec: RenditionSpec = {
    quality: first.quality,
    container: first.container,
    format: first.format,
    position: first.brandPosition ?? undefined,
    logoFile: first.logoKey ? logo : deps.files.logoFile,
    credit: deps.files.credit,
  };
  try {
    await copyOut(store, master.storageKey, source);
    if (first.format === 'branded' && first.logoKey) await copyOut(store, first.logoKey, logo);
    let told = -STEP;
    const { durationSeconds } = master;
    const timeoutMs = (deps.renderTimeoutMs ?? renderTimeoutMs)(durationSeconds);
    // A demo story's ten-second footage is played to the story's length (demo-masters-seed.ts).
    const input = { master: source, output, durationSeconds, spec, loop: demoMasterLoop(master), signal: deps.signal, timeoutMs };
    await renderRendition(deps.files.ffmpeg, input, (percent) => {
      if (percent < told + STEP || percent >= 100) return;
      told = percent;
      void tellProgress(deps, key, percent);
    });
    await store.put(storageKey, output);
    const size = (await store.size(storageKey)) ?? 0;
    await deps.db
      .insert(renditions)
      .values({ renditionKey: key, projectId: first.projectId, storageKey, sizeBytes: size, createdAt: deps.clock.now() })
      .onConflictDoNothing();
    return storageKey;
  } finally {
    await rm(source, { force: true });
    await rm(logo, { force: true });
    await rm(output, { force: true });
  }
}

/**
 * The project's master: its own, else, where the catalogue shares the demo's generated masters
 * (`sharedMasters`), one of those chosen by the project's id; null when there is none in the store.
 */
async function masterOf(deps: RenderDeps, projectId: number) {
  const [own] = await deps.db.select().from(videoMasters).where(eq(videoMasters.projectId, projectId));
  let master = own;
  if (!master && deps.files.sharedMasters) {
    const [shared] = await deps.db.select({ n: count() }).from(videoMasters);
    const n = shared?.n ?? 0;
    if (n > 0)
      [master] = await deps.db
        .select()
        .from(videoMasters)
        .orderBy(asc(videoMasters.projectId))
        .limit(1)
        .offset(projectId % n);
  }
  if (!master || (await deps.files.store.size(master.storageKey)) === null) return null;
  return master;
}

async function tellProgress(deps: RenderDeps, key: string, percent: number) {
  const rows = await deps.db
    .update(videoRequests)
    .set({ progress: percent })
    .where(waitingFor(key))
    .returning({ id: videoRequests.id, userId: videoRequests.userId, projectId: videoRequests.projectId })
    .catch(() => []);
  for (const row of rows)
    deps.broadcast?.(CHANNELS.transcoding, userStream(row.userId), {
      type: 'progress',
      request_id: row.id,
      project_id: String(row.projectId),
      percent,
    });
}

async function markReady(deps: RenderDeps, key: string, storageKey: string): Promise<number> {
  const now = deps.clock.now();
  // Each user's "file ready" notice is kept with the change, so a file made ready is always told.
  const { ready, told } = await deps.db.transaction(async (tx) => {
    const rows = await tx.update(videoRequests).set({ state: 'ready', progress: 100, updatedAt: now }).where(waitingFor(key)).returning();
    const titles = await titlesOf(tx, rows);
    const notices = rows.map((row) => fileNotice(row, titles.get(row.projectId) ?? '', 'ready'));
    return { ready: rows, told: await keepNotices(tx, now, notices) };
  });
  if (ready.length === 0) return 0;
  announceNotices(deps.broadcast, told);
  const projectIds = [...new Set(ready.map((row) => row.projectId))];
  const slugs = new Map(
    (
      await deps.db
        .select({ id: videoProjects.id, slug: videoProjects.projectSlug })
        .from(videoProjects)
        .where(inArray(videoProjects.id, projectIds))
    ).map((row) => [row.id, row.slug]),
  );
  for (const row of ready) {
    // A file for the profile's server, or for an automatic delivery rule's destination (issue 30).
    if (row.delivery === 'waiting') await deps.jobs?.send(row.deliveryRuleId ? RULE_DELIVERY_QUEUE : DELIVER_QUEUE, { requestId: row.id });
    const name = downloadName(slugs.get(row.projectId) ?? '', row);
    deps.broadcast?.(CHANNELS.transcoding, userStream(row.userId), {
      type: 'completed',
      request_id: row.id,
      project_id: String(row.projectId),
      url: signedFileUrl(deps.files.secret, { key: storageKey, name, now, request: row.id, owner: row.userId }),
    });
  }
  // The customers' systems after the customers themselves, who are waiting at the page.
  await raiseDownloadsReady(deps, ready);
  return ready.length;
}

/**
 * Fails the requests waiting for a rendition (a missing master, the last retry failed): each
 * one's charge is given back and its user told (and a notice kept). Only requests still waiting change, so a second
 * call does nothing.
 */
export async function failRequests(deps: Pick<RenderDeps, 'db' | 'clock' | 'broadcast'>, key: string, error: string): Promise<number> {
  const { failed, told } = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(videoRequests)
      .set({ state: 'failed', error, updatedAt: deps.clock.now() })
      .where(waitingFor(key))
      .returning();
    await returnCharges(tx, rows, deps.clock.now());
    const titles = await titlesOf(tx, rows);
    const notices = rows.map((row) => fileNotice(row, titles.get(row.projectId) ?? '', 'failed'));
    return { failed: rows, told: await keepNotices(tx, deps.clock.now(), notices) };
  });
  announceNotices(deps.broadcast, told);
  for (const row of failed)
    deps.broadcast?.(CHANNELS.transcoding, userStream(row.userId), {
      type: 'failed',
      request_id: row.id,
      project_id: String(row.projectId),
    });
  return failed.length;
}

/** The master as a local file for ffmpeg (a bucket's object is fetched; a folder's is copied). */
async function copyOut(store: FileStore, key: string, file: string) {
  await pipeline(store.read(key), createWriteStream(file));
}
