import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { purchaseResultSchema, videoRequestListSchema, type VideoRequest } from '../../../common/downloads.ts';
import { CHANNELS, transcodingMessageSchema, type TranscodingMessage } from '../../../common/realtime.ts';
import type { DatabaseConnection } from '../../db/client.ts';
import { createBoss } from '../../jobs/boss.ts';
import { JOB_QUEUES } from '../../jobs/queues.ts';
import { prepareQueue, sendJob } from '../../jobs/sender.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, testDownloadFiles, type TestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';
import type { RenderWorkerLine, RenderWorkerOptions } from '../../test/render-worker.ts';
import { agreementBalances, agreementOperations } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { RENDER_QUEUE } from './jobs.ts';
import { renditions, videoMasters, videoRequests } from './schema.ts';

/*
 * A worker SIGKILLed in the middle of a render: its run is found lost when its heartbeat (the
 * render queue's 20 s) goes silent, at the next supervision pass (every second here, as set in
 * render-worker.ts), goes back to the queue as a retry due after the retry delay (a second here),
 * and another worker renders it. It finishes once and the user is charged once. Workers are
 * processes of their own on a PostgreSQL server: PGlite belongs to one process.
 */

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const WORKER_SCRIPT = fileURLToPath(new URL('../../test/render-worker.ts', import.meta.url));
const SECRET = 'worker-kill-test-secret-at-least-32-characters';
/** Long enough that a 1080p MXF render of it takes several seconds, short enough to render twice in a test. */
const MASTER_SECONDS = 12;
/** The retry delay of the test's queues. Production's is 30 s, which pg-boss's backoff turns into 30–60 s before a first retry. */
/** The issue's promise: a lost render is picked up again, and done, within a minute. */
const REDO_WITHIN_MS = 60_000;

type Worker = { pid: number; lines: RenderWorkerLine[]; stderr: () => string; exited: Promise<unknown>; running: () => boolean };

/** A worker process in a process group of its own, so that killing the group takes its ffmpeg with it. */
function startWorker(options: RenderWorkerOptions): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT, JSON.stringify(options)], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: RenderWorkerLine[] = [];
  let stderr = '';
  let running = true;
  createInterface({ input: child.stdout }).on('line', (text) => {
    if (text.startsWith('{')) lines.push(JSON.parse(text) as RenderWorkerLine);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve(signal ?? code);
    }),
  );
  return { pid: child.pid ?? 0, lines, stderr: () => stderr, exited, running: () => running };
}

