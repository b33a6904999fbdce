import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../../common/downloads.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ffmpegChildrenOf, procAvailable } from '../../test/processes.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { resolveFfmpeg, runFfmpeg } from '../media/ffmpeg.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { MEDIA_WORK_PER_USER } from '../media/media-work.ts';
import { mediaWork } from '../media/schema.ts';
import type { TranscodingMessage } from '../../../common/realtime.ts';
import type { Broadcast } from '../realtime/broadcaster.ts';
import { MASTER_WAIT_MS, RENDER_DEFER_SECONDS, RENDER_QUEUE, renderRequested, type RenderDeps } from './render.ts';
import { renditions, videoMasters, videoRequests } from './schema.ts';
import { localFileStore } from './storage.ts';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
let t: TestApp;
let dir: string;
let deps: RenderDeps;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'render-'));
  const store = localFileStore(path.join(dir, 'storage'));
  const master = path.join(dir, 'master.mp4');
  await runFfmpeg(ffmpeg, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', master],
  ]);
  await store.put('masters/render-test.mp4', master);
  [projectId = 0] = await insertProjects(
    t.database.db,
    [
      {
        projectId: 'RENDER-1',
        language: 'en',
        title: 'Render test',
        datelineDate: '2026-11-20',
        duration: 2,
        freeAccess: true,
        publishedAt: new Date('2026-11-20T12:00:00Z'),
      },
    ],
    t.services.clock.now(),
  );
  await t.database.db.insert(videoMasters).values({ projectId, storageKey: 'masters/render-test.mp4', durationSeconds: 2 });
  deps = {
    db: t.database.db,
    clock: t.services.clock,
    files: { store, ffmpeg, workDir: path.join(dir, 'work'), credit: 'Newsreel', secret: 'render-test-secret' },
  };
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('rendering requested files (issue: downloads)', () => {
  it('renders a rendition once: its requests become ready with the file in the store; the same rendition again renders nothing', async () => {
    const a = agreementFixtures(t);
    const { browser } = await a.signedIn();
    const ask = async () =>
      purchaseResultSchema.parse(
        (
          await browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
            restrictions_accepted: true,
            quality: 'hd',
            file_type: 'mp4',
          })
        ).json(),
      );
    const first = await ask();
    const [request] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, first.request_id));
    const told: TranscodingMessage[] = [];
    const broadcast = ((_channel: string, _stream: string, message: TranscodingMessage) => told.push(message)) as Broadcast;
    const result = await renderRequested({ ...deps, broadcast }, { renditionKey: request?.renditionKey });
    expect(result).toEqual({ rendered: 1, ready: 1 });
    // Progress in steps, then the end with a signed link to the file.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told.filter((message) => message.type === 'progress').length).toBeGreaterThan(0);
    const last = told.at(-1);
    expect(last).toMatchObject({ type: 'completed', request_id: first.request_id });
    expect(last?.type === 'completed' ? last.url : null).toMatch(/^\/files\/renditions\//);
    const [rendered] = await t.database.db
      .select()
      .from(renditions)
      .where(eq(renditions.renditionKey, request?.renditionKey ?? ''));
    expect(rendered?.sizeBytes).toBeGreaterThan(1000);
    const file = path.join(dir, 'storage', rendered?.storageKey ?? '');
    const probe = spawnSync(
      ffmpeg.replace(/ffmpeg$/, 'ffprobe'),
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file],
      {
        encoding: 'utf8',
      },
    );
    expect(probe.stdout.trim()).toBe('1280,720');
    expect((await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, first.request_id)))[0]).toMatchObject({
      state: 'ready',
      progress: 100,
    });

    // The same rendition again exists already: a link at once, nothing rendered.
    const again = await ask();
    expect(again.exist).toBe(true);
    expect(again.url).toContain(rendered?.storageKey ?? '-');
    expect((await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, again.request_id)))[0]?.state).toBe('ready');
    // Run again (a retried job): nothing is waiting, nothing changes.
    expect(await renderRequested(deps, { renditionKey: request?.renditionKey })).toEqual({ rendered: 0, ready: 0 });
  }, 60_000);

  it('a video without a master is looked for again for a while (the demo seed at a first start), then its requests fail', async () => {
    const [orphan = 0] = await insertProjects(
      t.database.db,
      [
        {
          projectId: 'RENDER-2',
          language: 'en',
          title: 'No master',
          datelineDate: '2026-11-20',
          duration: 2,
          freeAccess: true,
          publishedAt: new Date('2026-11-20T12:00:00Z'),
        },
      ],
      t.services.clock.now(),
    );
    const { browser } = await agreementFixtures(t).signedIn();
    const answer = purchaseResultSchema.parse(
      (await browser.post(`/api/content/video_projects/${orphan}/videos/download`, { restrictions_accepted: true })).json(),
    );
    const [request] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, answer.request_id));
    const state = async () => (await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, answer.request_id)))[0];
    const sent: Parameters<JobSender['send']>[] = [];
    const withQueue: RenderDeps = { ...deps, jobs: { send: async (...job) => (sent.push(job), null) } };
    // Young: asked again a little later, the request still waiting.
    expect(await renderRequested(withQueue, { renditionKey: request?.renditionKey })).toEqual({ rendered: 0, ready: 0, deferred: 1 });
    expect(sent).toEqual([[RENDER_QUEUE, { renditionKey: request?.renditionKey }, { startAfterSeconds: RENDER_DEFER_SECONDS }]]);
    expect((await state())?.state).toBe('transcoding');
    // Past the wait, no master still: failed, and nothing asked again.
    t.services.clock.advance(MASTER_WAIT_MS);
    expect(await renderRequested(withQueue, { renditionKey: request?.renditionKey })).toEqual({ rendered: 0, ready: 0, failed: 1 });
    expect(sent).toHaveLength(1);
    expect(await state()).toMatchObject({ state: 'failed', error: 'master_missing' });
  });
});

