/**
 * bench/ingest (issue: the newsroom desk, "Tests and figures"): (1) 1 GiB sent through the tus
 * endpoint in the desk's 32 MiB chunks over real HTTP, against copying the same file on the same
 * disk (the ratio should be ≥ 0.8), and against one PUT of it to a bare Node server (HTTP's own
 * ceiling); (2) for a 60 s 1080p clip, the time from the upload's last byte to a playable preview (and to the item being ready), the ingest job worked as `npm start` works it.
 *
 *   npx tsx bench/ingest.ts [--gib 1] [--seconds 60]
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { INGEST_UPLOAD_PATH, UPLOAD_CHUNK_BYTES } from '../src/common/newsroom-ingest.ts';
import { buildApp } from '../src/server/app.ts';
import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { startJobRunner } from '../src/server/jobs/runner.ts';
import { runFfmpeg } from '../src/server/modules/media/ffmpeg.ts';
import { contentItems } from '../src/server/modules/newsroom/schema.ts';
import { ingestJob } from '../src/server/modules/newsroom/ingest/pipeline.ts';
import { createServices, publicOrigin } from '../src/server/services.ts';
import { createSessionToken, createUser } from '../src/server/test/factories.ts';
import { sleep } from './support.ts';

const { values } = parseArgs({ options: { gib: { type: 'string', default: '1' }, seconds: { type: 'string', default: '60' } } });
const BYTES = Math.round(Number(values.gib) * 1024 ** 3);
const CLIP_SECONDS = Number(values.seconds);
const MIB = 1024 * 1024;

const dir = await mkdtemp(path.join(tmpdir(), 'bench-ingest-'));
const config = parseConfig({
  NODE_ENV: 'production',
  DATA_DIR: path.join(dir, 'data'),
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'no',
  LIVE_RTMP_PORT: 'off',
  LIVE_SRT_PORTS: 'off',
  DEV_TOOLS: 'false',
});
const database = await openDatabase(config);
await prepareDatabase(database, { seedDemo: false });
const services = await createServices(config, database, pino({ level: 'silent' }));
const app = await buildApp(config, services);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const editor = await createUser(database.db, { isAdmin: true, deskRoles: ['editor'] });
const cookie = `session=${await createSessionToken(database.db, editor, new Date())}`;

/**
 * The uploading client, in a process of its own as a browser would be (sharing the server's event
 * loop would halve both): one POST, then PATCHes of at most UPLOAD_CHUNK_BYTES each, read from disk.
 */
const CLIENT = `
import { createReadStream, statSync } from 'node:fs';
const [port, cookie, path, file, name, chunk] = process.argv.slice(1);
const size = statSync(file).size;
const call = (method, url, headers, body) => new Promise((resolve, reject) => {
  const request = http.request({ host: '127.0.0.1', port: Number(port), method, path: url, headers: { cookie, 'tus-resumable': '1.0.0', ...headers } }, (response) => {
    response.resume();
    response.on('end', () => resolve({ status: response.statusCode, headers: response.headers }));
  });
  request.on('error', reject);
  if (body) body.pipe(request); else request.end();
});
const started = performance.now();
const created = await call('POST', path, { 'upload-length': String(size), 'upload-metadata': 'filename ' + Buffer.from(name).toString('base64') });
if (created.status !== 201) throw new Error('create answered ' + created.status);
for (let offset = 0; offset < size; offset += Number(chunk)) {
  const end = Math.min(size, offset + Number(chunk));
  const answer = await call('PATCH', created.headers.location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(end - offset) },
    createReadStream(file, { start: offset, end: end - 1, highWaterMark: 1 << 20 }));
  if (answer.status !== 204) throw new Error('PATCH at ' + offset + ' answered ' + answer.status);
}
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, itemId: Number(created.headers['upload-item-id']) }));
`;

function tusUpload(file: string, name: string): Promise<{ seconds: number; itemId: number }> {
  return new Promise((resolve, reject) => {
    const args = ['--input-type=module', '-e', CLIENT, String(port), cookie, INGEST_UPLOAD_PATH, file, name, String(UPLOAD_CHUNK_BYTES)];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as { seconds: number; itemId: number }) : reject(new Error(`the client exited with ${code}`)),
    );
  });
}

/**
 * The ceiling of any upload over HTTP on this machine, for comparison: the same file in one PUT,
 * from a client process of its own, to a bare Node server that writes the body to a file.
 */
const RAW_CLIENT = `
import http from 'node:http';
import { createReadStream, statSync } from 'node:fs';
const [port, file] = process.argv.slice(1);
const started = performance.now();
const request = http.request({ host: '127.0.0.1', port: Number(port), method: 'PUT', path: '/', headers: { 'content-length': String(statSync(file).size) } }, (response) => {
  response.resume();
  response.on('end', () => console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000 })));
});
createReadStream(file, { highWaterMark: 1 << 20 }).pipe(request);
`;

