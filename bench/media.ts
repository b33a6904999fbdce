/**
 * bench/media: media work end to end, each figure next to a baseline taken in the same run.
 *   1. A 20 s 1080p25 master rendered to 720p branded MP4 by renderRendition, next to the same
 *      ffmpeg command (built by renditionArgs) spawned bare; 3 runs each, alternating, medians.
 *   2. The same master rendered to 1080p MXF (MPEG-2 4:2:2 50 Mb/s, PCM) by renderRendition.
 *      Its first 10 s played to a 60 s demo story at 720p branded: encoded whole (the former way)
 *      next to renderRendition's encoding once and copying; 3 runs each, alternating.
 *   3. A 500 MiB rendition served by the platform's signed /files route, next to a bare node:http
 *      server streaming the same file: whole-file GETs and 4 parallel 64 MiB Range GETs.
 *   4. The download call for a free video whose rendition exists, at 50 clients as fast as it is
 *      answered and paced at 250 calls/s, next to /healthz.
 * Wall-clock figures come with CPU figures (bench/media-cpu.ts), which a shared machine disturbs less.
 *
 *   npm run bench:media        PostgreSQL at BENCH_DATABASE_URL, else
 *                              postgres://postgres@127.0.0.1:5432/newsreel_bench_media (dropped and made again)
 *   npm run bench:media -- --calls   the download call's rows only (4.), without renders or serving
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { downloadName, signedFileUrl } from '../src/server/modules/downloads/files.ts';
import { renditionKey } from '../src/server/modules/downloads/service.ts';
import { resolveFfmpeg } from '../src/server/modules/media/ffmpeg.ts';
import { downloads, DOWNLOAD_BODY, PASSWORD, TEMPLATE_EMAIL, type Downloads } from './media-download.ts';
import { fetchAll, serving, startBareFileServer, writeRendition, type Served, type Serving } from './media-files.ts';
import { LOOP, MASTER_SECONDS, renders, type Renders, type Timing } from './media-render.ts';
import { recreateDatabase, REPOSITORY as root, runScript } from './seeded-postgres.ts';
import { freePort, percentile, serverFlags, stop, waitUntilReady, type Load } from './support.ts';
import { SHARED_SECRETS } from '../src/server/test/server-process.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/newsreel_bench_media';
const APP_SECRET = 'bench-media-secret-not-for-production-0123456789';
const RUNS = 3;
const FILE_MIB = 500;
const RANGE_MIB = 64;
const CONNECTIONS = 50;
/** 100 users x 30 downloads: 3,000 measured calls, every one of them under the daily limit. */
const USERS = 100;
/** The paced run: 50 clients sending 250 calls a second between them, half of what saturates this machine. */
const PACED_RATE = 250;
const callsOnly = process.argv.includes('--calls');

/** The middle value (of an odd count: the nearest-rank 50th percentile). */
const median = (values: number[]) => percentile(values, 50);
const fixed = (value: number, digits = 2) => value.toFixed(digits);

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/users/sign_in.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  return cookie.split(';')[0] ?? '';
}

/** A seeded user asks once through the API and fetches the start of the link it gets: the whole path works. */
async function checkDownload(base: string, projectId: number, cookie: string): Promise<void> {
  const response = await fetch(`${base}/api/content/video_projects/${projectId}/videos/download`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: DOWNLOAD_BODY,
  });
  const body = (await response.json()) as { exist?: boolean; url?: string };
  if (response.status !== 200 || body.exist !== true || !body.url)
    throw new Error(`the download call answered ${response.status} ${JSON.stringify(body)}`);
  const bytes = await fetchAll(`${base}${body.url}`, { start: 0, end: 1023 }, cookie);
  if (bytes !== 1024) throw new Error(`the download link gave ${bytes} bytes of 1024`);
}

/**
 * The database is seeded by `npm run seed`'s script in its own process, then the platform starts
 * with SEED_DEMO=no, as in production: a server that seeds the demo itself also renders preview
 * clips with ffmpeg after start-up, and streams files at several times the CPU (docs/performance.md).
 */
