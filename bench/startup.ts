/**
 * bench/startup: time from process start to the first successful GET /readyz, for a cold start
 * (fresh data directory: initdb, migrations, reference seed) and a warm start (the same directory
 * again), as `npm start` runs the server (its bundle) and through tsx, next to a bare Node HTTP
 * server started the same way as the same run's baseline.
 *
 *   npm run bench:startup            (RUNS=3 by default)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServerIfStale } from '../scripts/server-bundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.env.RUNS ?? 3);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function timeToReady(args: string[], env: Record<string, string>, url: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
      try {
        const response = await fetch(url);
        if (response.ok) return performance.now() - started;
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
const ms = (value: number) => `${Math.round(value)} ms`.padStart(9);

async function main() {
  const baseline: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  const warmTsx: number[] = [];
  const bare = "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";
  const app = ['scripts/start.mjs'];
  const tsx = ['--import', 'tsx', 'src/server/main.ts'];
  await bundleServerIfStale();

  for (let run = 0; run < runs; run += 1) {
    const port = await freePort();
    baseline.push(await timeToReady(['-e', bare], { PORT: String(port) }, `http://127.0.0.1:${port}/`));

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-'));
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'auto', DEMO_MASTERS: '0' };
    cold.push(await timeToReady(app, env, `http://127.0.0.1:${port}/readyz`));
    warm.push(await timeToReady(app, env, `http://127.0.0.1:${port}/readyz`));
    warmTsx.push(await timeToReady(tsx, env, `http://127.0.0.1:${port}/readyz`));
    await rm(dataDir, { recursive: true, force: true });
    console.log(
      `run ${run + 1}/${runs}: baseline ${ms(baseline.at(-1) ?? 0)}  cold ${ms(cold.at(-1) ?? 0)}  warm ${ms(warm.at(-1) ?? 0)}  warm through tsx ${ms(warmTsx.at(-1) ?? 0)}`,
    );
  }

  const base = median(baseline);
  console.log('\nstart-up to first successful /readyz (median of %d runs, embedded PGlite)', runs);
  console.log('  bare node http server   %s   1.0x', ms(base));
  console.log('  cold start (fresh dir)  %s  %sx', ms(median(cold)), (median(cold) / base).toFixed(1).padStart(4));
  console.log('  warm start (same dir)   %s  %sx', ms(median(warm)), (median(warm) / base).toFixed(1).padStart(4));
  console.log('  warm, through tsx       %s  %sx', ms(median(warmTsx)), (median(warmTsx) / base).toFixed(1).padStart(4));
}

await main();
