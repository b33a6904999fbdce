import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

/*
 * prom-client's classes, required one by one. Its index also loads the default metrics, the cluster
 * aggregator, the push gateway and @opentelemetry/api: 60 ms of every start, where these four take
 * 5 ms (start-up time is a measured goal, docs/performance.md). The default metrics load at the
 * first scrape.
 */
const require = createRequire(import.meta.url);

export const Registry = require('prom-client/lib/registry') as typeof PromClient.Registry;
export const Counter = require('prom-client/lib/counter') as typeof PromClient.Counter;
export const Gauge = require('prom-client/lib/gauge') as typeof PromClient.Gauge;
export const Histogram = require('prom-client/lib/histogram') as typeof PromClient.Histogram;
export type Registry = PromClient.Registry;

/** The process's own figures (memory, CPU, event loop, GC: `process_*`, `nodejs_*`) into `registry`. */
export function collectDefaultMetrics(registry: Registry): void {
  const collect = require('prom-client/lib/defaultMetrics') as typeof PromClient.collectDefaultMetrics;
  collect({ register: registry });
}