async function platformRun(work: string): Promise<{ files: Serving | null; calls: Downloads }> {
  await recreateDatabase(PG_URL);
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: PG_URL,
    ...SHARED_SECRETS,
    APP_SECRET,
    LOG_LEVEL: 'warn',
  };
  console.log('seeding the demo data into PostgreSQL …');
  await runScript(['--import', 'tsx', 'src/server/seed/cli.ts'], env);

  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  let server: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    const { rows } = await client.query<{ id: number; slug: string }>(
      `SELECT id, project_slug AS slug FROM video_projects
        WHERE free_access AND (embargo_until IS NULL OR embargo_until <= now()) ORDER BY id LIMIT 1`,
    );
    const project = rows[0];
    if (!project) throw new Error('the seeded catalogue has no free video');
    // The rendition the download call asks for (hd, mp4, clean), already made: its file and its row.
    const key = renditionKey(project.id, { quality: 'hd', file_type: 'mp4', video_format: 'clean', brand_position: 'bottom_right' });
    const storageKey = `renditions/${key.slice(0, 2)}/${key}.mp4`;
    const file = path.join(dataDir, 'storage', storageKey);
    await mkdir(path.dirname(file), { recursive: true });
    console.log(`writing the ${FILE_MIB} MiB rendition of video ${project.id} …`);
    const size = await writeRendition(file, FILE_MIB);
    await client.query(
      'INSERT INTO renditions (rendition_key, project_id, storage_key, size_bytes, created_at) VALUES ($1, $2, $3, $4, now())',
      [key, project.id, storageKey, size],
    );

    console.log('starting the platform (PostgreSQL, SEED_DEMO=no, WORKERS=off) and a bare file server …');
    // An API process as production runs it (docs/operations.md): the jobs the seed queued (the demo
    // masters' storyboards, ffmpeg) are left to workers, not run on the cores being measured.
    const platform = spawn(process.execPath, [...serverFlags, '--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...env, SEED_DEMO: 'no', WORKERS: 'off' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    server = platform;
    let exit: string | undefined;
    platform.once('exit', (code, signal) => (exit = signal ? `signal ${signal}` : `code ${code}`));
    await waitUntilReady(platform, `${base}/readyz`);
    const started = await startBareFileServer(file);
    bare = started.child;

    const name = downloadName(project.slug, { quality: 'hd', container: 'mp4', format: 'clean' });
    const platformUrl = `${base}${signedFileUrl(APP_SECRET, { key: storageKey, name, now: new Date() })}`;
    if (!callsOnly) console.log(`serving the file: whole GETs and 4 x ${RANGE_MIB} MiB Range GETs, bare and platform alternating …`);
    const files = callsOnly
      ? null
      : await serving(started, { url: platformUrl, pid: platform.pid ?? -1 }, { runs: RUNS, rangeMib: RANGE_MIB });
    await stop(bare);

    await checkDownload(base, project.id, await signIn(base, TEMPLATE_EMAIL));
    console.log(`the download call: ${USERS} users x 30 calls at ${CONNECTIONS} clients …`);
    const calls = await downloads(base, {
      client,
      serverPid: platform.pid ?? -1,
      projectId: project.id,
      users: USERS,
      connections: CONNECTIONS,
      pacedRate: PACED_RATE,
    });
    if (exit !== undefined) throw new Error(`the server exited during the run (${exit})`);
    return { files, calls };
  } finally {
    if (bare) await stop(bare);
    if (server) await stop(server);
    await client.end();
  }
}

/** One line of the table: what, the figure, the ratio to its baseline, the target. */
const row = (label: string, figure: string, ratio = '', target = '') =>
  `  ${label.padEnd(52)} ${figure.padEnd(50)} ${ratio.padStart(4)}   ${target}`.trimEnd();
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

function renderRows(render: Renders): string[] {
  const wall = (runs: Timing[]) => median(runs.map((run) => run.wall));
  const cpu = (runs: Timing[]) => median(runs.map((run) => run.cpu));
  const figure = (runs: Timing[]) =>
    `${fixed(wall(runs))} s  ${fixed(MASTER_SECONDS / wall(runs), 1)}x realtime  ffmpeg CPU ${fixed(cpu(runs), 1)} s`;
  const looped = (runs: Timing[]) =>
    `${fixed(wall(runs))} s  ${fixed(LOOP.toSeconds / wall(runs), 1)}x realtime  ffmpeg CPU ${fixed(cpu(runs), 1)} s`;
  const ratio = wall(render.bare) / wall(render.platform);
  return [
    row('720p branded MP4 from 20 s 1080p25, bare ffmpeg', figure(render.bare), '1.00'),
    row('  the same through renderRendition', figure(render.platform), fixed(ratio), `target >= 0.95: ${met(ratio >= 0.95)}`),
    row('  (ffmpeg CPU time, bare / renderRendition)', '', fixed(cpu(render.bare) / cpu(render.platform))),
    row('1080p MXF (MPEG-2 4:2:2 50 Mb/s) via renderRendition', figure(render.mxf)),
    row(`${LOOP.toSeconds} s demo story from 10 s, 720p branded, encoded whole`, looped(render.looped.whole), '1.00'),
    row(
      '  encoded once and copied, by renderRendition',
      looped(render.looped.once),
      fixed(wall(render.looped.whole) / wall(render.looped.once)),
    ),
  ];
}

