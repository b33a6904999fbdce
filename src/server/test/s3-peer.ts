import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A local S3-compatible peer (s3rver) with one empty bucket, its objects in a temporary folder that
 * `close` removes. s3rver knows one access key id (S3RVER) but checks no SigV4 signature, so any
 * secret passes: don't test authentication here. s3rver 3.7 has no ListParts nor AbortMultipartUpload,
 * which resumable uploads (@tus/s3-store) rely on: the peer answers them from s3rver's own part files.
 */

export type S3Peer = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; close(): Promise<void> };

/** The part of s3rver's API used here (it is a Koa application); the package ships no types. */
type PeerCall = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
};
type S3rverServer = {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
  middleware: ((call: PeerCall, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
};
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};

const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverServer;

/** `port`: a peer started again where a stopped one was (a store's outage and return); unset: any free port. */
export async function startS3Peer(bucket = 'newsreel-test', port = 0): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3-peer-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(multipartListing(server));
  const address = await server.run();
  // Idle keep-alive sockets stay open until close: Node closes them after 5 s by default, and a
  // client reusing one at that moment gets "socket hang up" (seen in CI on a busy machine).
  if (server.httpServer) server.httpServer.keepAliveTimeout = 0;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
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

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/**
 * ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId) on s3rver's store: the parts
 * of an upload in progress are the numbered files of its folder (with an `.md5` beside each).
 */
function multipartListing(server: S3rverServer) {
  return async (call: PeerCall, next: () => Promise<void>) => {
    const uploadId = call.query.uploadId;
    const [, bucket, ...key] = call.path.split('/');
    if (typeof uploadId !== 'string' || !bucket || !key.length || 'partNumber' in call.query || !['GET', 'DELETE'].includes(call.method))
      return next();
    const folder = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const names = await readdir(folder).catch(() => null);
    if (!names) {
      call.status = 404;
      call.type = 'application/xml';
      call.body = xml(
        `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`,
      );
      return;
    }
    if (call.method === 'DELETE') {
      await rm(folder, { recursive: true, force: true });
      call.status = 204;
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(folder, String(number));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    call.status = 200;
    call.type = 'application/xml';
    call.body = xml(
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key>` +
        `<UploadId>${uploadId}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
}
