import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestApp, testConfig, testDownloadFiles, type TestApp } from '../../../test/harness.ts';
import { Browser } from '../../../test/http.ts';
import { startS3Peer, type S3Peer } from '../../../test/s3-peer.ts';
import { deskCallers } from '../../desk/test-support.ts';
import type { DownloadFiles } from '../../downloads/files.ts';
import { s3FileStore } from '../../downloads/storage-s3.ts';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { contentItems } from '../schema.ts';
import { scanDropFolder } from './drop-folder.ts';
import { INGEST_QUEUE, ingestMaster, type IngestJobData } from './pipeline.ts';
import { contentItemMedia, ingestDropFiles } from './schema.ts';

/** Masters uploaded over tus when the platform's files are on S3 (production): the bucket holds the upload. */

let peer: S3Peer;
let t: TestApp;
let files: DownloadFiles;
let bucket: S3Client;
let dir: string;
let clip: Buffer;
let editor: Browser;
const sent: { queue: string; data: IngestJobData }[] = [];

const TUS = { 'tus-resumable': '1.0.0' };
const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

beforeAll(async () => {
  peer = await startS3Peer();
  dir = await mkdtemp(path.join(tmpdir(), 'ingest-s3-'));
  const s3 = {
    endpoint: peer.endpoint,
    region: 'us-east-1',
    bucket: peer.bucket,
    accessKeyId: peer.accessKeyId,
    secretAccessKey: peer.secretAccessKey,
  };
  files = {
    ...testDownloadFiles('test-secret-with-at-least-32-characters!', path.join(dir, 'files')),
    store: s3FileStore({ ...s3, prefix: 'newsreel' }),
    ingest: { uploadsDir: path.join(dir, 'uploads'), dropDir: path.join(dir, 'dropfolder'), s3: { ...s3, prefix: 'newsreel' } },
  };
  t = await createTestApp({
    services: {
      files,
      jobs: {
        send: async (queue, data) => {
          sent.push({ queue, data: data as IngestJobData });
          return 'job';
        },
        stop: async () => undefined,
      },
    },
  });
  editor = (await deskCallers(t)).editor;
  bucket = new S3Client({ endpoint: peer.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: s3 });
  await runFfmpeg(files.ffmpeg, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ...['-movflags', '+faststart', path.join(dir, 'clip.mp4')],
  ]);
  clip = await readFile(path.join(dir, 'clip.mp4'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await peer?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sent.length = 0;
});

const deps = () => ({
  db: t.database.db,
  clock: t.services.clock,
  files,
  broadcast: t.services.broadcaster.broadcast,
  jobs: t.services.jobs,
});
const keys = async () =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: peer.bucket }))).Contents ?? []).map((object) => object.Key!);
const itemRow = async (id: number) => (await t.database.db.select().from(contentItems).where(eq(contentItems.id, id)))[0];

/** A PATCH whose connection drops after `bytes`: the body stream fails part way. */
function droppedBody(bytes: Buffer): Readable {
  let sentOnce = false;
  return new Readable({
    read() {
      if (sentOnce) return this.destroy(new Error('connection reset'));
      sentOnce = true;
      this.push(bytes);
    },
  });
}

