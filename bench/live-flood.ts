/**
 * bench/live-flood: what connections that never publish cost the RTMP ingest. 200 idle TCP
 * connections, 200 connections sending random bytes and 60 RTMP handshakes publishing a wrong key,
 * against the ingest started in this process; the figures are this process's ffmpeg children, their
 * memory, the session folders, and how many of the flood's connections were still open.
 *
 *   npx tsx bench/live-flood.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '../src/server/modules/media/ffmpeg.ts';
import { openPglite } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { startIngest } from '../src/server/modules/live/ingest.ts';
import { currentSession, type LiveStorage } from '../src/server/modules/live/sessions.ts';
import { insertLiveEvents, testLiveStorage } from '../src/server/modules/live/test-support.ts';
import { publishCommands } from '../src/server/modules/live/rtmp-test-support.ts';
import { sleep } from './support.ts';

const IDLE = 200;
const GARBAGE = 200;
const WRONG_KEYS = 60;

/** This process's ffmpeg children and their proportional set size (KiB: shared pages split among their users). */
async function ffmpegChildren(): Promise<{ count: number; rssKiB: number }> {
  const tasks = await readdir(`/proc/${process.pid}/task`);
  let count = 0;
  let rssKiB = 0;
  for (const task of tasks) {
    const list = await readFile(`/proc/${process.pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const pid of list.split(' ').filter(Boolean)) {
      const comm = (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
      if (comm !== 'ffmpeg') continue;
      count += 1;
      const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
      rssKiB += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    }
  }
  return { count, rssKiB };
}

const folders = async (root: string) => (await readdir(path.join(root, 'sessions')).catch(() => [])).length;

function connect(port: number, host: string, localAddress: string): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, localAddress }, () => resolve(socket));
    socket.on('error', () => resolve(null));
  });
}

/** Pushes 3 s of test picture with the good key: ms until the event's first playlist, and until the push ended. */
async function goodPublisher(port: number, storage: LiveStorage, eventId: number): Promise<{ firstPlaylistMs: number; waitedMs: number }> {
  const started = performance.now();
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
    `rtmp://127.0.0.1:${port}/live/the-one-good-stream-key`,
  ];
  const pushed = new Promise((resolve) => spawn(resolveFfmpeg(undefined), args, { stdio: 'ignore' }).on('exit', resolve));
  let firstPlaylistMs = Number.NaN;
  while (Number.isNaN(firstPlaylistMs) && performance.now() - started < 30_000) {
    if (await currentSession(storage, eventId)) firstPlaylistMs = performance.now() - started;
    else await sleep(25);
  }
  await pushed;
  return { firstPlaylistMs, waitedMs: performance.now() - started };
}

async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-flood-'));
  // The sessions' rows need the database: an embedded one, migrated, with one event.
  const database = await openPglite();
  await prepareDatabase(database, { seedDemo: false });
  const storage = testLiveStorage(database.db, root);
  const [eventId = 0] = await insertLiveEvents(database.db, 1);
  const ingest = await startIngest({
    host: '127.0.0.1',
    port: 0,
    ffmpeg: resolveFfmpeg(undefined),
    storage,
    authorize: async (key: string) => (key === 'the-one-good-stream-key' ? { eventId } : null),
  });
  const before = { ...(await ffmpegChildren()), folders: await folders(root) };
  const started = performance.now();
  const sockets: net.Socket[] = [];
  let closed = 0;
  const keep = (socket: net.Socket | null) => {
    if (!socket) return;
    sockets.push(socket);
    socket.on('data', () => undefined);
    socket.on('close', () => (closed += 1));
  };
  // Each kind of flood from its own loopback address, as three clients would be.
  for (let i = 0; i < IDLE; i += 1) keep(await connect(ingest.port, '127.0.0.1', '127.0.0.2'));
  for (let i = 0; i < GARBAGE; i += 1) {
    const socket = await connect(ingest.port, '127.0.0.1', '127.0.0.3');
    keep(socket);
    socket?.write(randomBytes(4096));
  }
  for (let i = 0; i < WRONG_KEYS; i += 1) {
    const socket = await connect(ingest.port, '127.0.0.1', '127.0.0.4');
    keep(socket);
    socket?.write(publishCommands(`wrong-key-${i}`));
  }
  await sleep(2000);
  const during = { ...(await ffmpegChildren()), folders: await folders(root), open: sockets.length - closed };
  const live = await goodPublisher(ingest.port, storage, eventId);
  await sleep(Math.max(0, 8000 - live.waitedMs));
  const after = { ...(await ffmpegChildren()), folders: await folders(root), open: sockets.length - closed };
  console.log(`bench/live-flood: ${IDLE} idle, ${GARBAGE} garbage, ${WRONG_KEYS} wrong-key connections (${sockets.length} connected)`);
  const row = (label: string, figures: { count: number; rssKiB: number; folders: number; open?: number }) =>
    console.log(
      `  ${label.padEnd(28)} ffmpeg ${String(figures.count).padStart(4)}   PSS ${(figures.rssKiB / 1024).toFixed(0).padStart(6)} MiB   folders ${String(figures.folders).padStart(4)}   flood connections open ${figures.open ?? '-'}`,
    );
  row('before', before);
  row(`2 s into the flood`, during);
  row(`8 s after it`, after);
  console.log(`  a good publisher during the flood: first playlist after ${(live.firstPlaylistMs / 1000).toFixed(2)} s`);
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  for (const socket of sockets) socket.destroy();
  await ingest.close();
  await sleep(500);
  await database.close();
  await rm(root, { recursive: true, force: true });
}

await main();