const killGroup = (worker: Worker, signal: NodeJS.Signals) => {
  try {
    process.kill(-worker.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
};

/** The render messages a worker sent, as the browser would parse them. */
const messagesOf = (worker: Worker): TranscodingMessage[] =>
  worker.lines.flatMap((line) =>
    line.event === 'broadcast' && line.channel === CHANNELS.transcoding ? [transcodingMessageSchema.parse(line.message)] : [],
  );

async function until<T>(what: string, deadline: number, find: () => Promise<T | undefined> | T | undefined, worker?: Worker): Promise<T> {
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (worker && !worker.running()) throw new Error(`the worker exited before ${what}: ${worker.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} in time${worker ? `; the worker said: ${worker.stderr()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The app's job sender (jobSender's twin, kept so the test can read pg-boss's own record of the job). */
async function startSender(connection: DatabaseConnection) {
  const boss = createBoss(connection, { name: 'api-sender', supervise: false });
  boss.on('error', (error) => console.error('job sender', error));
  await boss.start();
  for (const definition of JOB_QUEUES) await prepareQueue(boss, definition, { update: false });
  return boss;
}

describe.skipIf(!inject('postgresTemplateUrl'))('a render whose worker is killed (issue: worker killed mid-render)', () => {
  let t: TestApp;
  let sender: PgBoss | undefined;
  let filesRoot: string;
  const workers: Worker[] = [];

  beforeAll(async () => {
    filesRoot = await mkdtemp(path.join(os.tmpdir(), 'newsreel-worker-kill-'));
    t = await createTestApp({
      services: {
        secret: SECRET,
        files: testDownloadFiles(SECRET, filesRoot),
        jobs: {
          send: async (queue, data) => {
            if (!sender) throw new Error('the job sender has not started');
            return sendJob(sender, queue, data);
          },
          stop: async () => sender?.stop({ graceful: false }),
        },
      },
    });
    sender = await startSender(t.database.connection);
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers.filter((candidate) => candidate.running())) {
      killGroup(worker, 'SIGTERM');
      const stopped = await Promise.race([worker.exited.then(() => true), new Promise((resolve) => setTimeout(resolve, 10_000, false))]);
      if (!stopped) killGroup(worker, 'SIGKILL');
    }
    await t?.close();
    if (filesRoot) await rm(filesRoot, { recursive: true, force: true });
  }, 30_000);

  const workerOptions = (): RenderWorkerOptions => {
    if (t.database.connection.kind !== 'postgres') throw new Error('workers of their own need a PostgreSQL server');
    return {
      databaseUrl: t.database.connection.url,
      filesRoot,
      ffmpeg: t.services.files.ffmpeg,
      secret: SECRET,
    };
  };

  async function workingWorker(): Promise<Worker> {
    const worker = startWorker(workerOptions());
    workers.push(worker);
    await until('start', Date.now() + 30_000, () => worker.lines.find((line) => line.event === 'working'), worker);
    return worker;
  }

  /** A pool video whose master is a real 1080p file of MASTER_SECONDS. */
  async function poolVideoWithMaster() {
    const label = Math.random().toString(36).slice(2, 8);
    const [id = 0] = await insertProjects(
      t.database.db,
      [
        {
          projectId: `KILL-${label}`,
          language: 'en',
          title: `Flood waters rise ${label}`,
          datelineDate: '2026-11-20',
          duration: MASTER_SECONDS,
          freeAccess: false,
          limitType: 'pool',
          publishedAt: new Date('2026-11-20T12:00:00Z'),
        },
      ],
      t.services.clock.now(),
    );
    const file = path.join(filesRoot, `master-${label}.mp4`);
    await runFfmpeg(t.services.files.ffmpeg, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
      ...['-t', String(MASTER_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    const storageKey = `masters/kill-${label}.mp4`;
    await t.services.files.store.put(storageKey, file);
    await rm(file);
    await t.database.db.insert(videoMasters).values({ projectId: id, storageKey, durationSeconds: MASTER_SECONDS });
    return id;
  }

  const requestOf = async (browser: Browser, id: number): Promise<VideoRequest | undefined> => {
    const list = videoRequestListSchema.parse((await browser.get('/api/current_user/my_content/video_requests')).json());
    return list.video_requests.find((request) => request.id === id);
  };

  it('is picked up again within a minute by another worker, finishes once, and the user is charged once', async () => {
    const video = await poolVideoWithMaster();
    const holder = await agreementFixtures(t).signedIn({ userGroup: 'customer' });
    const pass = await createAgreement(
      t.database.db,
      { userId: holder.user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: 10, refill: 10 }] },
      t.services.clock.now(),
    );
    const first = await workingWorker();

    const response = await holder.browser.post(`/api/content/video_projects/${video}/videos/download`, {
      restrictions_accepted: true,
      quality: 'full_hd',
      file_type: 'mxf',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = purchaseResultSchema.parse(response.json());
    expect(answer).toMatchObject({ exist: false, url: null });
    const [requested] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, answer.request_id));
    const key = requested?.renditionKey ?? '';

    // In the middle of the render: killed with its ffmpeg, nothing said or stored on its way out.
    const midway = (message: TranscodingMessage) =>
      message.type === 'progress' && message.request_id === answer.request_id && message.percent >= 10;
    const seen = await until('render progress', Date.now() + 30_000, () => messagesOf(first).find(midway), first);
    killGroup(first, 'SIGKILL');
    const killedAt = Date.now();
    expect(await first.exited).toBe('SIGKILL');
    expect(messagesOf(first).some((message) => message.type === 'completed')).toBe(false);
    expect(await t.database.db.select().from(renditions).where(eq(renditions.renditionKey, key))).toEqual([]);

    const second = await workingWorker();
    const deadline = killedAt + REDO_WITHIN_MS;
    const restarted = (message: TranscodingMessage) => message.type === 'progress' && message.request_id === answer.request_id;
    await until('render restarted by the second worker', deadline, () => messagesOf(second).find(restarted), second);
    const redoneAfter = Date.now() - killedAt;
    const ready = await until(
      'ready file',
      Date.now() + 60_000,
      async () => {
        const request = await requestOf(holder.browser, answer.request_id);
        return request?.stage === 'download_now' ? request : undefined;
      },
      second,
    );
    const readyAfter = Date.now() - killedAt;
    console.log(
      `worker killed at ${seen.type === 'progress' ? seen.percent : '?'} %; its render restarted ${(redoneAfter / 1000).toFixed(1)} s ` +
        `after the kill, the file was ready ${(readyAfter / 1000).toFixed(1)} s after it`,
    );
    expect(ready).toMatchObject({ progress: 100, quality: 'full_hd', file_type: 'mxf' });

    // Finished once: one completion, told by the second worker (after the file's row is ready and
    // its notices kept, so it may follow the ready state by a moment); one job, retried once.
    await until('completion told', Date.now() + 15_000, () => messagesOf(second).find((message) => message.type === 'completed'), second);
    const completions = [...messagesOf(first), ...messagesOf(second)].filter((message) => message.type === 'completed');
    expect(completions).toEqual([expect.objectContaining({ request_id: answer.request_id })]);
    const jobs = await sender?.findJobs(RENDER_QUEUE, { key });
    expect(jobs?.map((job) => ({ state: job.state, retryCount: job.retryCount }))).toEqual([{ state: 'completed', retryCount: 1 }]);

    // One file, whole: an MXF that decodes to its end.
    const files = await t.database.db.select().from(renditions).where(eq(renditions.renditionKey, key));
    expect(files).toHaveLength(1);
    const [file] = files;
    const size = await t.services.files.store.size(file?.storageKey ?? '-');
    expect(size).toBeGreaterThan(0);
    expect(file?.sizeBytes).toBe(size);
    const copy = path.join(filesRoot, 'check.mxf');
    await pipeline(t.services.files.store.read(file?.storageKey ?? '-'), createWriteStream(copy));
    const handle = await open(copy);
    const { buffer } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    await handle.close();
    expect(buffer.toString('hex')).toBe('060e2b34'); // an MXF partition pack's key
    await runFfmpeg(t.services.files.ffmpeg, ['-xerror', '-i', copy, '-f', 'null', '-']);

    // Charged once: one download from the pool, none given back.
    const operations = await t.database.db
      .select({ type: agreementOperations.operationType, amount: agreementOperations.amount })
      .from(agreementOperations)
      .where(eq(agreementOperations.agreementId, pass.id));
    expect(operations.filter((operation) => operation.type !== 'grant')).toEqual([{ type: 'download', amount: -1 }]);
    const [pool] = await t.database.db
      .select({ amount: agreementBalances.amount })
      .from(agreementBalances)
      .where(and(eq(agreementBalances.agreementId, pass.id), eq(agreementBalances.kind, 'pool')));
    expect(pool?.amount).toBe(9);
  }, 150_000);
});