describe('resumable uploads on S3', () => {
  it('an upload cut part way resumes from the offset the bucket has, and the job ingests it from the bucket', async () => {
    const created = await editor.post('/api/desk/uploads', undefined, {
      headers: {
        ...TUS,
        'upload-length': String(clip.length),
        'upload-metadata': meta({ filename: 'harbour.mp4', filetype: 'video/mp4' }),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const id = location.split('/').at(-1)!;
    expect(location).toMatch(/^\/api\/desk\/uploads\/[0-9a-f]{32}$/);
    const itemId = Number(created.headers['upload-item-id']);

    const send = (offset: number, payload: Buffer | Readable) =>
      editor.request({
        method: 'PATCH',
        url: location,
        payload,
        headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      });
    // A first third arrives whole (less than an S3 part: the bucket keeps it as the upload's incomplete part).
    const third = Math.floor(clip.length / 3);
    const first = await send(0, clip.subarray(0, third));
    expect([first.statusCode, first.headers['upload-offset']]).toEqual([204, String(third)]);
    // Then the connection drops part way through the next request.
    await expect(send(third, droppedBody(clip.subarray(third, 2 * third)))).rejects.toThrow('connection reset');
    // The client comes back and asks where to go on from: what reached the bucket, at least the first third.
    const head = await editor.request({ method: 'HEAD', url: location, headers: TUS });
    expect(head.statusCode).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(third);
    expect(offset).toBeLessThan(clip.length);
    expect(sent).toEqual([]);
    // A PATCH from the wrong offset is refused; the rest from the right one finishes the upload.
    expect((await send(offset + 1, clip.subarray(offset + 1))).statusCode).toBe(409);
    const last = await send(offset, clip.subarray(offset));
    expect(last.statusCode).toBe(204);
    expect(sent).toEqual([{ queue: INGEST_QUEUE, data: { itemId, source: { kind: 'upload', id } } }]);
    // The upload is in the bucket under the platform's prefix, as every key of the platform.
    expect((await keys()).filter((key) => !key.startsWith('newsreel/'))).toEqual([]);
    const uploaded = `newsreel/uploads/${id}`;
    expect((await bucket.send(new HeadObjectCommand({ Bucket: peer.bucket, Key: uploaded }))).ContentLength).toBe(clip.length);

    expect(await ingestMaster(deps(), sent[0]!.data)).toEqual({ ready: 1 });
    const item = await itemRow(itemId);
    expect(item).toMatchObject({ mediaState: 'ready', sourceName: 'harbour.mp4' });
    expect(item?.probe).toMatchObject({ video_codec: 'h264', width: 320, height: 180, size_bytes: clip.length });
    // The master and the catalogue's files are in the bucket, under the platform's prefix.
    expect(await files.store.size(item!.masterKey!)).toBe(clip.length);
    const [media] = await t.database.db.select().from(contentItemMedia).where(eq(contentItemMedia.itemId, itemId));
    expect(await files.store.size(media!.previewKey!)).toBeGreaterThan(1000);
    expect(await keys()).toContain(`newsreel/${item!.masterKey}`);
    // The finished upload is gone from the bucket; only the master stays.
    expect((await keys()).filter((key) => key.includes(id))).toEqual([]);
  }, 60_000);
});

describe('two API processes on one database and one bucket', () => {
  let other: FastifyInstance;
  let elsewhere: Browser;
  beforeAll(async () => {
    // A second app (its own tus server, S3 store and locker) as another API process would run it.
    other = await buildApp(testConfig(), t.services);
    await other.ready();
    elsewhere = new Browser(other);
    elsewhere.setCookie('session', editor.cookie('session')!);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('a client whose connection hangs on one process resumes on the other: the hung request is ended, its bytes kept', async () => {
    const created = await editor.post('/api/desk/uploads', undefined, {
      headers: { ...TUS, 'upload-length': String(clip.length), 'upload-metadata': meta({ filename: 'pier.mp4' }) },
    });
    const location = created.headers.location as string;
    const itemId = Number(created.headers['upload-item-id']);
    const third = Math.floor(clip.length / 3);
    // The first process receives a third, then nothing more: a half-open connection.
    let stalled = false;
    const hung = editor.request({
      method: 'PATCH',
      url: location,
      payload: new Readable({
        read() {
          if (stalled) return;
          stalled = true;
          this.push(clip.subarray(0, third));
        },
      }),
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The client reconnects to the other process, which asks the first one (through the lock) to let go.
    const head = await elsewhere.request({ method: 'HEAD', url: location, headers: TUS });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(third));
    await hung.catch(() => undefined);
    const rest = await elsewhere.request({
      method: 'PATCH',
      url: location,
      payload: clip.subarray(third),
      headers: { ...TUS, 'upload-offset': String(third), 'content-type': 'application/offset+octet-stream' },
    });
    expect(rest.statusCode).toBe(204);
    expect(sent).toEqual([{ queue: INGEST_QUEUE, data: { itemId, source: { kind: 'upload', id: location.split('/').at(-1) } } }]);
    expect(await itemRow(itemId)).toMatchObject({ mediaState: 'probing' });
    // Either process answers for the finished upload alike.
    const after = await Promise.all([editor, elsewhere].map((who) => who.request({ method: 'HEAD', url: location, headers: TUS })));
    expect(after.map((answer) => answer.headers['upload-offset'])).toEqual([String(clip.length), String(clip.length)]);
  }, 60_000);
});

describe('the drop folder on S3 (a prefix of the bucket)', () => {
  const drop = (name: string, body: Buffer | string) =>
    bucket.send(new PutObjectCommand({ Bucket: peer.bucket, Key: `newsreel/dropfolder/${name}`, Body: body }));
  const dropped = async (sub = '') => (await keys()).filter((key) => key.startsWith(`newsreel/dropfolder/${sub}`));
  const text = async (key: string) =>
    await (await bucket.send(new GetObjectCommand({ Bucket: peer.bucket, Key: key }))).Body!.transformToString();

  it('takes an object once it is unchanged between two scans, once however many processes scan, with its sidecar, and ingests it', async () => {
    await drop('quay.mp4', clip.subarray(0, 1000));
    await drop(
      'quay.json',
      JSON.stringify({
        headline: 'El ferri atraca en plena tormenta',
        located: 'Bilbao',
        language: 'es-ES',
        subject: [{ name: 'Weather' }],
      }),
    );
    expect(await scanDropFolder(deps())).toEqual({ taken: 0, waiting: 1, badSidecars: 0 });
    // Written again (the machine's upload was replaced): the next scan sees another object and waits.
    await drop('quay.mp4', clip);
    expect(await scanDropFolder(deps())).toEqual({ taken: 0, waiting: 1, badSidecars: 0 });
    expect(sent).toEqual([]);
    // Two processes scanning at once: one claims it.
    const scans = await Promise.all([scanDropFolder(deps()), scanDropFolder(deps())]);
    expect(scans.reduce((sum, scan) => sum + scan.taken, 0)).toBe(1);
    expect(sent).toHaveLength(1);
    // A later scan finds nothing more to take.
    expect(await scanDropFolder(deps())).toEqual({ taken: 0, waiting: 0, badSidecars: 0 });
    expect(sent).toHaveLength(1);
    const { itemId, source } = sent[0]!.data;
    expect(source.kind).toBe('drop-object');
    expect(source.kind === 'drop-object' && source.key).toMatch(/^newsreel\/dropfolder\/\.claimed\/[0-9a-f]{8}-quay\.mp4$/);
    expect(await dropped()).not.toContain('newsreel/dropfolder/quay.mp4');
    expect(await dropped()).not.toContain('newsreel/dropfolder/quay.json');
    const item = await itemRow(itemId);
    expect(item).toMatchObject({ sourceName: 'quay.mp4', mediaState: 'probing' });
    expect(item?.fields).toMatchObject({
      language: 'es',
      texts: { es: { headline: 'El ferri atraca en plena tormenta' } },
      dateline_place: 'Bilbao',
      tag_slugs: ['weather'],
    });

    expect(await ingestMaster(deps(), sent[0]!.data)).toEqual({ ready: 1 });
    const ready = await itemRow(itemId);
    expect(ready).toMatchObject({ mediaState: 'ready' });
    expect(await files.store.size(ready!.masterKey!)).toBe(clip.length);
    expect((await dropped('done/')).some((key) => key.endsWith('-quay.mp4'))).toBe(true);
    expect(await dropped('.claimed/')).toEqual([]);
  }, 60_000);

  it('a bad sidecar sets the pair aside under failed/ with the reason; the other objects are still taken', async () => {
    await drop('a-bad.mp4', clip);
    await drop('a-bad.json', '{"headline": 42');
    await drop('b-good.mov', clip);
    await drop('notes.txt', 'not media');
    await scanDropFolder(deps());
    expect(await scanDropFolder(deps())).toEqual({ taken: 1, waiting: 0, badSidecars: 1 });
    const failed = await dropped('failed/');
    const report = failed.find((key) => key.endsWith('-a-bad.error.txt'));
    expect(report).toBeDefined();
    expect(await text(report!)).toContain('not JSON');
    expect(failed.some((key) => key.endsWith('-a-bad.mp4'))).toBe(true);
    expect(failed.some((key) => key.endsWith('-a-bad.json'))).toBe(true);
    expect(await dropped()).toContain('newsreel/dropfolder/notes.txt');
    expect(sent).toHaveLength(1);
    expect(await itemRow(sent[0]!.data.itemId)).toMatchObject({ sourceName: 'b-good.mov' });
  });

  it('an object claimed by a process that died before moving it is claimed again an hour later', async () => {
    await drop('tide.mp4', clip);
    await scanDropFolder(deps());
    // What the dead process left: its claim on the row, the object still in the prefix.
    await t.database.db.update(ingestDropFiles).set({ claimedAt: t.services.clock.now() }).where(eq(ingestDropFiles.name, 'tide.mp4'));
    expect(await scanDropFolder(deps())).toEqual({ taken: 0, waiting: 0, badSidecars: 0 });
    t.services.clock.advance(59 * 60 * 1000);
    expect(await scanDropFolder(deps())).toEqual({ taken: 0, waiting: 0, badSidecars: 0 });
    t.services.clock.advance(2 * 60 * 1000);
    expect(await scanDropFolder(deps())).toEqual({ taken: 1, waiting: 0, badSidecars: 0 });
    expect(await itemRow(sent[0]!.data.itemId)).toMatchObject({ sourceName: 'tide.mp4' });
    expect(await dropped()).not.toContain('newsreel/dropfolder/tide.mp4');
  });
});
