import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { and, eq, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { ContentFields } from '../../../../common/newsroom.ts';
import type { S3Settings } from '../../downloads/storage-s3.ts';
import { createDraft } from '../items.ts';
import { DROP_SUBFOLDERS, fieldsFromSidecar, MEDIA_EXTENSIONS, parseSidecar, type DropDeps, type DropScan } from './drop-files.ts';
import { INGEST_QUEUE, setMedia, type IngestJobData } from './pipeline.ts';
import { ingestDropFiles } from './schema.ts';
import { bucketClient, dropPrefix, moveObject } from './storage-bucket.ts';

/**
 * A claim whose object is still in the prefix after this long is taken to be a crashed process's:
 * the object is claimed again (moving even a 20 GB master inside the bucket takes minutes, not an hour).
 */
const CLAIM_LEASE_MS = 3600 * 1000;

type DroppedObject = { size: number; etag: string; modifiedMs: number };

/** The objects right under the prefix (not in its `done/`, `failed/` or `.claimed/`), by name. */
async function listDropped(client: S3Client, bucket: string, prefix: string): Promise<Map<string, DroppedObject>> {
  const objects = new Map<string, DroppedObject>();
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: '/', ContinuationToken }));
    for (const object of page.Contents ?? []) {
      const name = object.Key?.slice(prefix.length);
      if (!name) continue;
      objects.set(name, { size: object.Size ?? 0, etag: object.ETag ?? '', modifiedMs: object.LastModified?.getTime() ?? 0 });
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return objects;
}

async function readText(client: S3Client, bucket: string, key: string): Promise<string> {
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await object.Body?.transformToString('utf8')) ?? '';
}

/**
 * One look at the drop prefix of the bucket (production; drop-folder.ts is the folder on disk): a
 * media object whose size and ETag are what the previous scan saw is claimed (its row marked in the
 * database, which one process wins however many scan at once: S3 has no atomic rename), moved to
 * `.claimed/`, its JSON sidecar of the same base name read into a new draft's fields, and the ingest
 * job queued. A bad sidecar moves the pair to `failed/` with a `.error.txt` saying why. A process
 * that dies between its claim and the move leaves the object where it was: it is claimed again
 * once the claim is an hour old.
 */
export async function scanDropBucket(deps: DropDeps, s3: S3Settings): Promise<DropScan> {
  const client = bucketClient(s3);
  const Bucket = s3.bucket;
  const prefix = dropPrefix(s3);
  try {
    const objects = await listDropped(client, Bucket, prefix);
    const names = [...objects.keys()].filter((name) => !name.startsWith('.') && MEDIA_EXTENSIONS.has(path.extname(name).toLowerCase()));
    const now = deps.clock.now();
    const seen = names.length ? await deps.db.select().from(ingestDropFiles).where(inArray(ingestDropFiles.name, names)) : [];
    const before = new Map(seen.map((row) => [row.name, row]));
    const result: DropScan = { taken: 0, waiting: 0, badSidecars: 0 };
    const claimExpired = new Date(now.getTime() - CLAIM_LEASE_MS);
    for (const name of names) {
      const found = objects.get(name)!;
      const last = before.get(name);
      if (last?.claimedAt && last.claimedAt > claimExpired) continue;
      if (!last || last.size !== found.size || last.etag !== found.etag || found.size === 0) {
        // New, or written again since: remember it and look again at the next scan.
        const row = { ...found, claimedAt: null, seenAt: now };
        await deps.db
          .insert(ingestDropFiles)
          .values({ name, ...row })
          .onConflictDoUpdate({ target: ingestDropFiles.name, set: row });
        result.waiting += 1;
        continue;
      }
      const [claimed] = await deps.db
        .update(ingestDropFiles)
        .set({ claimedAt: now })
        .where(
          and(
            eq(ingestDropFiles.name, name),
            eq(ingestDropFiles.etag, found.etag),
            or(isNull(ingestDropFiles.claimedAt), lt(ingestDropFiles.claimedAt, claimExpired)),
          ),
        )
        .returning({ name: ingestDropFiles.name });
      if (!claimed) continue;
      const unique = randomUUID().slice(0, 8);
      const claimedKey = `${prefix}${DROP_SUBFOLDERS.claimed}/${unique}-${name}`;
      await moveObject(client, Bucket, `${prefix}${name}`, claimedKey);
      const base = name.slice(0, -path.extname(name).length);
      const sidecarName = `${base}.json`;
      let fields: Partial<ContentFields> = {};
      if (objects.has(sidecarName)) {
        const sidecarKey = `${prefix}${DROP_SUBFOLDERS.claimed}/${unique}-${sidecarName}`;
        await moveObject(client, Bucket, `${prefix}${sidecarName}`, sidecarKey);
        const parsed = parseSidecar(await readText(client, Bucket, sidecarKey));
        if (!parsed.ok) {
          result.badSidecars += 1;
          const failed = `${prefix}${DROP_SUBFOLDERS.failed}/`;
          await moveObject(client, Bucket, claimedKey, `${failed}${unique}-${name}`);
          await moveObject(client, Bucket, sidecarKey, `${failed}${unique}-${sidecarName}`);
          const report = `${sidecarName}: ${parsed.error}\n`;
          await client.send(
            new PutObjectCommand({ Bucket, Key: `${failed}${unique}-${base}.error.txt`, Body: report, ContentType: 'text/plain' }),
          );
          deps.log?.({ file: name, error: parsed.error }, 'drop folder: bad sidecar, file set aside');
          continue;
        }
        fields = fieldsFromSidecar(parsed.sidecar);
        // Its words are the draft's now.
        await client.send(new DeleteObjectCommand({ Bucket, Key: sidecarKey }));
      }
      const draft = await createDraft(deps, null, { fields, sourceName: name, media: true });
      await setMedia(deps, draft.id, { state: 'probing', stage: 'probe', progress: 0 });
      const data: IngestJobData = { itemId: draft.id, source: { kind: 'drop-object', key: claimedKey } };
      await deps.jobs.send(INGEST_QUEUE, data);
      result.taken += 1;
    }
    // Objects gone from the prefix (taken, or removed by hand) are forgotten.
    await deps.db.delete(ingestDropFiles).where(names.length ? notInArray(ingestDropFiles.name, names) : undefined);
    return result;
  } finally {
    client.destroy();
  }
}
