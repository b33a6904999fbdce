import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds an anonymous answer of this GET route may be served from memory. */
    microCache?: number;
  }
}

type Entry = { body: string; headers: Record<string, string>; expires: number };

/**
 * A few seconds of in-process caching for public catalogue answers to visitors (no session cookie):
 * fifty visitors opening the same list within a second cost one database round, not fifty. The
 * answers carry Cache-Control public anyway, so a CDN would do the same; signed-in callers, whose
 * answers can differ, always reach the database.
 */
export const microCache = fp(
  async (app: FastifyInstance, options: { now: () => number; maxEntries?: number }) => {
    const entries = new Map<string, Entry>();
    const maxEntries = options.maxEntries ?? 1000;
    const cacheable = (request: FastifyRequest) =>
      request.method === 'GET' && (request.routeOptions.config.microCache ?? 0) > 0 && !request.cookies.session;
    const keyOf = (request: FastifyRequest) => `${request.siteVariant}|${request.locale}|${request.url}`;

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!cacheable(request)) return;
      const entry = entries.get(keyOf(request));
      if (!entry) return;
      if (entry.expires <= options.now()) {
        entries.delete(keyOf(request));
        return;
      }
      return reply
        .headers({ ...entry.headers, 'x-cache': 'hit' })
        .type('application/json; charset=utf-8')
        .send(entry.body);
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!cacheable(request) || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '');
      const headers: Record<string, string> = {};
      for (const name of ['cache-control', 'vary']) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      entries.set(keyOf(request), {
        body: payload,
        headers,
        expires: options.now() + (request.routeOptions.config.microCache ?? 0) * 1000,
      });
      return payload;
    });
  },
  { name: 'micro-cache', dependencies: ['@fastify/cookie', 'request-context'] },
);
