import type { FastifyInstance } from 'fastify';
import { ffmpegRunCounts } from '../media/ffmpeg.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from './prom.ts';

/** Seconds: a cached list in milliseconds, a search in tens, a download for minutes. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The figures of this one process (docs/decisions.md lists them): the requests it answered and how
 * long they took, its /cable connections, its ffmpeg runs. Each app has its own registry, so apps
 * built side by side in one test process count apart; ffmpeg runs are the whole process's.
 */
export type ProcessMetrics = {
  registry: Registry;
  /** Counts an answered request under its route's pattern (never the URL, whose ids would make a series each). */
  request(route: string | undefined, method: string, status: number, seconds: number): void;
  /** Where the cable tells how many connections it holds, read at each scrape. */
  cableConnections(read: () => number): void;
  /** Called at each scrape: the process's own figures (memory, CPU, event loop) are loaded the first time. */
  beforeScrape(): void;
};

export function processMetrics(): ProcessMetrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'newsreel_http_request_duration_seconds',
    help: 'Requests answered by this process, by route pattern, method and status class, and the seconds until the answer was sent',
    labelNames: ['route', 'method', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  let readCable = () => 0;
  new Gauge({
    name: 'newsreel_cable_connections',
    help: 'WebSocket connections this process holds at /cable',
    registers: [registry],
    collect() {
      this.set(readCable());
    },
  });
  new Gauge({
    name: 'newsreel_ffmpeg_runs',
    help: 'ffmpeg runs of this process in progress (renders, previews, live ingest and restreams)',
    registers: [registry],
    collect() {
      this.set(ffmpegRunCounts().running);
    },
  });
  new Counter({
    name: 'newsreel_ffmpeg_runs_finished_total',
    help: 'ffmpeg runs of this process that ended, by outcome: ok, failed, timeout, memory, stopped',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of Object.entries(ffmpegRunCounts().finished)) this.inc({ outcome }, count);
    },
  });
  let defaults = false;
  return {
    registry,
    request(route, method, status, seconds) {
      requests.observe(
        { route: route ?? 'unmatched', method: METHODS.has(method) ? method : 'other', status_class: `${Math.floor(status / 100)}xx` },
        seconds,
      );
    },
    cableConnections(read) {
      readCable = read;
    },
    beforeScrape() {
      if (defaults) return;
      defaults = true;
      collectDefaultMetrics(registry);
    },
  };
}

/** Counts every answer of the app in `metrics`. Call on the root instance, before routes. */
export function countRequests(app: FastifyInstance, metrics: ProcessMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}
