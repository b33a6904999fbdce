import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, pipeline, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkedKey, type FileStore } from './storage.ts';

export type S3Settings = {
  /** An S3-compatible service's URL; unset means AWS itself for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A folder inside the bucket that every key lives under (`prefix/key`). */
  prefix?: string;
};

/**
 * The `FileStore` calls on an S3-compatible bucket (ARCHITECTURE "files"). A single PutObject is
 * atomic for readers, which is the guarantee `put` promises; masters and renditions stay well below
 * its 5 GB limit.
 */
export function s3FileStore(settings: S3Settings): FileStore & { ping(): Promise<void>; close(): void } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Other S3-compatible services seldom resolve bucket subdomains; AWS itself prefers them.
    forcePathStyle: settings.endpoint !== undefined,
    // Otherwise a streamed body is sent with aws-chunked framing, which some services store as is.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const folder = settings.prefix?.replace(/\/+$/, '');
  const objectKey = (key: string) => (folder ? `${folder}/${checkedKey(key)}` : checkedKey(key));
  const Bucket = settings.bucket;

  return {
    async put(key, file) {
      const Key = objectKey(key);
      const { size } = await stat(file);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(file), ContentLength: size }));
    },

    async size(key) {
      const Key = objectKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    read(key, range) {
      const Key = objectKey(key);
      const bytes = new PassThrough();
      // The interface is synchronous, so the stream is handed out first and fed once S3 answers;
      // a reader that goes away early cancels the request or the body it was reading.
      const cancel = new AbortController();
      bytes.once('close', () => cancel.abort());
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      client.send(new GetObjectCommand({ Bucket, Key, Range }), { abortSignal: cancel.signal }).then(
        (object) => {
          if (object.Body instanceof Readable) pipeline(object.Body, bytes, (error) => error && bytes.destroy(error));
          else bytes.destroy(new Error(`no readable body for ${Key}`));
        },
        (error: unknown) => bytes.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return bytes;
    },

    async remove(key) {
      // S3 answers a delete of a missing object with success too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async ping() {
      // The cheapest call that proves the service, the bucket and the credentials (s3:ListBucket).
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    close() {
      client.destroy();
    },
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}
