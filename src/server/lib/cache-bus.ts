/**
 * What the in-process caches keep, by what changes it (docs/caches.md lists every cache):
 * - `catalogue`: what lists, search, pages, tag landings and the dashboard show of stories and
 *   banners (the newsroom desk's publish, correct, withhold, kill; the desk's banners);
 * - `reference`: categories, countries, tags' names (changed by a release's seed or `npm run seed`).
 */
export const CACHE_SCOPES = ['catalogue', 'reference'] as const;
export type CacheScope = (typeof CACHE_SCOPES)[number];

const isScope = (text: string): text is CacheScope => (CACHE_SCOPES as readonly string[]).includes(text);

/**
 * Tells every process that content changed, so each drops what it keeps of it: through Redis
 * pub/sub with REDIS_URL (redis-cache-bus.ts), within the process otherwise. A service calls
 * `invalidate` once its transaction has committed (a process that dropped its cache before the
 * commit could fill it again with what was there before); a cache registers with `onInvalidate`.
 */
export type CacheBus = {
  /** Drops the scope's entries here at once, then in every other process as the message arrives. */
  invalidate(scope: CacheScope): void;
  /** Calls `clear` whenever the scope changes; answers the way to stop (a closed app's caches). */
  onInvalidate(scope: CacheScope, clear: () => void): () => void;
  close(): Promise<void>;
};

/** The caches of this process, by scope: what both kinds of bus deliver to. */
export function cacheListeners() {
  const listeners = new Map<CacheScope, Set<() => void>>(CACHE_SCOPES.map((scope) => [scope, new Set()]));
  return {
    on(scope: CacheScope, clear: () => void): () => void {
      // Wrapped, so the same function registered twice is two registrations, removed one by one.
      const registration = () => clear();
      listeners.get(scope)?.add(registration);
      return () => void listeners.get(scope)?.delete(registration);
    },
    clear(scope: string) {
      if (!isScope(scope)) return;
      for (const clear of listeners.get(scope) ?? []) clear();
    },
    clearAll() {
      for (const scope of CACHE_SCOPES) for (const clear of listeners.get(scope) ?? []) clear();
    },
  };
}

/** One process (the embedded default, or tests' apps sharing one bus): the caches are dropped at once. */
export function inProcessCacheBus(): CacheBus {
  const local = cacheListeners();
  return {
    invalidate: (scope) => local.clear(scope),
    onInvalidate: (scope, clear) => local.on(scope, clear),
    close: async () => undefined,
  };
}
