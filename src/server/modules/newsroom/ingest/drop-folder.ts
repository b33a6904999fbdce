import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../../../common/locales.ts';
import type { ContentFields } from '../../../../common/newsroom.ts';
import { slugify } from '../../../../common/slug.ts';
import type { JobDefinition, JobDeps } from '../../../jobs/definition.ts';
import { createDraft } from '../items.ts';
import { INGEST_QUEUE, setMedia, type IngestJobData } from './pipeline.ts';
import { ingestDropFiles } from './schema.ts';
import { ingestStorage } from './storage.ts';

export const DROP_FOLDER_QUEUE = 'newsroom.drop-folder';

/** The media files the drop folder takes; anything else (sidecars, notes) is left alone. */
const MEDIA_EXTENSIONS = new Set(['.mp4', '.mov', '.mxf', '.mkv', '.m4v', '.avi', '.mts', '.ts', '.webm', '.mpg', '.mpeg']);
/** Where claimed files wait for their ingest, then go: out of the way of the next scan. */
export const DROP_SUBFOLDERS = { claimed: '.claimed', done: 'done', failed: 'failed' } as const;

const text = z.string().max(20_000);
/**
 * The sidecar: a ninjs 2.x document (IPTC) of the fields the desk's describe form has. Unknown
 * fields are ignored; a field of the wrong shape makes the sidecar bad.
 */
export const sidecarSchema = z.looseObject({
  headline: z.string().max(200).optional(),
  body_text: text.optional(),
  description_text: text.optional(),
  slugline: z.string().max(200).optional(),
  language: z.string().max(20).optional(),
  located: z.string().max(200).optional(),
  byline: z.string().max(200).optional(),
  copyrightnotice: z.string().max(200).optional(),
  usageterms: z.string().max(2000).optional(),
  urgency: z.number().int().min(1).max(9).optional(),
  firstcreated: z.string().max(40).optional(),
  subject: z
    .array(z.looseObject({ name: z.string().max(100).optional(), code: z.string().max(100).optional() }))
    .max(30)
    .optional(),
});
export type Sidecar = z.infer<typeof sidecarSchema>;

/** A sidecar's fields as the describe form's: the story filed in its language, tags from its subjects. */
export function fieldsFromSidecar(sidecar: Sidecar): Partial<ContentFields> {
  const language = (LOCALES as readonly string[]).includes(sidecar.language?.slice(0, 2) ?? '')
    ? (sidecar.language?.slice(0, 2) as Locale)
    : 'en';
  const script = sidecar.body_text ?? sidecar.description_text ?? '';
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(sidecar.firstcreated ?? '')?.[1] ?? null;
  const tags = [...new Set((sidecar.subject ?? []).map((subject) => slugify(subject.name ?? subject.code ?? '')).filter(Boolean))];
  return {
    language,
    texts: { [language]: { headline: sidecar.headline ?? sidecar.slugline ?? '', script, shotlist: [] } },
    dateline_place: sidecar.located ?? '',
    dateline_date: date,
    tag_slugs: tags.slice(0, 30),
    source: sidecar.byline ?? '',
    credit: sidecar.copyrightnotice ?? '',
    restrictions_text: sidecar.usageterms ?? '',
  };
}

export type DropScan = { taken: number; waiting: number; badSidecars: number };
type DropDeps = Pick<JobDeps, 'db' | 'clock' | 'files' | 'broadcast' | 'jobs'> & { log?: (details: object, message: string) => void };

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
  const { dropDir } = ingestStorage(deps.files);
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
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return { ok: false, error: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = sidecarSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'document'}: ${issue.message}`).join('; ') };
  return { ok: true, sidecar: parsed.data };
}

/** Every minute (the least a schedule allows): a file left stable over a minute is taken at the next. */
export const dropFolderJob: JobDefinition = {
  queue: DROP_FOLDER_QUEUE,
  schedule: '* * * * *',
  expireInSeconds: 300,
  run: (deps) => scanDropFolder(deps),
};
