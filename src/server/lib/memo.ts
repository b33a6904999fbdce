/** A remembered load by key, and `clear` to forget everything (the cache bus calls it when its data change). */
export type Memo<K, V> = ((key: K, load: () => Promise<V>) => Promise<V>) & { clear: () => void };

/**
 * A small time-limited memo for values that are the same for everyone and change rarely (the parse
 * of a search text, the names of categories): it saves a database round trip per request. Where
 * what it keeps comes from data the desk or a seed can change, its owner registers `clear` with
 * the cache bus (lib/cache-bus.ts), so every process forgets at once rather than after `ttlMs`.
 */
export function memo<K, V>(options: { ttlMs: number; max: number; now?: () => number }): Memo<K, V> {
  const entries = new Map<K, { value: Promise<V>; expires: number }>();
  const now = options.now ?? (() => Date.now());
  const remember = async (key: K, load: () => Promise<V>): Promise<V> => {
    const entry = entries.get(key);
    if (entry && entry.expires > now()) return entry.value;
    if (entries.size >= options.max) entries.delete(entries.keys().next().value as K);
    // A promise of the result, not what load returned: a Drizzle query is a thenable that runs
    // again each time it is awaited, so remembering the query itself would remember nothing.
    const value = Promise.resolve(load());
    entries.set(key, { value, expires: now() + options.ttlMs });
    // A failed load is not remembered (nor is a later load of the same key forgotten for it).
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
  // A load under way when the entries are cleared is answered to its callers but not kept.
  return Object.assign(remember, { clear: () => entries.clear() });
}
