import { stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore as TusFileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { DownloadFiles } from '../../downloads/files.ts';

export type IngestStorage = NonNullable<DownloadFiles['ingest']>;

/** A file ffmpeg can read: released when done with, removed (with what it came from) once ingested. */
export type LocalCopy = { file: string; size: number; release(): Promise<void>; remove(): Promise<void> };

/** Ingest's folders: as configured (services.ts), else under the work folder's parent as DATA_DIR lays them out. */
export function ingestStorage(files: DownloadFiles): IngestStorage {
  return files.ingest ?? { uploadsDir: path.join(files.workDir, 'uploads'), dropDir: path.join(path.dirname(files.workDir), 'dropfolder') };
}

/** The bucket's side of ingest (storage-bucket.ts), loaded only when the platform's files are in S3. */
const bucketSide = () => import('./storage-bucket.ts');

/** tus keeps an unfinished upload a week; a client resuming later starts again. */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;

/**
 * Where tus writes uploads (ARCHITECTURE "files"): the bucket when the platform stores its files in
 * S3 (the multipart upload is the resumable state, visible to every process), else a folder
 * (`uploadsDir`, the data and a JSON file of each upload's state: every process on the machine sees it).
 */
export async function uploadDatastore(storage: IngestStorage): Promise<DataStore> {
  if (storage.s3) return (await bucketSide()).bucketUploadDatastore(storage.s3);
  return new TusFileStore({ directory: storage.uploadsDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
}

/**
 * Where an upload's objects live in the bucket: `uploads/` under the platform's prefix, like every
 * other key of the platform (the S3 store itself would put them at the bucket's root). The upload's
 * id in its URL and in the ingest job is the name after it; on the folder store, the file's name.
 */
export function uploadKeyPrefix(storage: IngestStorage): string {
  if (!storage.s3) return '';
  const folder = storage.s3.prefix?.replace(/\/+$/, '');
  return folder ? `${folder}/uploads/` : 'uploads/';
}

/** A finished upload as a local file for ffmpeg: the file itself on the folder store, a copy from the bucket. */
export async function uploadedFile(files: DownloadFiles, uploadId: string): Promise<LocalCopy> {
  const storage = ingestStorage(files);
  if (!storage.s3) {
    const datastore = await uploadDatastore(storage);
    const file = path.join(storage.uploadsDir, uploadId);
    const remove = async () => {
      await datastore.remove(uploadId).catch(() => undefined);
    };
    return { file, size: (await stat(file)).size, release: async () => undefined, remove };
  }
  return (await bucketSide()).uploadedObject(files, storage.s3, `${uploadKeyPrefix(storage)}${uploadId}`, uploadId);
}

/** An object claimed from the drop prefix as a local file for ffmpeg (a copy, removed on release). */
export async function droppedObject(files: DownloadFiles, key: string): Promise<LocalCopy> {
  const { s3 } = ingestStorage(files);
  if (!s3) throw new Error(`the dropped object ${key} is in a bucket, and the platform's files are not`);
  return (await bucketSide()).droppedObject(files, s3, key);
}

/** A claimed object goes to `done/` or `failed/` under the drop prefix; one already gone (a retry) is no error. */
export async function settleDroppedObject(files: DownloadFiles, key: string, outcome: 'done' | 'failed'): Promise<void> {
  const { s3 } = ingestStorage(files);
  if (s3) await (await bucketSide()).settleDroppedObject(s3, key, outcome);
}