function servingRows(files: Serving): string[] {
  const rate = (runs: Served[]) => median(runs.map((run) => run.rate));
  const figure = (runs: Served[]) => `${Math.round(rate(runs))} MiB/s  server CPU ${fixed(median(runs.map((run) => run.cpuPerGib)))} s/GiB`;
  const full = rate(files.platformFull) / rate(files.bareFull);
  const ranged = rate(files.platformRanges) / rate(files.bareRanges);
  return [
    row(`${FILE_MIB} MiB whole GET, bare node:http`, figure(files.bareFull), '1.00'),
    row(
      "  the same through the platform's signed /files link",
      figure(files.platformFull),
      fixed(full),
      `target >= 0.9: ${met(full >= 0.9)}`,
    ),
    row(`4 x ${RANGE_MIB} MiB Range GETs at once, bare node:http`, figure(files.bareRanges), '1.00'),
    row(
      "  the same through the platform's signed /files link",
      figure(files.platformRanges),
      fixed(ranged),
      `target >= 0.9: ${met(ranged >= 0.9)}`,
    ),
  ];
}

function downloadRows(calls: Downloads): string[] {
  const latency = (run: Load) =>
    `${Math.round(run.latencies.length / run.seconds)} req/s  p50 ${fixed(percentile(run.latencies, 50), 1)} ms  p95 ${fixed(percentile(run.latencies, 95), 1)} ms`;
  const cost = (run: Downloads['ok']) =>
    `    server CPU ${fixed(run.cost.serverCpuMs)} ms, database CPU ${fixed(run.cost.databaseCpuMs)} ms, load generator CPU ${fixed(run.cost.generatorCpuMs)} ms, machine ${fixed(run.cost.machineCpuMs)} ms, ${fixed(run.cost.transactions, 1)} database transactions a call`;
  const statuses = (run: Load) => [...run.statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
  const p95 = percentile(calls.ok.latencies, 95);
  const pacedP95 = percentile(calls.paced.latencies, 95);
  return [
    row(`GET /healthz, ${CONNECTIONS} clients (the machine's baseline)`, latency(calls.healthz)),
    row('download call, file exists, 1 client: 200s', latency(calls.single)),
    cost(calls.single),
    row(`download call, file exists, ${CONNECTIONS} clients: 200s`, latency(calls.ok), '', `target p95 <= 20 ms: ${met(p95 <= 20)}`),
    cost(calls.ok),
    row(`  the same paced at ${PACED_RATE} calls/s: 200s`, latency(calls.paced), '', `target p95 <= 20 ms: ${met(pacedP95 <= 20)}`),
    cost(calls.paced),
    row(`  the same, every user past the daily limit: 403s`, latency(calls.refused)),
    cost(calls.refused),
    `  statuses: 1 client ${statuses(calls.single)}; ${CONNECTIONS} clients ${statuses(calls.ok)} (${calls.ok.existing} exist:true); past the limit ${statuses(calls.refused)}`,
  ];
}

async function main(): Promise<number> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-media-'));
  try {
    const started = performance.now();
    const render = callsOnly ? null : await renders(resolveFfmpeg(undefined), work, RUNS);
    const { files, calls } = await platformRun(work);
    console.log(`\nmedia, ${os.cpus().length} cores, medians of ${RUNS} alternating runs`);
    const lines = [...(render ? renderRows(render) : []), ...(files ? servingRows(files) : []), ...downloadRows(calls)];
    for (const line of lines) console.log(line);
    console.log(`  total ${Math.round((performance.now() - started) / 1000)} s`);
    const everyOk = (run: Downloads['ok']) => run.existing === run.latencies.length && run.errors + run.timeouts === 0;
    const problems = [
      render && render.percentReported !== 100 && `renderRendition reported ${render.percentReported} % at the end, not 100`,
      !everyOk(calls.single) && 'a one-client download call did not answer 200 exist:true',
      !everyOk(calls.ok) && `${calls.ok.latencies.length - calls.ok.existing} download calls did not answer 200 exist:true`,
      !everyOk(calls.paced) && `${calls.paced.latencies.length - calls.paced.existing} paced download calls did not answer 200 exist:true`,
      [...calls.refused.statuses.keys()].some((status) => status !== 403) && 'the calls past the daily limit answered other than 403',
    ].filter((problem): problem is string => typeof problem === 'string');
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    return problems.length > 0 ? 1 : 0;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
