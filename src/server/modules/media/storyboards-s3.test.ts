import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoProjectSchema } from '../../../common/catalogue.ts';
import { createTestApp, TEST_SECRET, testDownloadFiles, type TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { videoMasters } from '../downloads/schema.ts';
import { s3FileStore } from '../downloads/storage-s3.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { makeStoryboard } from './storyboard-render.ts';

/**
 * Storyboards on the production shape (issue 28): the master in an S3 bucket, the worker's scratch
 * folder its own. The sprite and VTT go to the bucket and nowhere else, and the API serves them
 * from it, so any process serves what any worker made. Waits on ffmpeg: generous limits.
 */
const FFMPEG_TEST_MS = 120_000;
let peer: S3Peer;
let store: ReturnType<typeof s3FileStore>;
let t: TestApp;
let dir: string;

beforeAll(async () => {
  peer = await startS3Peer();
  const { endpoint, bucket, accessKeyId, secretAccessKey } = peer;
  store = s3FileStore({ endpoint, region: 'us-east-1', bucket, accessKeyId, secretAccessKey, prefix: 'storyboard-test' });
  dir = await mkdtemp(path.join(tmpdir(), 'storyboard-s3-'));
  t = await createTestApp({ services: { files: { ...testDownloadFiles(TEST_SECRET, dir), store } } });
}, FFMPEG_TEST_MS);
afterAll(async () => {
  await t?.close();
  store?.close();
  await peer?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a storyboard with the files in a bucket', () => {
  it(
    'is made from the bucket’s master into the bucket, leaves nothing on the worker’s disk, and is served from the bucket',
    async () => {
      const master = path.join(dir, 'master.mp4');
      await runFfmpeg(t.services.files.ffmpeg, [
        ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-t', '3'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', master],
      ]);
      await store.put('masters/s3-storyboard.mp4', master);
      await rm(master);
      const [id = 0] = await insertProjects(
        t.database.db,
        [
          {
            projectId: 'SB-S3-1',
            language: 'en',
            title: 'Storyboard from a bucket',
            datelineDate: '2026-11-28',
            duration: 3,
            freeAccess: true,
            publishedAt: new Date('2026-11-28T12:00:00Z'),
          },
        ],
        t.services.clock.now(),
      );
      await t.database.db.insert(videoMasters).values({ projectId: id, storageKey: 'masters/s3-storyboard.mp4', durationSeconds: 3 });

      const deps = { db: t.database.db, clock: t.services.clock, files: t.services.files, caches: t.services.caches };
      expect(await makeStoryboard(deps, { masterKey: 'masters/s3-storyboard.mp4' })).toEqual({ made: 1, tiles: 2 });
      // Its scratch files are gone (the folder keeps the ingest's uploads folder): the bucket holds the only copy.
      expect((await readdir(t.services.files.workDir)).filter((name) => name.startsWith('storyboard-'))).toEqual([]);

      const visitor = new Browser(t.app);
      const url = videoProjectSchema.parse((await visitor.get(`/api/content/video_projects/${id}`)).json()).storyboard_url ?? '';
      const token = /\/([0-9a-f]{16})\/storyboard\.vtt$/.exec(url)?.[1] ?? '';
      expect(await store.size(`storyboards/${token}/sprite.jpg`)).toBeGreaterThan(1000);
      const vtt = await visitor.get(url);
      expect([vtt.statusCode, vtt.body.split('\n').filter((line) => line.includes('#xywh=')).length]).toEqual([200, 2]);
      const sprite = await visitor.get(url.replace('storyboard.vtt', 'sprite.jpg'));
      expect([sprite.statusCode, sprite.headers['content-type'], sprite.rawPayload.length]).toEqual([
        200,
        'image/jpeg',
        await store.size(`storyboards/${token}/sprite.jpg`),
      ]);
    },
    FFMPEG_TEST_MS,
  );
});
