/**
 * bench/startup: time from process start to the first successful GET /readyz, for a cold start
 * (fresh data directory: initdb, migrations, reference seed) and a warm start (the same directory
 * again), as `npm start` runs the server (its bundle) and through tsx, next to a bare Node HTTP
 * server started the same way as the same run's baseline; then the resident memory of a warm start
 * left idle for IDLE_MS (15 s).
 *
 *   npm run bench:startup            (RUNS=3 by default)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServerIfStale } from '../scripts/server-bundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.env.RUNS ?? 3);
/** How long a warm start idles before its memory is read: the demo's preview clips are made by then. */
const IDLE_MS = Number(process.env.IDLE_MS ?? 15_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The process's resident memory in MiB, from /proc. */
async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Time to readiness; with `idleMs`, the resident memory that long after (the demo's preview clips made by then). */
async function timeToReady(args: string[], env: Record<string, string>, url: string, idleMs = 0): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  // `sh scripts/start.sh` execs node: the pid is the server's.
  const [command, ...rest] = args[0] === 'scripts/start.sh' ? ['sh', ...args] : [process.execPath, ...args];
  const child = spawn(command, rest, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
      try {
        const response = await fetch(url);
        if (response.ok) {
          const ms = performance.now() - started;
          if (!idleMs || !child.pid) return { ms, rss: Number.NaN };
          await new Promise((resolve) => setTimeout(resolve, idleMs));
          return { ms, rss: await residentMiB(child.pid) };
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const mib = (value: number) => `${Math.round(value)} MiB`.padStart(9);
const ms = (value: number) => `${Math.round(value)} ms`.padStart(9);

async function main() {
  const baseline: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  const warmTsx: number[] = [];
  const bareRss: number[] = [];
  const warmRss: number[] = [];
  const bare = "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";
  const app = ['scripts/start.sh'];
  const tsx = ['--import', 'tsx', 'src/server/main.ts'];
  await bundleServerIfStale();

  for (let run = 0; run < runs; run += 1) {
    const port = await freePort();
    const bareRun = await timeToReady(['-e', bare], { PORT: String(port) }, `http://127.0.0.1:${port}/`, IDLE_MS);
    baseline.push(bareRun.ms);
    bareRss.push(bareRun.rss);

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-'));
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'auto', DEMO_MASTERS: '0' };
    cold.push((await timeToReady(app, env, `http://127.0.0.1:${port}/readyz`)).ms);
    const warmRun = await timeToReady(app, env, `http://127.0.0.1:${port}/readyz`, IDLE_MS);
    warm.push(warmRun.ms);
    warmRss.push(warmRun.rss);
    warmTsx.push((await timeToReady(tsx, env, `http://127.0.0.1:${port}/readyz`)).ms);
    await rm(dataDir, { recursive: true, force: true });
    console.log(
      `run ${run + 1}/${runs}: baseline ${ms(baseline.at(-1) ?? 0)}  cold ${ms(cold.at(-1) ?? 0)}  warm ${ms(warm.at(-1) ?? 0)}  warm through tsx ${ms(warmTsx.at(-1) ?? 0)}  idle RSS ${mib(warmRss.at(-1) ?? 0)}`,
    );
  }

  const base = median(baseline);
  console.log('\nstart-up to first successful /readyz (median of %d runs, embedded PGlite)', runs);
  console.log('  bare node http server   %s   1.0x', ms(base));
  console.log('  cold start (fresh dir)  %s  %sx', ms(median(cold)), (median(cold) / base).toFixed(1).padStart(4));
  console.log('  warm start (same dir)   %s  %sx', ms(median(warm)), (median(warm) / base).toFixed(1).padStart(4));
  console.log('  warm, through tsx       %s  %sx', ms(median(warmTsx)), (median(warmTsx) / base).toFixed(1).padStart(4));
  console.log('\nresident memory %d s after a warm start (median), target <= 250 MiB', IDLE_MS / 1000);
  console.log('  bare node http server   %s', mib(median(bareRss)));
  console.log('  the platform            %s', mib(median(warmRss)));
}

await main();
