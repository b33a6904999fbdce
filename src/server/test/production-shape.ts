import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../paths.ts';
import { startS3Peer, type S3Peer } from './s3-peer.ts';
import { freePort, SHARED_SECRETS } from './server-process.ts';

/**
 * Production's shape on one machine (docs/operations.md): API processes with WORKERS=off and
 * worker processes (`npm run worker`), each with a DATA_DIR of its own as on separate machines,
 * sharing one PostgreSQL database, one Redis and one S3 store (s3rver here). The API processes
 * start together, as a deployment's would on a new database. `scripts/production-shape.ts` runs
 * it for a person; `src/server/production-shape.test.ts` for CI.
 */
export type ShapeProcess = {
  name: string;
  child: ChildProcess;
  pid: number;
  dataDir: string;
  /** API processes: the HTTP port, its base URL and the RTMP port it listens on while it holds the ingest. */
  port?: number;
  http?: string;
  rtmpPort?: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
  /** The end of what it wrote to stderr (its warnings and errors). */
  stderr(): string;
};

export type ProductionShape = {
  s3: S3Peer;
  /** What every process of the deployment is started with. */
  env: Record<string, string>;
  apis: ShapeProcess[];
  workers: ShapeProcess[];
  /** Another worker with a data folder of its own, started and working. */
  startWorker(name: string): Promise<ShapeProcess>;
  stop(): Promise<void>;
};

export type ShapeOptions = {
  databaseUrl: string;
  redisUrl: string;
  apis?: number;
  workers?: number;
  /** More variables for every process. */
  env?: Record<string, string>;
  /** Where the data folders go (a temporary folder otherwise, removed at stop). */
  root?: string;
  readyWithinMs?: number;
  /** Each process's stderr passed on (the script shows it; tests keep the end of it). */
  echo?: boolean;
};

function launch(name: string, script: string, env: Record<string, string>, dataDir: string, echo: boolean): ShapeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: projectRoot,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    // A group of its own: stopping it ends its ffmpeg too, as on a machine of its own.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let running = true;
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
    if (echo) process.stderr.write(`[${name}] ${chunk.toString()}`);
  });
  const exited = once(child, 'exit').then(([code, signal]) => {
    running = false;
    return { code: code as number | null, signal: signal as NodeJS.Signals | null };
  });
  return { name, child, pid: child.pid ?? 0, dataDir, exited, running: () => running, stderr: () => stderr };
}

async function waitFor(what: ShapeProcess, ready: () => Promise<boolean>, withinMs: number) {
  for (const deadline = Date.now() + withinMs; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (!what.running()) throw new Error(`${what.name} exited before it was ready: ${what.stderr()}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what.name} was not ready within ${withinMs / 1000} s: ${what.stderr()}`);
  }
}

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

/** Whether something accepts TCP connections on the port (an API process listens for publishers while it holds the ingest). */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Ends a process's group: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(process_: ShapeProcess, graceMs = 15_000): Promise<void> {
  if (!process_.running()) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-process_.pid, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  signal('SIGTERM');
  const ended = await Promise.race([process_.exited.then(() => true), new Promise((resolve) => setTimeout(resolve, graceMs, false))]);
  if (!ended) signal('SIGKILL');
  await process_.exited;
}

export async function startProductionShape(options: ShapeOptions): Promise<ProductionShape> {
  const root = options.root ?? (await mkdtemp(path.join(os.tmpdir(), 'newsreel-shape-')));
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const echo = options.echo ?? false;
  const s3 = await startS3Peer('newsreel');
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    // A channel of its own: other runs on the same Redis do not hear this one's messages.
    REDIS_CHANNEL: `newsreel-shape-${process.pid}`,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ...SHARED_SECRETS,
    WORKERS: 'off',
    SEED_DEMO: 'no',
    ...options.env,
  };
  const apis: ShapeProcess[] = [];
  const workers: ShapeProcess[] = [];
  const stop = async () => {
    await Promise.all([...apis, ...workers].map((each) => stopProcess(each)));
    await s3.close();
    if (!options.root) await rm(root, { recursive: true, force: true });
  };
  const startWorker = async (name: string) => {
    const dataDir = path.join(root, name);
    await mkdir(dataDir, { recursive: true });
    const worker = launch(name, 'src/server/worker.ts', env, dataDir, echo);
    workers.push(worker);
    let said = '';
    worker.child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await waitFor(worker, async () => said.includes('worker is working'), readyWithinMs);
    return worker;
  };
  try {
    // Every API process at once, on what may be an empty database.
    await Promise.all(
      Array.from({ length: options.apis ?? 2 }, async (_, index) => {
        const name = `api-${index + 1}`;
        const dataDir = path.join(root, name);
        await mkdir(dataDir, { recursive: true });
        const [port, rtmpPort] = [await freePort(), await freePort()];
        const api = launch(name, 'src/server/main.ts', { ...env, PORT: String(port), LIVE_RTMP_PORT: String(rtmpPort) }, dataDir, echo);
        Object.assign(api, { port, rtmpPort, http: `http://127.0.0.1:${port}` });
        apis.push(api);
        await waitFor(api, () => answers(`http://127.0.0.1:${port}/readyz`), readyWithinMs);
      }),
    );
    for (let index = 0; index < (options.workers ?? 2); index += 1) await startWorker(`worker-${index + 1}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { s3, env, apis, workers, startWorker, stop };
}
