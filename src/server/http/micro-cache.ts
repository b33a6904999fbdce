import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CACHE_SCOPES, type CacheBus } from '../lib/cache-bus.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds an anonymous answer of this GET route may be served from memory. */
    microCache?: number;
    /**
     * The answer is the same for every caller, signed in or not (nothing in it depends on who asks):
     * signed-in callers are served from the cache too, without looking up their session. A function
     * decides per request (the list is the same for everyone unless a search text makes it personal).
     */
    sameForEveryone?: boolean | ((request: FastifyRequest) => boolean);
  }
}

type Entry = { body: string; headers: Record<string, string>; expires: number };

/** How long a request waits at most for the same answer another is making before it makes its own. */
const LEADER_WAIT_MS = 10_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

const misses = new WeakMap<FastifyRequest, { key: string; generation: number; done: () => void }>();

/**
 * A few seconds of in-process caching for public catalogue answers to visitors: fifty visitors
 * opening the same list within a second cost one database round, not fifty. Whether the caller is a
 * visitor is decided after the session is looked up (a bogus or expired session cookie is a
 * visitor too, and cannot be used to bypass the cache), and concurrent misses for the same answer
 * wait for the first one's query instead of each running their own. The answers carry
 * Cache-Control public anyway, so a CDN would do the same. Signed-in callers, whose answers can
 * differ, reach the database, unless the route says its answer is the same for everyone: then a
 * paying customer's list costs what a visitor's does.
 *
 * Content changed in any process (the desk publishes, corrects, kills; a banner; a seed) empties
 * it at once through the cache bus: a route's seconds bound how long an answer is kept, not how
 * long a change takes to show. An answer being made while the change arrives is not kept, for it
 * may have been read before the change.
 */
export const microCache = fp(
  async (
    app: FastifyInstance,
    options: { now: () => number; maxEntries?: number; leaderWaitMs?: number; caches: Pick<CacheBus, 'onInvalidate'> },
  ) => {
    const entries = new Map<string, Entry>();
    const pending = new Map<string, Promise<void>>();
    // Counts the invalidations heard: a miss answered under another count is not kept.
    let generation = 0;
    const drop = () => {
      generation += 1;
      entries.clear();
    };
    const stop = CACHE_SCOPES.map((scope) => options.caches.onInvalidate(scope, drop));
    app.addHook('onClose', async () => stop.forEach((unsubscribe) => unsubscribe()));
    const maxEntries = options.maxEntries ?? 1000;
    const seconds = (request: FastifyRequest) => (request.method === 'GET' ? (request.routeOptions.config.microCache ?? 0) : 0);
    const forEveryone = (request: FastifyRequest) => {
      const same = request.routeOptions.config.sameForEveryone;
      return typeof same === 'function' ? same(request) : same === true;
    };
    const keyOf = (request: FastifyRequest) => `${request.siteVariant}|${request.locale}|${request.url}`;
    const fresh = (key: string) => {
      const entry = entries.get(key);
      if (entry && entry.expires > options.now()) return entry;
      if (entry) entries.delete(key);
      return undefined;
    };
    const serve = (reply: FastifyReply, entry: Entry) =>
      reply
        .headers({ ...entry.headers, 'x-cache': 'hit' })
        .type('application/json; charset=utf-8')
        .send(entry.body);

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (seconds(request) === 0) return;
      if (!forEveryone(request) && (await request.caller()).user) return;
      const key = keyOf(request);
      const cached = fresh(key);
      if (cached) return serve(reply, cached);
      const leader = pending.get(key);
      if (leader) {
        // A follower waits a bounded time for the first one: one that long overdue is given up,
        // and this request makes the answer for the next ones instead.
        const overdue = await Promise.race([leader.then(() => false), sleep(options.leaderWaitMs ?? LEADER_WAIT_MS).then(() => true)]);
        if (!overdue) {
          const filled = fresh(key);
          if (filled) return serve(reply, filled);
          return; // the first one failed or was not cacheable: this one asks the database itself
        }
        if (pending.get(key) === leader) pending.delete(key);
        if (pending.has(key)) return; // another follower took over first
      }
      // A caller already gone (it hung up during the session's lookup) leads no one: its answer
      // would never be sent, and the hooks that free the waiting ones may already have run.
      if (request.raw.destroyed || reply.raw.destroyed) return;
      let done = () => undefined as void;
      const lead = new Promise<void>((resolve) => (done = resolve));
      pending.set(key, lead);
      misses.set(request, {
        key,
        // Read before the answer is made: a change heard meanwhile leaves the answer unkept.
        generation,
        done: () => {
          if (pending.get(key) === lead) pending.delete(key);
          done();
        },
      });
      // Whatever else happens to the answer, its connection closes: the waiting ones go on then at the latest.
      reply.raw.once('close', () => void release(request));
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const miss = misses.get(request);
      if (!miss || miss.generation !== generation || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '');
      const headers: Record<string, string> = {};
      // The ETag too (http/entity-tags.ts's hook runs before this one): a hit is not hashed again, and its
      // If-None-Match is still answered 304.
      for (const name of ['cache-control', 'vary', 'etag']) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      entries.set(miss.key, { body: payload, headers, expires: options.now() + seconds(request) * 1000 });
      return payload;
    });

    // However the first request ends (answered, failed, aborted), the ones waiting on it go on.
    async function release(request: FastifyRequest) {
      misses.get(request)?.done();
      misses.delete(request);
    }
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
    app.addHook('onError', release);
  },
  { name: 'micro-cache', dependencies: ['@fastify/cookie', 'request-context', 'auth'] },
);
