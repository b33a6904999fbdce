import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A local S3-compatible peer (s3rver) with one empty bucket, its objects in a temporary folder that
 * `close` removes. s3rver knows one access key id (S3RVER) but checks no SigV4 signature, so any
 * secret passes: don't test authentication here.
 */

export type S3Peer = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; close(): Promise<void> };

/** The part of s3rver's API used here; the package ships no types. */
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void>; httpServer?: Server };
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};

const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverServer;

export async function startS3Peer(bucket = 'newsreel-test'): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3-peer-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      // Keep-alive sockets held by a client would otherwise keep the close waiting.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
