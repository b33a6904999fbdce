/**
 * What the benchmarks share: free ports, starting and stopping the server, autocannon runs with
 * exact percentiles.
 */
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const READY_TIMEOUT_MS = 600_000;
const EXIT_TIMEOUT_MS = 15_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Nearest-rank percentile: the smallest sample with at least p% of the samples at or below it. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export async function waitUntilReady(child: ChildProcess, url: string): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before /readyz answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new Error(`/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  // The server has its own 10 s forced exit; SIGKILL only if even that did not happen.
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Node flags for the platform's process a bench starts, e.g. BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it. */
export const serverFlags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];

export type Load = { seconds: number; latencies: number[]; statuses: Map<number, number>; errors: number; timeouts: number };

/**
 * One autocannon run. Latencies are recorded from the instance's 'response' event (one float
 * millisecond figure per request) rather than taken from result.latency: autocannon's histogram
 * has p90 and p97_5 but no p95, and interpolating between those would be a guess. The seconds are
 * the run's own clock, from its start to its last answer: autocannon's `duration` is whole seconds,
 * and it reports a run of a fixed amount of requests done on its next one-second tick, which made a
 * rate a step of 3,000 / n (3,000 calls answered in 4.2 s read as 3,000 / 5).
 */
export function load(options: autocannon.Options): Promise<Load> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  let answered = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => {
      const seconds = (Math.max(answered, started + 1) - started) / 1000;
      if (error) reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
      else resolve({ seconds, latencies, statuses, errors: result.errors, timeouts: result.timeouts });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      answered = performance.now();
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

export const okCount = (run: Load) => run.statuses.get(200) ?? 0;
export const failures = (run: Load) => run.latencies.length - okCount(run) + run.errors;
export const perSecond = (run: Load) => okCount(run) / run.seconds;
