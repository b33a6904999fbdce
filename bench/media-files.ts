/**
 * bench/media, serving files: a big rendition through the platform's signed /files route next to
 * a bare node:http server streaming the same file with fs.createReadStream, both on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import http from 'node:http';
import { processCpuSeconds } from './media-cpu.ts';
import { freePort, waitUntilReady } from './support.ts';

export const MIB = 1024 * 1024;

/** A file of `mib` MiB: one random MiB repeated, so it is quick to write and does not compress. */
export async function writeRendition(file: string, mib: number): Promise<number> {
  const block = randomBytes(MIB);
  const handle = await open(file, 'w');
  try {
    for (let written = 0; written < mib; written += 1) await handle.write(block);
  } finally {
    await handle.close();
  }
  return mib * MIB;
}

/**
 * The fair baseline: what a minimal static server does for a GET with or without one Range, and
 * nothing more (no link check, no headers beyond the ones a download needs).
 */
const BARE_SERVER = `const http = require('node:http');
const fs = require('node:fs');
const file = process.env.BENCH_FILE;
http.createServer((request, response) => {
  if (request.url === '/readyz') return response.end('ready');
  fs.stat(file, (error, stat) => {
    if (error) { response.statusCode = 404; return response.end(); }
    const match = /^bytes=(\\d+)-(\\d+)$/.exec(request.headers.range || '');
    const start = match ? Number(match[1]) : 0;
    const end = match ? Math.min(Number(match[2]), stat.size - 1) : stat.size - 1;
    response.writeHead(match ? 206 : 200, {
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
      ...(match ? { 'content-range': 'bytes ' + start + '-' + end + '/' + stat.size } : {}),
    });
    fs.createReadStream(file, { start, end }).pipe(response);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');`;

export async function startBareFileServer(file: string): Promise<{ child: ChildProcess; url: string; pid: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, PORT: String(port), BENCH_FILE: file },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady(child, `http://127.0.0.1:${port}/readyz`);
  return { child, url: `http://127.0.0.1:${port}/file.mp4`, pid: child.pid ?? -1 };
}

/**
 * One GET read to the end and dropped; rejects on a wrong status or a short body. A download
 * call's link works only for its owner: `cookie` is the owner's session.
 */
export function fetchAll(url: string, range?: { start: number; end: number }, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { ...(range ? { range: `bytes=${range.start}-${range.end}` } : {}), ...(cookie ? { cookie } : {}) };
    const request = http.get(url, { agent: false, headers }, (response) => {
      const expected = Number(response.headers['content-length']);
      const wanted = range ? 206 : 200;
      if (response.statusCode !== wanted) {
        response.resume();
        return reject(new Error(`GET ${url.split('?')[0]} answered ${response.statusCode}, not ${wanted}`));
      }
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('error', reject);
      response.on('end', () =>
        bytes === expected ? resolve(bytes) : reject(new Error(`GET ${url.split('?')[0]}: ${bytes} bytes of ${expected}`)),
      );
    });
    request.on('error', reject);
  });
}

type Range = { start: number; end: number };
/** One timed read: MiB a second, and the serving process's CPU seconds per GiB sent. */
export type Served = { rate: number; cpuPerGib: number };

/** `ranges.length` parallel reads of the whole file (undefined) or of one range each. */
export async function served(url: string, pid: number, ranges: (Range | undefined)[]): Promise<Served> {
  const cpu = await processCpuSeconds(pid);
  const started = performance.now();
  const bytes = (await Promise.all(ranges.map((range) => fetchAll(url, range)))).reduce((sum, value) => sum + value, 0);
  const elapsed = (performance.now() - started) / 1000;
  return { rate: bytes / MIB / elapsed, cpuPerGib: ((await processCpuSeconds(pid)) - cpu) / (bytes / (1024 * MIB)) };
}

export type Server = { url: string; pid: number };
export type Serving = { bareFull: Served[]; platformFull: Served[]; bareRanges: Served[]; platformRanges: Served[] };

/**
 * Whole-file GETs and `rangeCount` parallel Range GETs of `rangeMib` each (spread over the file),
 * bare and platform alternating, the order flipped every run.
 */
export async function serving(bare: Server, platform: Server, options: { runs: number; rangeMib: number }): Promise<Serving> {
  const result: Serving = { bareFull: [], platformFull: [], bareRanges: [], platformRanges: [] };
  const ranges = Array.from({ length: 4 }, (_, index) => ({
    start: index * 2 * options.rangeMib * MIB,
    end: (index * 2 + 1) * options.rangeMib * MIB - 1,
  }));
  // One untimed read each: the page cache and both servers' code paths warm.
  await fetchAll(bare.url);
  await fetchAll(platform.url);
  for (let run = 0; run < options.runs; run += 1) {
    const reads: [Served[], Server, (Range | undefined)[]][] = [
      [result.bareFull, bare, [undefined]],
      [result.platformFull, platform, [undefined]],
      [result.bareRanges, bare, ranges],
      [result.platformRanges, platform, ranges],
    ];
    if (run % 2 === 1) reads.reverse();
    for (const [into, server, asked] of reads) into.push(await served(server.url, server.pid, asked));
    const at = (values: Served[]) => {
      const value = values[run];
      return value ? `${Math.round(value.rate)} MiB/s (${value.cpuPerGib.toFixed(2)} CPU s/GiB)` : '?';
    };
    console.log(
      `  run ${run + 1}: whole: bare ${at(result.bareFull)}, platform ${at(result.platformFull)}; ranges: bare ${at(result.bareRanges)}, platform ${at(result.platformRanges)}`,
    );
  }
  return result;
}