/** `n` free videos sharing the test master. */
async function videosWithMaster(n: number): Promise<number[]> {
  const label = Math.random().toString(36).slice(2, 8);
  const ids = await insertProjects(
    t.database.db,
    Array.from({ length: n }, (_, i) => ({
      projectId: `RENDER-${label}-${i}`,
      language: 'en' as const,
      title: `Render test ${label} ${i}`,
      datelineDate: '2026-11-20',
      duration: 2,
      freeAccess: true,
      publishedAt: new Date('2026-11-20T12:00:00Z'),
    })),
    t.services.clock.now(),
  );
  await t.database.db
    .insert(videoMasters)
    .values(ids.map((projectId) => ({ projectId, storageKey: 'masters/render-test.mp4', durationSeconds: 2 })));
  return ids;
}

describe('media work per user (issue: security, media bombs)', () => {
  it.skipIf(!procAvailable)(
    `10 renders at once for one user: at most ${MEDIA_WORK_PER_USER} run at a time, the rest wait their turn and are all made`,
    async () => {
      const videos = await videosWithMaster(10);
      const { browser, user } = await agreementFixtures(t).signedIn();
      const answers = await Promise.all(
        videos.map((id) =>
          browser.post(`/api/content/video_projects/${id}/videos/download`, {
            restrictions_accepted: true,
            quality: 'sd',
            file_type: 'mp4',
          }),
        ),
      );
      // All asked for and accepted: the requests wait for their files.
      expect(answers.map((answer) => answer.statusCode)).toEqual(videos.map(() => 200));
      const requests = await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id));
      const keys = requests.map((request) => request.renditionKey);
      expect(new Set(keys).size).toBe(10);

      let peak = 0;
      const watching = setInterval(() => (peak = Math.max(peak, ffmpegChildrenOf(process.pid).length)), 20);
      // Ten workers take the ten jobs at once; those deferred are run again, as the queue would, until all are made.
      const deferredJobs: Parameters<JobSender['send']>[] = [];
      const workerDeps: RenderDeps = { ...deps, jobs: { send: async (...job) => (deferredJobs.push(job), t.services.jobs.send(...job)) } };
      const firstRound = await Promise.all(keys.map((key) => renderRequested(workerDeps, { renditionKey: key })));
      for (let round = 0; round < 20; round += 1) {
        const still = await t.database.db
          .select({ key: videoRequests.renditionKey })
          .from(videoRequests)
          .where(and(eq(videoRequests.userId, user.id), eq(videoRequests.state, 'transcoding')));
        if (still.length === 0) break;
        await Promise.all(still.map((row) => renderRequested(workerDeps, { renditionKey: row.key })));
      }
      clearInterval(watching);

      expect(peak).toBeGreaterThanOrEqual(1);
      expect(peak).toBeLessThanOrEqual(MEDIA_WORK_PER_USER);
      const deferred = firstRound.filter((result) => result.deferred === 1).length;
      expect(deferred).toBeGreaterThanOrEqual(1);
      expect(firstRound.filter((result) => result.rendered === 1).length + deferred).toBe(10);
      // Each deferred render went back to the queue, due a little later.
      expect(deferredJobs[0]?.[0]).toBe('downloads.render');
      expect(deferredJobs[0]?.[2]).toEqual({ startAfterSeconds: RENDER_DEFER_SECONDS });
      const done = await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id));
      expect(done.map((request) => request.state)).toEqual(done.map(() => 'ready'));
      // Every place was given back.
      expect(await t.database.db.select().from(mediaWork).where(eq(mediaWork.userId, user.id))).toEqual([]);
    },
    180_000,
  );

  it('a render past its time is stopped: its requests fail at once with render_timeout (no retry), its place given back', async () => {
    const [video = 0] = await videosWithMaster(1);
    const { browser, user } = await agreementFixtures(t).signedIn();
    const answer = purchaseResultSchema.parse(
      (
        await browser.post(`/api/content/video_projects/${video}/videos/download`, {
          restrictions_accepted: true,
          quality: 'full_hd',
          file_type: 'mxf',
        })
      ).json(),
    );
    const [request] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, answer.request_id));
    const started = Date.now();
    const result = await renderRequested({ ...deps, renderTimeoutMs: () => 200 }, { renditionKey: request?.renditionKey });
    expect(result).toEqual({ rendered: 0, ready: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, answer.request_id)))[0]).toMatchObject({
      state: 'failed',
      error: 'render_timeout',
    });
    expect(await t.database.db.select().from(mediaWork).where(eq(mediaWork.userId, user.id))).toEqual([]);
  }, 60_000);
});