async function rawUpload(file: string): Promise<number> {
  const target = path.join(dir, 'raw.bin');
  const bare = createServer((request, response) => {
    void pipeline(request, createWriteStream(target)).then(() => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const address = bare.address();
  const barePort = typeof address === 'object' && address ? address.port : 0;
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', RAW_CLIENT, String(barePort), file], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`the bare client exited with ${code}`))));
    });
    return (JSON.parse(out) as { seconds: number }).seconds;
  } finally {
    bare.close();
    await rm(target, { force: true });
  }
}

/** A file of `bytes` bytes that do not compress (random 1 MiB block repeated). */
async function bigFile(file: string, bytes: number) {
  const block = Buffer.alloc(MIB);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  const handle = await open(file, 'w');
  for (let written = 0; written < bytes; written += MIB) await handle.write(block, 0, Math.min(MIB, bytes - written));
  await handle.close();
}

/** (2) Upload end → playable preview, for a 60 s 1080p25 clip, the job worked as npm start works it. */
async function previewFigures() {
  const clip = path.join(dir, 'clip.mp4');
  await runFfmpeg(
    services.files.ffmpeg,
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', String(CLIP_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-g', '50', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', clip],
    ],
    { timeoutMs: 20 * 60_000 },
  );
  const runner = await startJobRunner({
    database,
    clock: services.clock,
    services: {
      mailer: services.mailer,
      cards: services.cards,
      publicOrigin: publicOrigin(config),
      files: services.files,
      push: services.push,
      outbound: services.outbound,
      broadcast: () => undefined,
    },
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (details, message) => console.error(message, details),
    },
    name: 'api',
    queues: [ingestJob],
    pollingIntervalSeconds: 0.5,
  });
  const sent = await tusUpload(clip, 'clip.mp4');
  const uploaded = performance.now();
  let previewAt: number | null = null;
  let readyAt: number | null = null;
  while (readyAt === null && performance.now() - uploaded < 30 * 60_000) {
    const [item] = await database.db.select().from(contentItems).where(eq(contentItems.id, sent.itemId));
    if (previewAt === null && item && ['poster', 'thumbnails', 'animated'].includes(item.mediaStage ?? '')) previewAt = performance.now();
    if (item?.mediaState === 'ready') {
      readyAt = performance.now();
      previewAt ??= readyAt;
    }
    if (item?.mediaState === 'failed') throw new Error(`ingest failed: ${item.mediaError}`);
    await sleep(100);
  }
  await runner.stop();
  const after = (at: number | null) => (at === null ? 'not reached' : `${((at - uploaded) / 1000).toFixed(1)} s`);
  console.log(`${CLIP_SECONDS} s 1080p clip (${((await stat(clip)).size / MIB).toFixed(0)} MiB) uploaded in ${sent.seconds.toFixed(2)} s`);
  console.log(`  upload end → playable 360p preview stored: ${after(previewAt)}`);
  console.log(`  upload end → item ready (poster, thumbnails, animated preview): ${after(readyAt)}`);
}

try {
  // (1) Throughput.
  const big = path.join(dir, 'big.bin');
  await bigFile(big, BYTES);
  const copyStarted = performance.now();
  await pipeline(createReadStream(big, { highWaterMark: MIB }), createWriteStream(path.join(dir, 'copy.bin')));
  const copySeconds = (performance.now() - copyStarted) / 1000;
  await rm(path.join(dir, 'copy.bin'));
  const upload = await tusUpload(big, 'big.mp4');
  const gib = (BYTES / 1024 ** 3).toFixed(2);
  console.log(
    `upload of ${gib} GiB through tus (${UPLOAD_CHUNK_BYTES / MIB} MiB PATCHes): ${upload.seconds.toFixed(2)} s, ${(BYTES / MIB / upload.seconds).toFixed(0)} MiB/s`,
  );
  console.log(
    `copy of the same file on the same disk:        ${copySeconds.toFixed(2)} s, ${(BYTES / MIB / copySeconds).toFixed(0)} MiB/s`,
  );
  const rawSeconds = await rawUpload(big);
  console.log(`one PUT to a bare Node server (HTTP's ceiling): ${rawSeconds.toFixed(2)} s, ${(BYTES / MIB / rawSeconds).toFixed(0)} MiB/s`);
  console.log(`ratio (tus throughput / copy throughput):      ${(copySeconds / upload.seconds).toFixed(2)} (target ≥ 0.8)`);
  console.log(`ratio (tus throughput / bare HTTP throughput): ${(rawSeconds / upload.seconds).toFixed(2)}`);
  await rm(big);

  if (CLIP_SECONDS > 0) await previewFigures();
} finally {
  await app.close();
  await services.jobs.stop();
  await services.broadcaster.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
