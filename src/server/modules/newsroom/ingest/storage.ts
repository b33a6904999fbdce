import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore as TusFileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { DownloadFiles } from '../../downloads/files.ts';

export type IngestStorage = NonNullable<DownloadFiles['ingest']>;

/** Ingest's folders: as configured (services.ts), else under the work folder's parent as DATA_DIR lays them out. */
export function ingestStorage(files: DownloadFiles): IngestStorage {
  return files.ingest ?? { uploadsDir: path.join(files.workDir, 'uploads'), dropDir: path.join(path.dirname(files.workDir), 'dropfolder') };
}

/** tus keeps an unfinished upload a week; a client resuming later starts again. */
const UPLOAD_EXPIRY_MS = 7 * 24 * 3600 * 1000;
/** S3 multipart parts: 5 GiB files in 1,000 parts of 8 MiB would exceed nothing; 25 GiB in 50 MiB parts stays under 10,000. */
const S3_PART_BYTES = 50 * 1024 * 1024;

/**
 * Where tus writes uploads (ARCHITECTURE "files"): the bucket when the platform stores its files in
 * S3 (the multipart upload is the resumable state, visible to every process), else a folder
 * (`uploadsDir`, the data and a JSON file of each upload's state: every process on the machine sees it).
 */
export function uploadDatastore(storage: IngestStorage): DataStore {
  if (storage.s3)
    return new S3Store({
      partSize: S3_PART_BYTES,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      s3ClientConfig: {
        bucket: storage.s3.bucket,
        region: storage.s3.region,
        endpoint: storage.s3.endpoint,
        forcePathStyle: storage.s3.endpoint !== undefined,
        credentials: { accessKeyId: storage.s3.accessKeyId, secretAccessKey: storage.s3.secretAccessKey },
      },
    });
  return new TusFileStore({ directory: storage.uploadsDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
}

/** A finished upload as a local file for ffmpeg: the file itself on the folder store, a copy from the bucket. */
export async function uploadedFile(
  files: DownloadFiles,
  uploadId: string,
): Promise<{ file: string; size: number; release(): Promise<void>; remove(): Promise<void> }> {
  const storage = ingestStorage(files);
  const datastore = uploadDatastore(storage);
  const remove = async () => {
    await datastore.remove(uploadId).catch(() => undefined);
  };
  if (!storage.s3) {
    const file = path.join(storage.uploadsDir, uploadId);
    return { file, size: (await stat(file)).size, release: async () => undefined, remove };
  }
  await mkdir(files.workDir, { recursive: true });
  const file = path.join(files.workDir, `upload-${uploadId}`);
  await pipeline(await (datastore as S3Store).read(uploadId), createWriteStream(file));
  return { file, size: (await stat(file)).size, release: () => rm(file, { force: true }), remove };
}
