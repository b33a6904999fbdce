import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray, notInArray } from 'drizzle-orm';
import type { ContentFields } from '../../../../common/newsroom.ts';
import type { JobDefinition } from '../../../jobs/definition.ts';
import { createDraft } from '../items.ts';
import { INGEST_QUEUE, setMedia, type IngestJobData } from './pipeline.ts';
import {
  DROP_SUBFOLDERS,
  fieldsFromSidecar,
  MEDIA_EXTENSIONS,
  parseSidecar,
  type DropDeps,
  type DropScan,
  type Sidecar,
} from './drop-files.ts';
import { ingestDropFiles } from './schema.ts';
import { ingestStorage } from './storage.ts';

export const DROP_FOLDER_QUEUE = 'newsroom.drop-folder';

/** Moves a file out of the folder into `sub` under a unique name; false when another process took it first. */
async function claim(dropDir: string, sub: string, name: string, unique: string): Promise<string | null> {
  const target = path.join(dropDir, sub, `${unique}-${name}`);
  try {
    await rename(path.join(dropDir, name), target);
    return target;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * One look at the drop folder (DATA_DIR/dropfolder): a media file whose size and modification time
 * are what the previous scan saw (no longer being written) is claimed by renaming it out of the
 * folder (atomic: of several workers scanning at once, one wins, the others find it gone), its
 * JSON sidecar of the same base name read into a new draft's fields, and the ingest job queued as
 * for an upload. A bad sidecar (not JSON, or fields of the wrong shape) moves the pair to `failed/`
 * with a `.error.txt` saying why; the scan goes on with the other files.
 */
export async function scanDropFolder(deps: DropDeps): Promise<DropScan> {
  const { dropDir, s3 } = ingestStorage(deps.files);
  // When the platform's files are on S3, the drop folder is a prefix of the bucket.
  if (s3) return (await import('./drop-bucket.ts')).scanDropBucket(deps, s3);
  for (const sub of Object.values(DROP_SUBFOLDERS)) await mkdir(path.join(dropDir, sub), { recursive: true });
  const names = (await readdir(dropDir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && MEDIA_EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
    .map((entry) => entry.name);
  const now = deps.clock.now();
  const seen = names.length ? await deps.db.select().from(ingestDropFiles).where(inArray(ingestDropFiles.name, names)) : [];
  const before = new Map(seen.map((row) => [row.name, row]));
  const result: DropScan = { taken: 0, waiting: 0, badSidecars: 0 };
  for (const name of names) {
    const found = await stat(path.join(dropDir, name)).catch(() => null);
    if (!found) continue;
    const now_ = { size: found.size, modifiedMs: Math.floor(found.mtimeMs) };
    const last = before.get(name);
    if (!last || last.size !== now_.size || last.modifiedMs !== now_.modifiedMs || now_.size === 0) {
      // New, or still growing: remember it and look again at the next scan.
      await deps.db
        .insert(ingestDropFiles)
        .values({ name, ...now_, seenAt: now })
        .onConflictDoUpdate({ target: ingestDropFiles.name, set: { ...now_, seenAt: now } });
      result.waiting += 1;
      continue;
    }
    const unique = randomUUID().slice(0, 8);
    const claimed = await claim(dropDir, DROP_SUBFOLDERS.claimed, name, unique);
    if (!claimed) continue;
    await deps.db.delete(ingestDropFiles).where(inArray(ingestDropFiles.name, [name]));
    const base = name.slice(0, -path.extname(name).length);
    const sidecarName = `${base}.json`;
    const sidecarClaimed = await claim(dropDir, DROP_SUBFOLDERS.claimed, sidecarName, unique);
    let fields: Partial<ContentFields> = {};
    if (sidecarClaimed) {
      const parsed = await readSidecar(sidecarClaimed);
      if (!parsed.ok) {
        result.badSidecars += 1;
        const failedDir = path.join(dropDir, DROP_SUBFOLDERS.failed);
        await rename(claimed, path.join(failedDir, path.basename(claimed)));
        await rename(sidecarClaimed, path.join(failedDir, path.basename(sidecarClaimed)));
        await writeFile(path.join(failedDir, `${unique}-${base}.error.txt`), `${sidecarName}: ${parsed.error}\n`);
        deps.log?.({ file: name, error: parsed.error }, 'drop folder: bad sidecar, file set aside');
        continue;
      }
      fields = fieldsFromSidecar(parsed.sidecar);
    }
    const draft = await createDraft(deps, null, { fields, sourceName: name, media: true });
    await setMedia(deps, draft.id, { state: 'probing', stage: 'probe', progress: 0 });
    const data: IngestJobData = { itemId: draft.id, source: { kind: 'drop', file: claimed } };
    await deps.jobs.send(INGEST_QUEUE, data);
    result.taken += 1;
  }
  // Files gone from the folder (taken, or removed by hand) are forgotten.
  await deps.db.delete(ingestDropFiles).where(names.length ? notInArray(ingestDropFiles.name, names) : undefined);
  return result;
}

async function readSidecar(file: string): Promise<{ ok: true; sidecar: Sidecar } | { ok: false; error: string }> {
  return parseSidecar(await readFile(file, 'utf8'));
}

/** Every minute (the least a schedule allows): a file left stable over a minute is taken at the next. */
export const dropFolderJob: JobDefinition = {
  queue: DROP_FOLDER_QUEUE,
  schedule: '* * * * *',
  expireInSeconds: 300,
  run: (deps) => scanDropFolder(deps),
};
