import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { IngestItem, IngestStage } from '../../../../common/newsroom-ingest.ts';
import type { MediaState, Probe } from '../../../../common/newsroom.ts';
import { CHANNELS } from '../../../../common/realtime.ts';
import type { JobDefinition, JobDeps } from '../../../jobs/definition.ts';
import { recordAudit } from '../../desk/audit.ts';
import { DESK_INGEST_STREAM } from '../../realtime/channels.ts';
import { contentItems, type ContentItemRow } from '../schema.ts';
import { queueStoryboard } from '../../media/storyboards.ts';
import { makeArtefacts } from './artefacts.ts';
import { checkWhole, MasterRefused, probeMaster } from './probe.ts';
import { contentItemMedia, type ContentItemMediaRow } from './schema.ts';
import { droppedObject, ingestStorage, settleDroppedObject, uploadedFile } from './storage.ts';

export const INGEST_QUEUE = 'newsroom.ingest';

/** Where a master waits: a finished tus upload, or a file (or object) claimed from the drop folder. */
export const ingestSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload'), id: z.string().regex(/^[\w-]{1,128}$/) }),
  z.object({ kind: z.literal('drop'), file: z.string().min(1) }),
  /** An object claimed from the drop prefix of the bucket (production). */
  z.object({ kind: z.literal('drop-object'), key: z.string().min(1) }),
]);
export type IngestSource = z.infer<typeof ingestSourceSchema>;
const jobDataSchema = z.object({ itemId: z.number().int().positive(), source: ingestSourceSchema });
export type IngestJobData = z.infer<typeof jobDataSchema>;

export type IngestDeps = Pick<JobDeps, 'db' | 'clock' | 'files' | 'broadcast'> & { jobs?: JobDeps['jobs']; signal?: AbortSignal };

/** A stored key under `previews/` as the URL /media/clips/ serves it at. */
const clipUrl = (key: string | null | undefined) => (key?.startsWith('previews/') ? `/media/clips/${key.slice('previews/'.length)}` : null);

/** An item's media as the desk sees it. */
export function ingestItemView(item: ContentItemRow, media: ContentItemMediaRow | null | undefined): IngestItem {
  return {
    id: item.id,
    source_name: item.sourceName,
    media_state: item.mediaState,
    media_stage: item.mediaStage,
    media_progress: item.mediaProgress,
    media_error: item.mediaError,
    media_error_code: media?.errorCode ?? null,
    probe: item.probe,
    preview_url: clipUrl(media?.previewKey),
    poster_url: clipUrl(media?.posterKey),
  };
}

/** Tells the desk (every process's /cable) where an item's media is. */
export async function announce(deps: Pick<IngestDeps, 'db' | 'broadcast'>, itemId: number): Promise<void> {
  const [row] = await deps.db
    .select({ item: contentItems, media: contentItemMedia })
    .from(contentItems)
    .leftJoin(contentItemMedia, eq(contentItemMedia.itemId, contentItems.id))
    .where(eq(contentItems.id, itemId));
  if (row) deps.broadcast(CHANNELS.deskIngest, DESK_INGEST_STREAM, { type: 'media', item: ingestItemView(row.item, row.media) });
}

type MediaChange = { state?: MediaState; stage?: IngestStage | null; progress?: number; error?: string | null };

/** Moves an item's media on and tells the desk. */
export async function setMedia(deps: Pick<IngestDeps, 'db' | 'broadcast'>, itemId: number, change: MediaChange): Promise<void> {
  await deps.db
    .update(contentItems)
    .set({
      ...(change.state ? { mediaState: change.state } : {}),
      ...(change.stage !== undefined ? { mediaStage: change.stage } : {}),
      ...(change.progress !== undefined ? { mediaProgress: Math.round(change.progress) } : {}),
      ...(change.error !== undefined ? { mediaError: change.error } : {}),
    })
    .where(eq(contentItems.id, itemId));
  await announce(deps, itemId);
}

async function droppedFile(file: string) {
  const nothing = async () => undefined;
  return { file, size: (await stat(file)).size, release: nothing, remove: nothing };
}

async function refuse(deps: IngestDeps, itemId: number, code: string, message: string) {
  const now = deps.clock.now();
  await deps.db
    .insert(contentItemMedia)
    .values({ itemId, errorCode: code, updatedAt: now })
    .onConflictDoUpdate({ target: contentItemMedia.itemId, set: { errorCode: code, updatedAt: now } });
  await setMedia(deps, itemId, { state: 'failed', stage: null, progress: 0, error: message });
}

