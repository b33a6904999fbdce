import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { purchaseResultSchema, videoRequestListSchema } from '../common/downloads.ts';
import { liveEventDetailSchema } from '../common/live.ts';
import { openPostgres, type Database } from './db/client.ts';
import { agreementBalances, agreementOperations } from './modules/agreements/schema.ts';
import { insertProjects } from './modules/catalogue/writer.ts';
import { renditions, videoMasters } from './modules/downloads/schema.ts';
import { s3FileStore } from './modules/downloads/storage-s3.ts';
import { resolveFfmpeg, runFfmpeg } from './modules/media/ffmpeg.ts';
import { liveEvents, liveRecordings } from './modules/live/schema.ts';
import { createAgreement, createSessionToken, createUser } from './test/factories.ts';
import { createEmptyDatabase, dropDatabase } from './test/postgres.ts';
import { ffmpegChildrenOf } from './test/processes.ts';
import { listening, startProductionShape, type ProductionShape, type ShapeProcess } from './test/production-shape.ts';

/*
 * Issue 27's "done when": production's shape on one machine (test/production-shape.ts): two API
 * processes with WORKERS=off started together on an empty PostgreSQL database, two workers, Redis
 * and an S3 store, every process with a data folder of its own. Only in the PostgreSQL pass.
 */
const templateUrl = inject('postgresTemplateUrl');
const redisUrl = process.env.REDIS_URL;
const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
const MASTER_SECONDS = 20;

let shape: ProductionShape;
let databaseUrl: string;
let database: Database;
let work: string;

async function until<T>(what: string, ms: number, find: () => Promise<T | undefined | null | false>): Promise<T> {
  for (const deadline = Date.now() + ms; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const found = await find().catch(() => undefined);
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms / 1000} s`);
  }
}

/** A signed-in browser's calls to one API process: its session cookie on every request. */
function browserOn(api: ShapeProcess, token: string) {
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${api.http}${url}`, {
      method,
      headers: { cookie: `session=${token}`, ...(body ? { 'content-type': 'application/json' } : {}), origin: api.http ?? '' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, text: await response.text() };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
    patch: (url: string, body: unknown) => call('PATCH', url, body),
  };
}

async function signedIn(api: ShapeProcess, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(database.db, overrides);
  return { user, browser: browserOn(api, await createSessionToken(database.db, user)) };
}

