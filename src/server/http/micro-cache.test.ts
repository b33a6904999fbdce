import http from 'node:http';
import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessCacheBus } from '../lib/cache-bus.ts';
import type { Caller } from '../modules/accounts/auth.ts';
import { microCache } from './micro-cache.ts';

/**
 * The micro-cache's waiting line: concurrent misses for one answer wait for the first one's, and
 * must go on however that first one ends, including a caller gone while its answer was being made.
 */
let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function served(handler: () => Promise<unknown>, caller: () => Promise<Caller> = async () => ({ user: null, expired: false })) {
  const server = Fastify();
  await server.register(cookie);
  await server.register(
    fp(
      async (instance) => {
        instance.decorateRequest('siteVariant', 'standard');
      },
      { name: 'request-context' },
    ),
  );
  await server.register(
    fp(
      async (instance) => {
        instance.decorateRequest('caller', caller);
      },
      { name: 'auth' },
    ),
  );
  await server.register(microCache, { now: () => Date.now(), leaderWaitMs: 500, caches: inProcessCacheBus() });
  server.get('/story-list', { config: { microCache: 5 } }, handler);
  await server.listen({ port: 0, host: '127.0.0.1' });
  app = server;
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** A GET whose caller hangs up once the server has begun on it. */
function hangUpAfter(url: string, started: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(`${url}/story-list`);
    request.on('error', () => resolve());
    void started.then(() => {
      request.destroy();
      resolve();
    });
  });
}

/** A promise and what settles it: where a test holds the server until it has done its part. */
function opened() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('the micro-cache', () => {
  it('a first caller who hangs up while its answer is made does not keep the next ones waiting', async () => {
    const { promise: started, resolve: begun } = opened();
    const { promise: gate, resolve: finish } = opened();
    let calls = 0;
    const url = await served(async () => {
      calls += 1;
      if (calls === 1) {
        begun();
        await gate;
        // Time for the closed socket to be seen before the answer is written to it.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { calls };
    });
    await hangUpAfter(url, started);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = fetch(`${url}/story-list`, { signal: AbortSignal.timeout(5_000) });
    finish();
    const answer = await next;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toHaveProperty('calls');
  });

  it('a first caller who hangs up while its session is being looked up does not keep the next ones waiting', async () => {
    // The hang-up is heard before the cache has taken the request as the one the others wait for.
    const { promise: started, resolve: begun } = opened();
    const { promise: lookup, resolve: looked } = opened();
    let lookups = 0;
    const url = await served(
      async () => ({ made: true }),
      async () => {
        lookups += 1;
        if (lookups === 1) {
          begun();
          await lookup;
        }
        return { user: null, expired: false };
      },
    );
    await hangUpAfter(url, started);
    await new Promise((resolve) => setTimeout(resolve, 100));
    looked();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await fetch(`${url}/story-list`, { signal: AbortSignal.timeout(5_000) });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ made: true });
  });

  it('a first answer that never comes keeps the others waiting only a bounded time, then no one waits for it', async () => {
    let calls = 0;
    const url = await served(async () => {
      calls += 1;
      if (calls === 1) await new Promise(() => undefined);
      return { calls };
    });
    const stuck = hangUpAfter(url, new Promise((resolve) => setTimeout(resolve, 3_000)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const second = await fetch(`${url}/story-list`, { signal: AbortSignal.timeout(5_000) });
    expect(await second.json()).toEqual({ calls: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    // Kept now: the next one is served at once from what the second made.
    const third = await fetch(`${url}/story-list`, { signal: AbortSignal.timeout(1_000) });
    expect(third.headers.get('x-cache')).toBe('hit');
    await stuck;
  });
});
