import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.ts';
import { s3FileStore } from './storage-s3.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let dir: string;
let peer: S3Peer;
let store: ReturnType<typeof s3FileStore>;
const content = randomBytes(2 * 1024 * 1024);
let source: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-s3-'));
  source = path.join(dir, 'master.mp4');
  await writeFile(source, content);
  peer = await startS3Peer();
  store = s3FileStore(settings());
});
afterAll(async () => {
  store?.close();
  await peer?.close();
  await rm(dir, { recursive: true, force: true });
});

function settings(prefix?: string) {
  const { endpoint, bucket, accessKeyId, secretAccessKey } = peer;
  return { endpoint, region: 'us-east-1', bucket, accessKeyId, secretAccessKey, prefix };
}

describe('the S3 file store', () => {
  it('keeps a file under its key and reads it whole or by range, byte for byte', async () => {
    await store.put('masters/ab/cd.mp4', source);
    expect(await store.size('masters/ab/cd.mp4')).toBe(content.length);
    expect(sha256(await buffer(store.read('masters/ab/cd.mp4')))).toBe(sha256(content));
    const range = await buffer(store.read('masters/ab/cd.mp4', { start: 1000, end: 1999 }));
    expect(range.length).toBe(1000);
    expect(range.equals(content.subarray(1000, 2000))).toBe(true);
  });

  it('forgets a removed file, and removing it again is no error', async () => {
    await store.put('renditions/ef/gh.mp4', source);
    await store.remove('renditions/ef/gh.mp4');
    expect(await store.size('renditions/ef/gh.mp4')).toBeNull();
    await store.remove('renditions/ef/gh.mp4');
  });

  it('knows no size for a missing key, and its read stream fails', async () => {
    expect(await store.size('masters/none.mp4')).toBeNull();
    await expect(buffer(store.read('masters/none.mp4'))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('lets a reader stop early without holding the store up', async () => {
    await store.put('masters/ij/kl.mp4', source);
    const early: Readable = store.read('masters/ij/kl.mp4');
    await new Promise((resolve) => early.once('data', resolve));
    early.destroy();
    expect(sha256(await buffer(store.read('masters/ij/kl.mp4')))).toBe(sha256(content));
  });

  it('keeps every key under the configured prefix', async () => {
    const prefixed = s3FileStore(settings('newsreel/'));
    try {
      await prefixed.put('masters/mn/op.mp4', source);
      expect(await prefixed.size('masters/mn/op.mp4')).toBe(content.length);
      expect(await store.size('newsreel/masters/mn/op.mp4')).toBe(content.length);
      expect(await store.size('masters/mn/op.mp4')).toBeNull();
    } finally {
      prefixed.close();
    }
  });

  it('takes no key that could leave its folder', async () => {
    expect(() => store.read('../x')).toThrow(/not a storage key/);
    await expect(store.put('../x', source)).rejects.toThrow(/not a storage key/);
    await expect(store.size('a/../../b')).rejects.toThrow(/not a storage key/);
    await expect(store.remove('/abs')).rejects.toThrow(/not a storage key/);
  });
});
