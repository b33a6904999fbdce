import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { desc, eq, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../common/downloads.ts';
import { agreementFixtures } from '../modules/agreements/test-support.ts';
import { DEMO_FILE_MAX_SECONDS } from '../modules/catalogue/data/demo-length.ts';
import { videoProjects } from '../modules/catalogue/schema.ts';
import { DEMO_PROJECT_COUNT, seedDemoCatalogue } from '../modules/catalogue/seed.ts';
import { insertProjects } from '../modules/catalogue/writer.ts';
import { demoMasterLoop, seedDemoMasters } from '../modules/downloads/demo-masters-seed.ts';
import { renderRequested } from '../modules/downloads/render.ts';
import { renditions, videoMasters, videoRequests } from '../modules/downloads/schema.ts';
import { mediaDurationSeconds } from '../modules/media/duration.ts';
import { downloadFilesFor } from '../services.ts';
import { createTestApp, testConfig, testDownloadFiles, type TestApp } from '../test/harness.ts';
import { startS3Peer, type S3Peer } from '../test/s3-peer.ts';
import { seedDemoMedia } from './demo-media.ts';

/** `npm run seed` on the production path (PostgreSQL + S3): the demo's masters are in the bucket, for every worker. */

let t: TestApp;
let peer: S3Peer;
let dir: string;
let older: number;
let newer: number;
const quiet = { info: () => undefined, warn: () => undefined };

/** The configuration of a process on the production path: the bucket, its own DATA_DIR, no demo seeding at start. */
const processConfig = (dataDir: string) =>
  testConfig(
    {},
    {
      DATA_DIR: dataDir,
      SEED_DEMO: 'no',
      DEMO_MASTERS: '1',
      S3_BUCKET: peer.bucket,
      S3_ENDPOINT: peer.endpoint,
      S3_ACCESS_KEY_ID: peer.accessKeyId,
      S3_SECRET_ACCESS_KEY: peer.secretAccessKey,
      S3_PREFIX: 'newsreel',
    },
  );

beforeAll(async () => {
  peer = await startS3Peer();
  dir = await mkdtemp(path.join(tmpdir(), 'seed-media-'));
  t = await createTestApp();
  const project = (n: number, publishedAt: string, duration: number) => ({
    projectId: `SEED-MEDIA-${n}`,
    language: 'en' as const,
    title: `Seeded story ${n}`,
    datelinePlace: 'Berlin',
    datelineDate: '2026-11-20',
    duration,
    freeAccess: true,
    publishedAt: new Date(publishedAt),
  });
  [older = 0, newer = 0] = await insertProjects(
    t.database.db,
    // Listed at 25 s, and at ten minutes, past the demo files' cap (DEMO_FILE_MAX_SECONDS).
    [project(1, '2026-11-20T10:00:00Z', 25), project(2, '2026-11-21T10:00:00Z', 600)],
    t.services.clock.now(),
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
  await rm(dir, { recursive: true, force: true });
});

/** A customer asks for the 240p clean MP4 of a project; a worker with `files` renders it. */
async function downloadThrough(files: Awaited<ReturnType<typeof downloadFilesFor>>, projectId: number) {
  const { browser } = await agreementFixtures(t).signedIn();
  const asked = await browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
    restrictions_accepted: true,
    quality: 'sd',
    file_type: 'mp4',
  });
  const { request_id } = purchaseResultSchema.parse(asked.json());
  const [request] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, request_id));
  const result = await renderRequested({ db: t.database.db, clock: t.services.clock, files }, { renditionKey: request?.renditionKey });
  const [after] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, request_id));
  return { result, request: after };
}

