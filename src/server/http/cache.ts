import type { FastifyReply } from 'fastify';

/**
 * Spec (content §9): tags, geodata, locales and time zones are cached for 999000 ms, i.e. 999 s.
 * Shared caches may keep them as long; the answer varies only by URL (the locale is in the query)
 * and the Site header.
 */
export const LONG_CACHE_SECONDS = 999;

export function longCache(reply: FastifyReply) {
  reply.header('cache-control', `public, max-age=${LONG_CACHE_SECONDS}, stale-while-revalidate=86400`);
  reply.header('vary', 'site, accept-language');
}

export function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}
