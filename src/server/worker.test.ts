import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from './db/client.ts';
import { videoRequests } from './modules/downloads/schema.ts';
import { resolveFfmpeg, runFfmpeg } from './modules/media/ffmpeg.ts';
import { projectRoot } from './paths.ts';
import { createDatabaseFromTemplate, dropDatabase } from './test/postgres.ts';
import { ffmpegChildrenOf, isRunning, procAvailable } from './test/processes.ts';
import { queueRender } from './test/queued-render.ts';
import { SHARED_SECRETS } from './test/server-process.ts';

/*
 * `npm run worker` stopped by SIGTERM in the middle of a render (issue 27): it takes no new job,
 * lets the running one finish within SHUTDOWN_GRACE_SECONDS and exits 0; with too short a grace it
 * leaves the job to another worker (pg-boss retries it) and its ffmpeg does not outlive it. A worker
 * needs a PostgreSQL server: the PostgreSQL pass only.
 */
const templateUrl = inject('postgresTemplateUrl');
const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
const MASTER_KEY = 'masters/worker-shutdown.mp4';

let databaseUrl: string;
let database: Database;
let dataDir: string;
const started: ChildProcess[] = [];

function startWorker(graceSeconds: number): { child: ChildProcess; exited: Promise<unknown> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...{ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, FFMPEG_PATH: ffmpeg, LOG_LEVEL: 'warn', ...SHARED_SECRETS },
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.push(child);
  return { child, exited: once(child, 'exit') };
}

async function until<T>(what: string, ms: number, find: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (const deadline = Date.now() + ms; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms / 1000} s`);
  }
}

const requestState = async (renditionKey: string) =>
  (await database.db.select({ state: videoRequests.state }).from(videoRequests).where(eq(videoRequests.renditionKey, renditionKey)))[0]
    ?.state;

/** pg-boss's state of the render job of this rendition. */
async function jobState(renditionKey: string): Promise<string | undefined> {
  const result: unknown = await database.db.execute(
    sql`select state::text as state from pgboss.job where name = 'downloads.render' and data->>'renditionKey' = ${renditionKey}`,
  );
  return (result as { rows: { state: string }[] }).rows[0]?.state;
}

describe.skipIf(!templateUrl || !procAvailable)('SIGTERM to a worker in the middle of a render (issue 27)', () => {
  beforeAll(async () => {
    databaseUrl = await createDatabaseFromTemplate(templateUrl);
    database = await openPostgres(databaseUrl, { max: 2 });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-worker-stop-'));
    await mkdir(path.join(dataDir, 'storage', 'masters'), { recursive: true });
    await runFfmpeg(ffmpeg, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '8'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path.join(dataDir, 'storage', MASTER_KEY)],
    ]);
  }, 60_000);

  afterAll(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('within the grace, the running render finishes, and the worker exits 0', async () => {
    const renditionKey = await queueRender(database, MASTER_KEY, 8);
    const worker = startWorker(60);
    const render = await until('render started by the worker', 60_000, () => ffmpegChildrenOf(worker.child.pid ?? 0)[0]);
    worker.child.kill('SIGTERM');
    const [code] = (await worker.exited) as [number | null];
    expect(code).toBe(0);
    expect(await requestState(renditionKey)).toBe('ready');
    expect(await jobState(renditionKey)).toBe('completed');
    expect(isRunning(render)).toBe(false);
  }, 120_000);

  it('past the grace, the render is left to another worker and its ffmpeg ends with the worker', async () => {
    const renditionKey = await queueRender(database, MASTER_KEY, 8);
    const worker = startWorker(0);
    const render = await until('render started by the worker', 60_000, () => ffmpegChildrenOf(worker.child.pid ?? 0)[0]);
    const stopping = Date.now();
    worker.child.kill('SIGTERM');
    const [code] = (await worker.exited) as [number | null];
    expect(code).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(8_000);
    expect(isRunning(render)).toBe(false);
    // Failed by the stopping worker, to be retried by another; the request still waits for its file.
    expect(await jobState(renditionKey)).toBe('retry');
    expect(await requestState(renditionKey)).toBe('transcoding');
  }, 120_000);
});
