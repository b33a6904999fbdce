/*
 * Ingest's side in the platform's bucket (production, S3_BUCKET): tus uploads as multipart uploads,
 * the drop prefix's objects claimed and moved. storage.ts loads it only then, so a start-up on the
 * embedded defaults does not load the S3 client.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { DataStore, KvStore } from '@tus/utils';
import type { DownloadFiles } from '../../downloads/files.ts';
import type { S3Settings } from '../../downloads/storage-s3.ts';
import { UPLOAD_EXPIRY_MS, type LocalCopy } from './storage.ts';

/** S3 multipart parts: 5 GiB files in 1,000 parts of 8 MiB would exceed nothing; 25 GiB in 50 MiB parts stays under 10,000. */
const S3_PART_BYTES = 50 * 1024 * 1024;

/**
 * The S3 store would keep each upload's state (its `.info`) in this process's memory once read; another
 * process finishing or removing the upload would leave that copy wrong. Read it from the bucket each time.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
  list: async () => [],
};

/** tus's store in the bucket: each upload a multipart upload, its state read from the bucket every time. */
export function bucketUploadDatastore(s3: S3Settings): DataStore {
  return new S3Store({
    partSize: S3_PART_BYTES,
    cache: noCache,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    s3ClientConfig: { bucket: s3.bucket, ...bucketClientConfig(s3) },
  });
}

/** How to reach the platform's bucket, with the traps of S3-compatible services avoided (STACK "object storage"). */
function bucketClientConfig(s3: S3Settings): S3ClientConfig {
  return {
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Other S3-compatible services seldom resolve bucket subdomains; AWS itself prefers them.
    forcePathStyle: s3.endpoint !== undefined,
    // Otherwise streamed bodies (tus's parts, read from files) are sent with aws-chunked framing, which some services store as is.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  };
}

/** A client of the platform's bucket; the caller destroys it. */
export const bucketClient = (s3: S3Settings) => new S3Client(bucketClientConfig(s3));

/** A finished upload's object as a local file for ffmpeg (a copy, removed on release). */
export async function uploadedObject(files: DownloadFiles, s3: S3Settings, key: string, uploadId: string): Promise<LocalCopy> {
  const client = bucketClient(s3);
  const Bucket = s3.bucket;
  await mkdir(files.workDir, { recursive: true });
  const file = path.join(files.workDir, `upload-${uploadId}`);
  try {
    const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    if (!(object.Body instanceof Readable)) throw new Error(`no readable body for the upload ${uploadId}`);
    await pipeline(object.Body, createWriteStream(file));
  } catch (error) {
    client.destroy();
    throw error;
  }
  return {
    file,
    size: (await stat(file)).size,
    release: async () => {
      client.destroy();
      await rm(file, { force: true });
    },
    // The S3 store's own remove aborts the multipart upload first, which a finished one no longer
    // has (NoSuchUpload), and gives up before deleting the object: the upload's objects go here.
    remove: async () => {
      const Objects = [key, `${key}.info`, `${key}.part`].map((Key) => ({ Key }));
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects } }));
    },
  };
}

/** The drop folder in production: `dropfolder/` under the platform's prefix in its bucket. */
export function dropPrefix(s3: S3Settings): string {
  const folder = s3.prefix?.replace(/\/+$/, '');
  return folder ? `${folder}/dropfolder/` : 'dropfolder/';
}

/** A single CopyObject copies up to 5 GB; bigger masters are copied in parts. */
const COPY_LIMIT_BYTES = 5 * 1024 ** 3;
const COPY_PART_BYTES = 512 * 1024 ** 2;

/** Moves an object inside the bucket: S3 has no rename, so a copy (server-side) then a delete. */
export async function moveObject(client: S3Client, Bucket: string, from: string, to: string): Promise<void> {
  const head = await client.send(new HeadObjectCommand({ Bucket, Key: from }));
  const size = head.ContentLength ?? 0;
  const CopySource = `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
  if (size <= COPY_LIMIT_BYTES) {
    await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource }));
  } else {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: to }));
    try {
      const Parts = [];
      for (let start = 0, PartNumber = 1; start < size; start += COPY_PART_BYTES, PartNumber += 1) {
        const CopySourceRange = `bytes=${start}-${Math.min(start + COPY_PART_BYTES, size) - 1}`;
        const part = await client.send(new UploadPartCopyCommand({ Bucket, Key: to, UploadId, PartNumber, CopySource, CopySourceRange }));
        Parts.push({ PartNumber, ETag: part.CopyPartResult?.ETag });
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: to, UploadId, MultipartUpload: { Parts } }));
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: to, UploadId }));
      throw error;
    }
  }
  await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** An object claimed from the drop prefix as a local file for ffmpeg (a copy, removed on release). */
export async function droppedObject(files: DownloadFiles, s3: S3Settings, key: string): Promise<LocalCopy> {
  const client = bucketClient(s3);
  await mkdir(files.workDir, { recursive: true });
  const file = path.join(files.workDir, `drop-${path.posix.basename(key)}`);
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    if (!(object.Body instanceof Readable)) throw new Error(`no readable body for ${key}`);
    await pipeline(object.Body, createWriteStream(file));
  } finally {
    client.destroy();
  }
  return { file, size: (await stat(file)).size, release: () => rm(file, { force: true }), remove: async () => undefined };
}

/** A claimed object goes to `done/` or `failed/` under the drop prefix; one already gone (a retry) is no error. */
export async function settleDroppedObject(s3: S3Settings, key: string, outcome: 'done' | 'failed'): Promise<void> {
  const client = bucketClient(s3);
  try {
    await moveObject(client, s3.bucket, key, `${dropPrefix(s3)}${outcome}/${path.posix.basename(key)}`);
  } catch (error) {
    if (!isMissing(error)) throw error;
  } finally {
    client.destroy();
  }
}
