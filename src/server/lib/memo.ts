/**
 * A small time-limited memo for values that are the same for everyone and change rarely (the parse
 * of a search text, the names of categories): it saves a database round trip per request.
 */
export function memo<K, V>(options: { ttlMs: number; max: number; now?: () => number }) {
  const entries = new Map<K, { value: Promise<V>; expires: number }>();
  const now = options.now ?? (() => Date.now());
  return async (key: K, load: () => Promise<V>): Promise<V> => {
    const entry = entries.get(key);
    if (entry && entry.expires > now()) return entry.value;
    if (entries.size >= options.max) entries.delete(entries.keys().next().value as K);
    // A promise of the result, not what load returned: a Drizzle query is a thenable that runs
    // again each time it is awaited, so remembering the query itself would remember nothing.
    const value = Promise.resolve(load());
    entries.set(key, { value, expires: now() + options.ttlMs });
    // A failed load is not remembered.
    value.catch(() => entries.delete(key));
    return value;
  };
}
