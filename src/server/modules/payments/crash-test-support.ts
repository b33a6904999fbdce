import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { createDatabaseFromTemplate, dropDatabase } from '../../test/postgres.ts';
import { freePort, SERVER_COMMAND, SHARED_SECRETS } from '../../test/server-process.ts';

/**
 * What purchase-crash.test.ts needs to kill a real server: the server as `npm start` runs it
 * (SERVER_COMMAND) in a child process, on a database the test prepares and reads between runs
 * (a PGlite data folder, or a PostgreSQL database of its own when TEST_DATABASE_URL is set).
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** A busy two-core machine starts the server in 5–30 s. */
const READY_WITHIN_MS = 120_000;

/** Where the server keeps its data: opened by the test while no server runs, by the servers in turn. */
export type CrashStore = { env: Record<string, string>; open(): Promise<Database>; dispose(): Promise<void> };

export async function crashStore(): Promise<CrashStore> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-crash-'));
  const templateUrl = inject('postgresTemplateUrl');
  if (templateUrl) {
    const url = await createDatabaseFromTemplate(templateUrl);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
      open: () => openPostgres(url, { max: 2 }),
      dispose: async () => {
        await dropDatabase(url);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  // The first open copies the run's migrated template into the folder the servers open after it.
  let template: Blob | undefined = new Blob([await readFile(inject('pgliteTemplate'))]);
  return {
    env: { DATA_DIR: dataDir },
    open: async () => {
      const database = await openPglite({ dataDir: path.join(dataDir, 'db'), ...(template ? { loadDataDir: template } : {}) });
      template = undefined;
      return database;
    },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

export type ServerProcess = {
  url: string;
  /** Resolves once the server says a purchase with this key stopped at its crash-test pause. */
  paused(key: string): Promise<void>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown of main.ts. */
  stop(): Promise<void>;
};

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_COMMAND, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'no',
      DEMO_MASTERS: '0',
      LIVE_RTMP_PORT: 'off',
      LIVE_SRT_PORTS: 'off',
      ...SHARED_SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  const pausedKeys = new Set<string>();
  const waiting = new Map<string, () => void>();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{"paused"')) return;
    const { key } = JSON.parse(line) as { key: string };
    pausedKeys.add(key);
    waiting.get(key)?.();
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${READY_WITHIN_MS} ms: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    url,
    paused: (key) => (pausedKeys.has(key) ? Promise.resolve() : new Promise((resolve) => waiting.set(key, resolve))),
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/** A signed-in buyer's calls to a server process, JSON in and out. */
export async function call(server: ServerProcess, token: string, route: string, body?: unknown) {
  const response = await fetch(`${server.url}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie: `session=${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}