describe('npm run seed makes the demo masters into the shared store', () => {
  it('a worker with another DATA_DIR renders a download of a demo project from them', async () => {
    const worker = await downloadFilesFor(processConfig(path.join(dir, 'worker')), 'worker-secret-with-at-least-32-characters');
    // Before the seed, a demo project has no master: the download fails as it did on this path.
    expect((await downloadThrough(worker, older)).request).toMatchObject({ state: 'failed', error: 'master_missing' });

    const seeding = path.join(dir, 'seeding');
    expect(await seedDemoMedia(t.database.db, processConfig(seeding), quiet)).toEqual({ masters: 1, drafts: 12 });
    // The newest project got its own master; the other shares it, both in the database, each at its
    // story's listed length (the ten-minute one at the cap): renders play the footage to it.
    const masters = await t.database.db.select().from(videoMasters);
    expect(masters).toEqual(
      expect.arrayContaining([
        { projectId: newer, storageKey: `masters/demo-${newer}.mp4`, durationSeconds: DEMO_FILE_MAX_SECONDS },
        { projectId: older, storageKey: `masters/demo-${newer}.mp4`, durationSeconds: 25 },
      ]),
    );
    // Each story is listed at its file's length: the ten-minute one is listed at the cap now (issue 28).
    const listed = await t.database.db
      .select({ id: videoProjects.id, duration: videoProjects.duration, file: videoMasters.durationSeconds })
      .from(videoProjects)
      .innerJoin(videoMasters, eq(videoMasters.projectId, videoProjects.id))
      .where(inArray(videoProjects.id, [older, newer]));
    expect(listed.sort((a, b) => a.id - b.id)).toEqual([
      { id: older, duration: 25, file: 25 },
      { id: newer, duration: DEMO_FILE_MAX_SECONDS, file: DEMO_FILE_MAX_SECONDS },
    ]);
    // Nothing of it on the seeding machine's disk: the master is in the bucket only.
    expect(await readdir(path.join(seeding, 'work'))).toEqual([]);
    await rm(seeding, { recursive: true, force: true });

    // The project that shares the master: rendered by the worker, the file in the bucket.
    const { result, request } = await downloadThrough(worker, older);
    expect(result).toEqual({ rendered: 1, ready: 1 });
    expect(request?.state).toBe('ready');
    const [file] = await t.database.db
      .select()
      .from(renditions)
      .where(eq(renditions.renditionKey, request?.renditionKey ?? ''));
    expect(await worker.store.size(file?.storageKey ?? '')).toBeGreaterThan(1000);
    // The file downloaded lasts what the story is listed at: 25 s of the ten-second footage.
    const downloaded = path.join(dir, 'downloaded.mp4');
    await pipeline(worker.store.read(file?.storageKey ?? ''), createWriteStream(downloaded));
    expect(await mediaDurationSeconds(worker.ffmpeg, downloaded)).toBeCloseTo(25, 0);
    // Seeding again makes nothing: the master is found in the bucket. A row recorded at the footage's
    // ten seconds, as before files followed their listing, is given its story's length.
    await t.database.db.update(videoMasters).set({ durationSeconds: 10 }).where(eq(videoMasters.projectId, older));
    expect(await seedDemoMedia(t.database.db, processConfig(path.join(dir, 'again')), quiet)).toEqual({ masters: 0, drafts: 0 });
    const [relisted] = await t.database.db.select().from(videoMasters).where(eq(videoMasters.projectId, older));
    expect(relisted?.durationSeconds).toBe(25);
  }, 180_000);
});

describe('a demo story is downloaded at its listed length (issue 28)', () => {
  it('its ten-second footage is looped past the slate to the length its master row records; other masters are not', () => {
    expect(demoMasterLoop({ storageKey: 'masters/demo-12.mp4', durationSeconds: 172 })).toEqual({
      lengthSeconds: 10,
      introSeconds: 2,
      toSeconds: 172,
    });
    expect(demoMasterLoop({ storageKey: 'masters/demo-12.mp4', durationSeconds: 10 })).toBeUndefined();
    expect(demoMasterLoop({ storageKey: 'masters/ingest/abc.mp4', durationSeconds: 172 })).toBeUndefined();
  });
});

