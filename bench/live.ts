/**
 * bench/live: the live picture through the platform, each figure next to a baseline of the same run.
 *   1. Push → first playable segment: an encoder (ffmpeg, 1 s GOP) starts pushing to the RTMP
 *      ingest; the time until the event's signed playlist names a segment that downloads. 5 runs.
 *   2. 500 simulated viewers polling the live playlist and fetching segments through the platform's
 *      signed /live links, next to a bare node:http server serving the same session folder.
 *   3. CPU per ingested stream: the platform's packaging (copied, not re-encoded) over 20 s of a
 *      720p25 push, next to the same packaging re-encoding to H.264 (what a non-H.264 input costs).
 *
 *   npm run bench:live    PostgreSQL at BENCH_DATABASE_URL, else
 *                         postgres://postgres@127.0.0.1:5432/newsreel_bench_live (dropped and made again)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { resolveFfmpeg } from '../src/server/modules/media/ffmpeg.ts';
import { playbackUrl } from '../src/server/modules/live/stream.ts';
import { processCpuSeconds } from './media-cpu.ts';
import { recreateDatabase, REPOSITORY as root, runScript } from './seeded-postgres.ts';
import { freePort, load, percentile, sleep, stop, waitUntilReady, type Load } from './support.ts';
import { SHARED_SECRETS } from '../src/server/test/server-process.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/newsreel_bench_live';
const APP_SECRET = 'bench-live-secret-not-for-production-0123456789';
const FIRST_SEGMENT_RUNS = 5;
const VIEWERS = 500;
const VIEW_SECONDS = 10;
const CPU_SECONDS = 20;
const ffmpeg = resolveFfmpeg(undefined);

/** Resolves once something accepts connections on the port. */
async function listening(port: number): Promise<void> {
  for (let tries = 0; tries < 600; tries += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on ${port}`);
}

/** An event starting now with a stream key of its own, straight into the database. */
async function liveEvent(client: pg.Client, label: string): Promise<{ id: number; key: string }> {
  const key = randomBytes(18).toString('base64url');
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO live_events (slug, title, status, start_at, access, stream_key, created_at, updated_at)
     VALUES ($1, $2, 'confirmed', now(), 'free', $3, now(), now()) RETURNING id`,
    [`bench-${label}-${Date.now()}`, `Bench ${label}`, key],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no event');
  return { id, key };
}

/** An encoder pushing a 720p25 H.264/AAC test picture with a 1 s GOP, for `seconds`. */
function push(rtmpPort: number, key: string, seconds: number): ChildProcess {
  return spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'],
      // A newsroom's 720p contribution: 2.5 Mb/s, so a 1 s segment is about 320 KB.
      ...['-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '2500k', '-c:a', 'aac', '-b:a', '128k'],
      ...['-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

/** Seconds from the push's start until the playlist names a segment that downloads. */
async function firstSegment(base: string, rtmpPort: number, event: { id: number; key: string }): Promise<number> {
  const url = `${base}${playbackUrl(APP_SECRET, event.id, new Date())}`;
  const started = performance.now();
  const encoder = push(rtmpPort, event.key, 8);
  let said = '';
  encoder.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  let last = '';
  try {
    for (;;) {
      if (performance.now() - started > 30_000)
        throw new Error(`no segment within 30 s (last answer: ${last}; encoder exit ${encoder.exitCode}: ${said.trim()})`);
      const playlist = await fetch(url).then(async (response) => {
        last = `${response.status} ${(await response.clone().text()).slice(0, 200)}`;
        return response.ok ? response.text() : '';
      });
      const segment = playlist.split('\n').find((line) => line.startsWith('seg'));
      if (segment) {
        const bytes = await fetch(`${base}/live/${event.id}/${segment}`);
        if (bytes.ok && (await bytes.arrayBuffer()).byteLength > 0) return (performance.now() - started) / 1000;
      }
      await sleep(25);
    }
  } finally {
    encoder.kill('SIGKILL');
  }
}

/** A bare node:http server of the session folder: the same playlist and segments, no checks. */
async function bareServer(dir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const script = `
    const http = require('node:http'); const fs = require('node:fs'); const path = require('node:path');
    http.createServer((req, res) => {
      if (req.url === '/readyz') return res.end('ok');
      const name = path.basename(req.url.split('?')[0]);
      fs.readFile(path.join(process.env.DIR, name), (error, data) => {
        if (error) { res.statusCode = 404; return res.end(); }
        res.setHeader('content-type', name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
        res.end(data);
      });
    }).listen(Number(process.env.PORT), '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, PORT: String(port), DIR: dir }, stdio: 'ignore' });
  await waitUntilReady(child, `http://127.0.0.1:${port}/readyz`);
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Viewers: each polls the playlist and fetches a segment, over and over, VIEWERS at once. */
function viewers(origin: string, playlistPath: string, segmentPath: string): Promise<Load> {
  return load({
    url: origin,
    connections: VIEWERS,
    duration: VIEW_SECONDS,
    requests: [
      { method: 'GET', path: playlistPath },
      { method: 'GET', path: segmentPath },
    ],
  });
}

/** The pid of the server's ffmpeg packaging the session in `dir`. */
async function packagerPid(serverPid: number, dir: string): Promise<number> {
  const list = await readFile(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8').catch(() => '');
  for (const pid of list.split(' ').filter(Boolean).map(Number)) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.includes(dir)) return pid;
  }
  throw new Error('no packaging ffmpeg under the server');
}

/** The same push re-encoded to H.264 (veryfast) and packaged as HLS by a bare ffmpeg: CPU seconds per second of picture. */
async function transcodingCpu(work: string): Promise<number> {
  const rtmpPort = await freePort();
  const dir = await mkdtemp(path.join(work, 'transcode-'));
  const packager = spawn(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-listen', '1', '-i', `rtmp://127.0.0.1:${rtmpPort}/live/x`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-c:a', 'aac', '-f', 'hls', '-hls_time', '1', path.join(dir, 'index.m3u8')],
  ]);
  await sleep(500);
  const started = performance.now();
  const encoder = push(rtmpPort, 'x', CPU_SECONDS);
  let cpu = 0;
  const watch = setInterval(() => void processCpuSeconds(packager.pid ?? -1).then((seconds) => (cpu = Math.max(cpu, seconds))), 200);
  await new Promise((resolve) => encoder.on('exit', resolve));
  const wall = (performance.now() - started) / 1000;
  await new Promise((resolve) => packager.on('exit', resolve));
  clearInterval(watch);
  return cpu / wall;
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const rate = (run: Load) => run.latencies.length / run.seconds;
const row = (label: string, figure: string, ratio = '', target = '') =>
  `  ${label.padEnd(58)} ${figure.padEnd(44)} ${ratio.padStart(5)}   ${target}`.trimEnd();
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
const loadFigure = (run: Load) => `${Math.round(rate(run))} req/s  p95 ${fixed(percentile(run.latencies, 95), 1)} ms`;

async function main(): Promise<number> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-live-'));
  await recreateDatabase(PG_URL);
  const port = await freePort();
  let rtmpPort = await freePort();
  while (rtmpPort === port) rtmpPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const dataDir = path.join(work, 'data');
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
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    // The 500 viewers all come from this machine: the per-address connection limit is raised for them.
    env: {
      ...env,
      SEED_DEMO: 'no',
      LIVE_RTMP_PORT: String(rtmpPort),
      LIVE_SRT_PORTS: 'off',
      LIVE_DEMO_PUBLISHER: 'off',
      MAX_CONNECTIONS_PER_ADDRESS: '2000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  let bare: ChildProcess | undefined;
  let encoder: ChildProcess | undefined;
  try {
    await waitUntilReady(server, `${base}/readyz`);
    // The ingest starts once the app answers and its jobs have started.
    await listening(rtmpPort);
    console.log(`push → first playable segment, ${FIRST_SEGMENT_RUNS} runs …`);
    const firsts: number[] = [];
    for (let run = 0; run < FIRST_SEGMENT_RUNS; run += 1) {
      firsts.push(await firstSegment(base, rtmpPort, await liveEvent(client, `first-${run}`)));
      await sleep(1500);
    }

    console.log(`${VIEWERS} viewers of a live session, platform and bare server alternating; the packaging's CPU meanwhile …`);
    const event = await liveEvent(client, 'viewers');
    encoder = push(rtmpPort, event.key, 300);
    await sleep(6000);
    // The session packaging now: earlier sessions' folders went when they ended (live/hls-session.ts).
    const sessions = path.join(dataDir, 'live', 'sessions');
    const sessionId = (await readdir(sessions)).at(-1) ?? '';
    const pointer = { dir: path.join(sessions, sessionId) };
    const segment =
      (await readdir(pointer.dir))
        .filter((name) => /^seg\d{5}\.ts$/.test(name))
        .sort()
        .at(-1) ?? 'seg00001.ts';
    const signed = new URL(`${base}${playbackUrl(APP_SECRET, event.id, new Date())}`);
    const started = await bareServer(pointer.dir);
    bare = started.child;
    const packager = await packagerPid(server.pid ?? -1, pointer.dir);
    const [cpuBefore, wallBefore] = [await processCpuSeconds(packager), performance.now()];
    const platformRuns: Load[] = [];
    const bareRuns: Load[] = [];
    for (let round = 0; round < 2; round += 1) {
      bareRuns.push(await viewers(started.base, '/index.m3u8', `/${segment}`));
      platformRuns.push(
        await viewers(base, `${signed.pathname}${signed.search}`, `/live/${event.id}/${sessionId}/${segment}${signed.search}`),
      );
    }
    const copySeconds = (await processCpuSeconds(packager)) - cpuBefore;
    const copyWall = (performance.now() - wallBefore) / 1000;
    const copyCpu = copySeconds / copyWall;
    if (encoder.exitCode !== null) throw new Error('the encoder stopped during the viewers runs');
    encoder.kill('SIGKILL');
    console.log(`the same push re-encoded by a bare ffmpeg, ${CPU_SECONDS} s …`);
    const transcodeCpu = await transcodingCpu(work);

    const median = (runs: Load[]) => [...runs].sort((a, b) => rate(a) - rate(b))[Math.floor(runs.length / 2)] ?? runs[0];
    const bareMid = median(bareRuns);
    const platformMid = median(platformRuns);
    if (!bareMid || !platformMid) throw new Error('no viewer runs');
    const ratio = rate(platformMid) / rate(bareMid);
    const firstMedian = percentile(firsts, 50);
    const failures = platformRuns.reduce((n, run) => n + (run.latencies.length - (run.statuses.get(200) ?? 0)), 0);
    const cutOff = (runs: Load[]) => runs.reduce((n, run) => n + run.errors + run.timeouts, 0);
    console.log(`\nlive, ${os.cpus().length} cores`);
    for (const text of [
      row(
        'push → first playable segment (1 s segments, 1 s GOP)',
        `median ${fixed(firstMedian)} s  (${firsts.map((value) => fixed(value)).join(', ')})`,
        '',
        `target <= 3 s: ${met(firstMedian <= 3)}`,
      ),
      row(`${VIEWERS} viewers, playlist + segment, bare node:http`, loadFigure(bareMid), '1.00'),
      row(
        `  the same through the platform's signed /live links`,
        loadFigure(platformMid),
        fixed(ratio),
        `target >= 0.8: ${met(ratio >= 0.8)}`,
      ),
      row(
        'CPU per ingested stream, copied (the platform)',
        `${fixed(copyCpu * 100, 2)} % of a core (${fixed(copySeconds)} s in ${fixed(copyWall, 0)} s)`,
      ),
      row('  the same stream re-encoded (H.264 veryfast, bare ffmpeg)', `${fixed(transcodeCpu * 100, 1)} % of a core`),
      `  requests cut off at the end of a run or timed out: bare ${cutOff(bareRuns)}, platform ${cutOff(platformRuns)}`,
      `  statuses through the platform: ${platformRuns.map((run) => [...run.statuses].map(([status, n]) => `${status}: ${n}`).join(', ')).join(' | ')}`,
    ])
      console.log(text);
    if (failures > 0) console.error(`FAIL: ${failures} viewer requests through the platform did not answer 200`);
    return failures > 0 ? 1 : 0;
  } finally {
    encoder?.kill('SIGKILL');
    if (bare) await stop(bare);
    await stop(server);
    await client.end();
    await rm(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