describe.skipIf(!templateUrl || !redisUrl)('production on many processes (issue 27)', () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'newsreel-shape-test-'));
    databaseUrl = await createEmptyDatabase(templateUrl);
    shape = await startProductionShape({ databaseUrl, redisUrl: redisUrl ?? '', env: { SHUTDOWN_DRAIN_SECONDS: '2' } });
    database = await openPostgres(databaseUrl, { max: 4 });
  }, 180_000);
  afterAll(async () => {
    await shape?.stop();
    await database?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('two API processes started together on an empty database both got ready, each migration applied once', async () => {
    for (const api of shape.apis) expect((await fetch(`${api.http}/readyz`)).status).toBe(200);
    const [applied] = await database.db
      .select({ all: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct hash)::int` })
      .from(sql`drizzle.__drizzle_migrations`);
    expect(applied?.all).toBeGreaterThan(30);
    expect(applied?.all).toBe(applied?.distinct);
  });

  it('a picture pushed to the RTMP ingest of one API process plays through the other; the finished event’s recording exists', async () => {
    const owners = await Promise.all(shape.apis.map((api) => listening(api.rtmpPort ?? 0)));
    expect(owners.filter(Boolean)).toHaveLength(1);
    const owner = shape.apis[owners.indexOf(true)] as ShapeProcess;
    const other = shape.apis[owners.indexOf(false)] as ShapeProcess;

    const key = `shape-stream-key-${randomUUID()}`;
    const now = new Date();
    const [event] = await database.db
      .insert(liveEvents)
      .values({
        slug: `shape-${randomUUID().slice(0, 8)}`,
        title: 'Harbour live',
        status: 'confirmed',
        access: 'free',
        streamKey: key,
        startAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const viewer = await signedIn(other);
    const detail = async () =>
      liveEventDetailSchema.parse(JSON.parse((await viewer.browser.get(`/api/content/live/events/${event?.slug}`)).text));

    const push = spawn(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '8'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
        `rtmp://127.0.0.1:${owner.rtmpPort}/live/${key}`,
      ],
      { stdio: 'ignore' },
    );
    const pushed = new Promise((resolve) => push.on('exit', resolve));
    try {
      const url = await until('playback link on the other process', 45_000, async () => (await detail()).playback_url);
      const playlist = await until('playlist through the other process', 30_000, async () => {
        const answer = await viewer.browser.get(url);
        return answer.status === 200 && answer.text.includes('seg00001.ts?') ? answer.text : null;
      });
      const segment = playlist.split('\n').find((line) => line.includes('seg00001.ts?')) ?? '';
      const bytes = await fetch(`${other.http}/live/${event?.id}/${segment}`);
      expect(bytes.status).toBe(200);
      expect(Buffer.from(await bytes.arrayBuffer()).readUInt8(0)).toBe(0x47);
      // Every process tells the same: one picture is being received.
      const publishing = await (await fetch(`${other.http}/metrics`)).text();
      expect(publishing).toMatch(/^newsreel_live_sessions_publishing 1$/m);
    } finally {
      await pushed;
    }

    // The desk finishes it through the other process; a worker records what was stored.
    const admin = await signedIn(other, { isAdmin: true });
    const finished = await admin.browser.patch(`/api/admin/content/live/events/${event?.id}`, { live_event: { status: 'finished' } });
    expect(finished.status, finished.text).toBe(200);
    const recording = await until('recording', 90_000, async () => {
      const [row] = await database.db
        .select()
        .from(liveRecordings)
        .where(eq(liveRecordings.eventId, event?.id ?? 0));
      return row;
    });
    expect(recording.durationSeconds).toBeGreaterThanOrEqual(5);
    const [master] = await database.db.select().from(videoMasters).where(eq(videoMasters.projectId, recording.projectId));
    const store = s3FileStore({ ...shape.s3, region: 'us-east-1' });
    expect(await store.size(master?.storageKey ?? '-')).toBeGreaterThan(10_000);
    store.close();
  }, 240_000);

  it('a worker killed mid-render: the other finishes the file once, and the customer is charged once', async () => {
    const [api] = shape.apis as [ShapeProcess];
    const file = path.join(work, 'master.mp4');
    await runFfmpeg(ffmpeg, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
      ...['-t', String(MASTER_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    const store = s3FileStore({ ...shape.s3, region: 'us-east-1' });
    await store.put('masters/shape.mp4', file);
    store.close();
    const [video = 0] = await insertProjects(
      database.db,
      [
        {
          ...{ projectId: 'SHAPE-1', language: 'en', title: 'Flood waters rise', datelineDate: '2026-11-20', duration: MASTER_SECONDS },
          ...{ freeAccess: false, limitType: 'pool', publishedAt: new Date('2026-11-20T12:00:00Z') },
        },
      ],
      new Date(),
    );
    await database.db.insert(videoMasters).values({ projectId: video, storageKey: 'masters/shape.mp4', durationSeconds: MASTER_SECONDS });
    const holder = await signedIn(api, { userGroup: 'customer' });
    const pass = await createAgreement(
      database.db,
      { userId: holder.user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: 10, refill: 10 }] },
      new Date(),
    );

    const response = await holder.browser.post(`/api/content/video_projects/${video}/videos/download`, {
      restrictions_accepted: true,
      quality: 'full_hd',
      file_type: 'mxf',
    });
    expect(response.status, response.text).toBe(200);
    const answer = purchaseResultSchema.parse(JSON.parse(response.text));
    // The worker rendering it, a second into its ffmpeg: killed with its children, as a machine lost.
    const rendering = await until('a render', 60_000, async () => shape.workers.find((worker) => ffmpegChildrenOf(worker.pid).length > 0));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    process.kill(-rendering.pid, 'SIGKILL');
    expect((await rendering.exited).signal).toBe('SIGKILL');

    const ready = await until('the file rendered by the other worker', 150_000, async () => {
      const list = videoRequestListSchema.parse(JSON.parse((await holder.browser.get('/api/current_user/my_content/video_requests')).text));
      const request = list.video_requests.find((each) => each.id === answer.request_id);
      return request?.stage === 'download_now' ? request : undefined;
    });
    expect(ready).toMatchObject({ progress: 100, quality: 'full_hd', file_type: 'mxf' });
    expect(await database.db.select().from(renditions).where(eq(renditions.projectId, video))).toHaveLength(1);
    const operations = await database.db
      .select({ type: agreementOperations.operationType, amount: agreementOperations.amount })
      .from(agreementOperations)
      .where(eq(agreementOperations.agreementId, pass.id));
    expect(operations.filter((operation) => operation.type !== 'grant')).toEqual([{ type: 'download', amount: -1 }]);
    const [pool] = await database.db
      .select({ amount: agreementBalances.amount })
      .from(agreementBalances)
      .where(and(eq(agreementBalances.agreementId, pass.id), eq(agreementBalances.kind, 'pool')));
    expect(pool?.amount).toBe(9);
  }, 300_000);

  it('SIGTERM of an API process under steady load behind a balancer that heeds readiness loses no request; /metrics counts them', async () => {
    const [kept, stopped] = shape.apis as [ShapeProcess, ShapeProcess];
    const before = requestsCounted(await (await fetch(`${kept.http}/metrics`)).text());
    const balancer = readinessBalancer(shape.apis);
    let loading = true;
    const outcomes: { status?: number; error?: string }[] = [];
    const loops = [1, 2, 3, 4].map(async () => {
      while (loading) outcomes.push(await balancer.get('/api/locales'));
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    process.kill(stopped.pid, 'SIGTERM');
    const exit = await stopped.exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    loading = false;
    await Promise.all(loops);
    balancer.stop();

    expect(exit.code).toBe(0);
    expect(outcomes.length).toBeGreaterThan(50);
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(balancer.servedBy(stopped)).toBeGreaterThan(0);
    const after = requestsCounted(await (await fetch(`${kept.http}/metrics`)).text());
    expect(after - before).toBeGreaterThanOrEqual(balancer.servedBy(kept));
  }, 120_000);
});

/** The requests a process's /metrics says it answered on /api/locales. */
function requestsCounted(metrics: string): number {
  let total = 0;
  for (const line of metrics.split('\n'))
    if (line.startsWith('newsreel_http_request_duration_seconds_count{') && line.includes('route="/api/locales"'))
      total += Number(line.split(' ').at(-1));
  return total;
}

/**
 * What a load balancer does: asks each process's /readyz every 200 ms, sends each request to the
 * next ready one over kept-alive connections, and tries another when a connection is refused or
 * closed before any answer (the request was never read).
 */
function readinessBalancer(apis: ShapeProcess[]) {
  const ready = new Map(apis.map((api) => [api, true]));
  const served = new Map(apis.map((api) => [api, 0]));
  const agents = new Map(apis.map((api) => [api, new http.Agent({ keepAlive: true, maxSockets: 8 })]));
  const probe = setInterval(() => {
    for (const api of apis)
      void fetch(`${api.http}/readyz`, { headers: { connection: 'close' } }).then(
        (response) => ready.set(api, response.ok),
        () => ready.set(api, false),
      );
  }, 200);
  let turn = 0;
  const once = (api: ShapeProcess, url: string) =>
    new Promise<{ status?: number; error?: string; unread?: boolean }>((resolve) => {
      const request = http.get(`${api.http}${url}`, { agent: agents.get(api) }, (response) => {
        response.resume();
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ status: response.statusCode, error: error.code }));
        response.on('end', () => resolve({ status: response.statusCode }));
      });
      request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, unread: true }));
    });
  return {
    async get(url: string) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const candidates = apis.filter((api) => ready.get(api));
        const api = candidates[turn++ % Math.max(1, candidates.length)] ?? apis[0];
        if (!api) break;
        const outcome = await once(api, url);
        if (outcome.unread && (outcome.error === 'ECONNREFUSED' || outcome.error === 'ECONNRESET')) {
          ready.set(api, false);
          continue;
        }
        if (outcome.status === 200) served.set(api, (served.get(api) ?? 0) + 1);
        return outcome;
      }
      return { error: 'no process answered' };
    },
    servedBy: (api: ShapeProcess) => served.get(api) ?? 0,
    stop() {
      clearInterval(probe);
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
