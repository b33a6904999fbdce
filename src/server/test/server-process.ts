import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import webpush from 'web-push';
import { serverBundle } from '../../../scripts/server-bundle.mjs';
import { projectRoot } from '../paths.ts';

/**
 * The secrets a deployment's processes share (config.ts, requireSharedSecrets), for tests and
 * benches that start processes on PostgreSQL: a VAPID pair made once per test process.
 */
const vapid = webpush.generateVAPIDKeys();
export const SHARED_SECRETS = {
  APP_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
};

/**
 * How tests start a server process: the bundle `npm start` runs (global-setup.ts bundles it when the
 * sources are newer), which loads in a third of the time main.ts takes through tsx and half the
 * processor; stack traces still point at the sources. A test's server lives seconds, so PGlite's
 * WebAssembly stays with V8's baseline compiler (`--liftoff-only`): optimising it took another two
 * CPU-seconds a start, on the threads the other tests run on (docs/performance.md).
 */
export const SERVER_COMMAND: readonly string[] = ['--liftoff-only', '--enable-source-maps', serverBundle];

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

export type ServerProcess = { child: ChildProcess; port: number; http: string; cable: string; exited: Promise<unknown> };

/**
 * The server as `npm start` runs it (SERVER_COMMAND), with `env` on top of
 * this process's, resolved once its /readyz answers 200; an exit before that rejects.
 */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_COMMAND, {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'no', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const http = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < readyWithinMs; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${http}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, port, http, cable: `ws://127.0.0.1:${port}/cable`, exited };
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not get ready within ${readyWithinMs / 1000} s`);
}