/** A dropped file goes to `done/` or `failed/` beside the drop folder's other files once its fate is known. */
async function settleDropped(deps: IngestDeps, source: IngestSource, outcome: 'done' | 'failed') {
  if (source.kind === 'drop-object') return settleDroppedObject(deps.files, source.key, outcome);
  if (source.kind !== 'drop') return;
  const target = path.join(ingestStorage(deps.files).dropDir, outcome);
  await mkdir(target, { recursive: true });
  await rename(source.file, path.join(target, path.basename(source.file))).catch(() => undefined);
}

/**
 * The ingest job: probes the master (refusing what is not usable video, with the reason kept on
 * the item), then makes what the catalogue needs and keeps the master where renders read masters.
 * media_state moves probing → processing → ready (or failed), each stage pushed to the desk.
 * Idempotent: an item already ready is left alone; a retry starts the stages again.
 */
export async function ingestMaster(deps: IngestDeps, data: IngestJobData): Promise<Record<string, number>> {
  const [item] = await deps.db.select().from(contentItems).where(eq(contentItems.id, data.itemId));
  if (!item || item.mediaState === 'ready') return { skipped: 1 };
  await setMedia(deps, item.id, { state: 'probing', stage: 'probe', progress: 0, error: null });
  const local =
    data.source.kind === 'upload'
      ? await uploadedFile(deps.files, data.source.id)
      : data.source.kind === 'drop'
        ? await droppedFile(data.source.file)
        : await droppedObject(deps.files, data.source.key);
  try {
    let probe: Probe;
    try {
      probe = await probeMaster(deps.files.ffmpeg, local.file, local.size, deps.signal);
      await checkWhole(deps.files.ffmpeg, local.file, probe, deps.signal);
    } catch (error) {
      if (!(error instanceof MasterRefused)) throw error;
      await refuse(deps, item.id, error.code, error.message);
      await local.remove();
      await settleDropped(deps, data.source, 'failed');
      return { refused: 1 };
    }
    await deps.db.update(contentItems).set({ probe }).where(eq(contentItems.id, item.id));
    await setMedia(deps, item.id, { state: 'processing', stage: 'master', progress: 0 });
    const token = item.guid.split(':').at(-1) ?? String(item.id);
    const made = await makeArtefacts(
      deps.files,
      { master: local.file, token, filename: item.sourceName, probe, signal: deps.signal },
      (stage, progress) => setMedia(deps, item.id, { stage, progress }),
    );
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      const media = {
        previewKey: made.previewKey,
        posterKey: made.posterKey,
        thumbnailKeys: made.thumbnailKeys,
        animatedKeys: made.animatedKeys,
        errorCode: null,
        updatedAt: now,
      };
      await tx
        .insert(contentItemMedia)
        .values({ itemId: item.id, ...media })
        .onConflictDoUpdate({ target: contentItemMedia.itemId, set: media });
      const [after] = await tx
        .update(contentItems)
        .set({ masterKey: made.masterKey, mediaState: 'ready', mediaStage: null, mediaProgress: 100, mediaError: null })
        .where(eq(contentItems.id, item.id))
        .returning();
      await recordAudit(
        tx,
        null,
        {
          action: 'content_item.media_ready',
          subject: 'content_item',
          subjectId: item.id,
          before: { master_key: item.masterKey },
          after: { master_key: after?.masterKey, probe },
        },
        now,
      );
    });
    await announce(deps, item.id);
    // The master's storyboard, ready by the time the story is published (issue 28).
    await queueStoryboard(deps.jobs, made.masterKey);
    await local.remove();
    await settleDropped(deps, data.source, 'done');
    return { ready: 1 };
  } finally {
    await local.release();
  }
}

/**
 * One run per item at a time (keyed by it). A 20 GB master's preview takes long: a lost run is
 * found by its missing heartbeat, not its expiry. After the last try the item is marked failed.
 */
export const ingestJob: JobDefinition = {
  queue: INGEST_QUEUE,
  expireInSeconds: 6 * 3600,
  heartbeatSeconds: 10,
  retryDelaySeconds: 5,
  key: (data) => ('itemId' in data ? String(data.itemId) : undefined),
  run: (deps, data, signal) => ingestMaster({ ...deps, signal }, jobDataSchema.parse(data)),
  async failed(deps, data) {
    const parsed = jobDataSchema.safeParse(data);
    if (!parsed.success) return;
    await refuse(
      deps,
      parsed.data.itemId,
      'processing_failed',
      'The master could not be made into the catalogue’s files; upload it again or ask the platform’s operators.',
    );
  },
};