describe('the demo catalogue lists each story at the length of the file it downloads (issue 28)', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await demo.close();
  });

  it('no demo story is listed longer than DEMO_FILE_MAX_SECONDS, and each master row and its render plan say the listed length', async () => {
    const { db } = demo.database;
    await seedDemoCatalogue(db, demo.services.clock.now());
    const [longest] = await db.select({ seconds: max(videoProjects.duration) }).from(videoProjects);
    expect(longest?.seconds).toBeLessThanOrEqual(DEMO_FILE_MAX_SECONDS);

    // A catalogue seeded before the rule: two stories stored at 4:10 and 10:00.
    const stored = await db.select({ id: videoProjects.id }).from(videoProjects).orderBy(desc(videoProjects.id)).limit(2);
    const longer = stored.map((row) => row.id);
    await db
      .update(videoProjects)
      .set({ duration: 250 })
      .where(eq(videoProjects.id, longer[0] ?? 0));
    await db
      .update(videoProjects)
      .set({ duration: 600 })
      .where(eq(videoProjects.id, longer[1] ?? 0));

    // The newest story's master is in the store already (a second seed): no render, every other story shares it.
    const files = testDownloadFiles('demo-lengths-secret-with-at-least-32-characters', path.join(dir, 'demo-lengths'));
    const [newest] = await db.select({ id: videoProjects.id }).from(videoProjects).orderBy(desc(videoProjects.publishedAt)).limit(1);
    const key = `masters/demo-${newest?.id}.mp4`;
    const footage = path.join(dir, 'footage.mp4');
    await writeFile(footage, 'ten seconds of demo footage');
    await files.store.put(key, footage);
    await db.insert(videoMasters).values({ projectId: newest?.id ?? 0, storageKey: key, durationSeconds: 10 });
    // A live event recorded before the demo's masters are made: the newest story, with footage of its own.
    const [recordingId = 0] = await insertProjects(
      db,
      [
        {
          projectId: 'LIVE-1',
          language: 'en',
          title: 'Recorded first',
          datelineDate: '2026-11-22',
          duration: 8,
          publishedAt: demo.services.clock.now(),
        },
      ],
      demo.services.clock.now(),
    );
    await files.store.put('masters/live/1.mp4', footage);
    await db.insert(videoMasters).values({ projectId: recordingId, storageKey: 'masters/live/1.mp4', durationSeconds: 8 });
    expect(await seedDemoMasters({ db, files, log: quiet, count: 1 })).toBe(0);
    // The recording keeps its own master; the demo's stories share the demo's.
    const [own] = await db.select().from(videoMasters).where(eq(videoMasters.projectId, recordingId));
    expect(own).toMatchObject({ storageKey: 'masters/live/1.mp4', durationSeconds: 8 });
    await db.delete(videoMasters).where(eq(videoMasters.projectId, recordingId));
    await db.delete(videoProjects).where(eq(videoProjects.id, recordingId));

    const rows = await db
      .select({
        id: videoProjects.id,
        listed: videoProjects.duration,
        storageKey: videoMasters.storageKey,
        file: videoMasters.durationSeconds,
      })
      .from(videoProjects)
      .innerJoin(videoMasters, eq(videoMasters.projectId, videoProjects.id));
    expect(rows).toHaveLength(DEMO_PROJECT_COUNT);
    // The render plays the footage to the master row's length (demoMasterLoop): that is the file's length.
    const fileLength = (row: (typeof rows)[number]) =>
      demoMasterLoop({ storageKey: row.storageKey, durationSeconds: row.file })?.toSeconds ?? Math.min(row.file, 10);
    const differing = rows.filter((row) => row.listed > DEMO_FILE_MAX_SECONDS || row.file !== row.listed || fileLength(row) !== row.listed);
    expect(differing).toEqual([]);
    // The two stored longer are listed at the cap now.
    const relisted = await db.select({ duration: videoProjects.duration }).from(videoProjects).where(inArray(videoProjects.id, longer));
    expect(relisted).toEqual([{ duration: DEMO_FILE_MAX_SECONDS }, { duration: DEMO_FILE_MAX_SECONDS }]);
  }, 120_000);
});
