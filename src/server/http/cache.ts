import type { FastifyReply } from 'fastify';

/**
 * Spec (content §9): tags, geodata, locales and time zones are cached for 999000 ms, i.e. 999 s.
 * Shared caches may keep them as long; the answer varies only by URL (the locale is in the query)
 * and the Site header.
 */
export const LONG_CACHE_SECONDS = 999;

/**
 * Answers that list or show stories, which the desk can withhold or kill at any moment (a kill is
 * often a legal matter): browsers and shared caches (a CDN) may keep them this long at most, then
 * ask again (the ETag makes that a 304 when nothing changed). The spec's 999 s for video detail
 * (content §9) is the browser app's own cache of what it has shown, not HTTP's. docs/caches.md.
 */
export const STORY_CACHE_SECONDS = 10;

export function longCache(reply: FastifyReply) {
  reply.header('cache-control', `public, max-age=${LONG_CACHE_SECONDS}, stale-while-revalidate=86400`);
  reply.header('vary', 'site, accept-language');
}

export function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}
