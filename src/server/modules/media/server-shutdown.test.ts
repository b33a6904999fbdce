import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../db/client.ts';
import { jobSender } from '../../jobs/sender.ts';
import { createUser } from '../../test/factories.ts';
import { ffmpegChildrenOf, isRunning, procAvailable } from '../../test/processes.ts';
import { freePort, SERVER_COMMAND } from '../../test/server-process.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { RENDER_QUEUE } from '../downloads/jobs.ts';
import { videoMasters, videoRequests } from '../downloads/schema.ts';
import { resolveFfmpeg, runFfmpeg } from './ffmpeg.ts';

/*
 * The real server (`npm run serve`, production mode, embedded database) with a render in progress:
 * stopped by SIGTERM, it ends its ffmpeg before it exits; killed by SIGKILL, which it never sees,
 * its ffmpeg dies with it (parent-death signal). Linux only: the test watches processes in /proc.
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
const hasSetpriv = spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore' }).status === 0;
/** A minute of master rendered to 1080p MXF: tens of seconds here, far longer than the server's 10 s to stop. */
const MASTER_SECONDS = 60;
const MASTER_KEY = 'masters/shutdown-test.mp4';

let dataDir: string;
const seen: number[] = [];

async function until<T>(what: string, ms: number, find: () => T | undefined): Promise<T> {
  for (const deadline = Date.now() + ms; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms / 1000} s`);
  }
}

/** A requested 1080p MXF of a video with the minute-long master, its render queued, in the server's database. */
async function queueRender(first: boolean) {
  const database = await openPglite({
    dataDir: path.join(dataDir, 'db'),
    ...(first ? { loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) } : {}),
  });
  try {
    const user = await createUser(database.db);
    const now = new Date();
    const [projectId = 0] = await insertProjects(
      database.db,
      [
        {
          projectId: `SHUTDOWN-${randomUUID().slice(0, 8)}`,
          language: 'en',
          title: 'Shutdown',
          datelineDate: '2026-11-20',
          duration: MASTER_SECONDS,
          freeAccess: true,
          publishedAt: now,
        },
      ],
      now,
    );
    await database.db.insert(videoMasters).values({ projectId, storageKey: MASTER_KEY, durationSeconds: MASTER_SECONDS });
    const renditionKey = randomUUID().replace(/-/g, '');
    await database.db.insert(videoRequests).values({
      ...{ userId: user.id, projectId, quality: 'full_hd', container: 'mxf', format: 'clean', state: 'transcoding' },
      ...{ renditionKey, createdAt: now, updatedAt: now },
    });
    const jobs = jobSender(database.connection);
    await jobs.send(RENDER_QUEUE, { renditionKey });
    await jobs.stop();
  } finally {
    await database.close();
  }
}

/** The server as `npm start` runs it (SERVER_COMMAND), in production mode; answers once it renders (an ffmpeg of its own runs). */
async function serverRendering(): Promise<{ server: ChildProcess; render: number; exited: Promise<unknown> }> {
  const server = spawn(process.execPath, SERVER_COMMAND, {
    cwd: root,
    env: {
      ...process.env,
      ...{ NODE_ENV: 'production', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(await freePort()), LOG_LEVEL: 'warn' },
      ...{ SEED_DEMO: 'no', LIVE_RTMP_PORT: 'off', LIVE_SRT_PORTS: 'off', LIVE_DEMO_PUBLISHER: 'off' },
      ...{ APP_SECRET: 'a-test-secret-of-at-least-thirty-two-characters', FFMPEG_PATH: ffmpeg },
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(server, 'exit');
  const pid = server.pid ?? 0;
  const render = await until('render started by the server', 90_000, () => {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    return ffmpegChildrenOf(pid)[0];
  });
  seen.push(render);
  return { server, render, exited };
}

// The server under test runs on its embedded database, seeded from the PGlite pass's template; the
// PostgreSQL pass has none, and what is tested here (processes) does not depend on the database.
describe.skipIf(!procAvailable || !inject('pgliteTemplate'))('ffmpeg ends with the server (issue: security, media bombs)', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-shutdown-'));
    await mkdir(path.join(dataDir, 'storage', 'masters'), { recursive: true });
    await runFfmpeg(ffmpeg, [
      ...['-f', 'lavfi', '-i', 'color=c=steelblue:size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
      ...['-t', String(MASTER_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      path.join(dataDir, 'storage', MASTER_KEY),
    ]);
  }, 60_000);
  afterAll(async () => {
    // Whatever the outcome, nothing this test made keeps running.
    for (const pid of seen) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM during a render: its ffmpeg is ended first, and the server exits at once rather than wait for it', async () => {
    await queueRender(true);
    const { server, render, exited } = await serverRendering();
    const stopping = Date.now();
    server.kill('SIGTERM');
    await exited;
    const exitMs = Date.now() - stopping;
    expect(isRunning(render)).toBe(false);
    // The job runner alone waits up to 8 s for a running job before it gives up on it (jobs/runner.ts).
    expect(exitMs, `the server took ${exitMs} ms to exit`).toBeLessThan(6_000);
  }, 180_000);

  it.skipIf(!hasSetpriv)(
    'SIGKILL during a render: the ffmpeg dies with the server it belonged to',
    async () => {
      await queueRender(false);
      const { server, render, exited } = await serverRendering();
      server.kill('SIGKILL');
      await exited;
      await until('end of the render’s ffmpeg', 5_000, () => (isRunning(render) ? undefined : true)).catch(() => undefined);
      expect(isRunning(render)).toBe(false);
    },
    180_000,
  );
});
