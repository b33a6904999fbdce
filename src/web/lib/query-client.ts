import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Spec (content §9): tags, geodata, locales, time zones and video detail are cached 999000 ms. */
export const LONG_CACHE_MS = 999_000;

/**
 * A 4xx will not get better by asking again, except a 429, which says when to ask (Retry-After, else
 * 60 s: spec content §9), as a 503 does; those are asked once more, the others twice.
 */
export function shouldRetry(count: number, error: unknown): boolean {
  if (error instanceof ApiError && error.retryAfterMs !== null) return count < 1;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;
}

/** The Retry-After of a 429 or 503; otherwise TanStack Query's own backoff (1 s, 2 s, … at most 30 s). */
export function retryDelay(count: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterMs !== null) return error.retryAfterMs;
  return Math.min(1000 * 2 ** count, 30_000);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay: retryDelay,
      },
    },
  });
}
