import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { projectRoot } from '../paths.ts';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

export type ServerProcess = { child: ChildProcess; port: number; http: string; cable: string; exited: Promise<unknown> };

/**
 * The server as `npm run serve` starts it (src/server/main.ts through tsx), with `env` on top of
 * this process's, resolved once its /readyz answers 200; an exit before that rejects.
 */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
