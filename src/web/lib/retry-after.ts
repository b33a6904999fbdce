/** Spec content §9: without a Retry-After header a 429 or 503 is asked again after 60 seconds. */
export const RETRY_AFTER_FALLBACK_MS = 60_000;

/** Statuses whose answer says "not now": their Retry-After (or the fallback) says when to ask again. */
export const isRetryLater = (status: number) => status === 429 || status === 503;

/** Milliseconds to wait from a Retry-After value: delay-seconds or an HTTP date (RFC 9110 §10.2.3); else the fallback. */
export function retryAfterMs(value: string | null | undefined, now: number): number {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = text === '' ? Number.NaN : Date.parse(text);
  return Number.isNaN(date) ? RETRY_AFTER_FALLBACK_MS : Math.max(0, date - now);
}
