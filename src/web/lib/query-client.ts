import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Spec (content §9): tags, geodata, locales, time zones and video detail are cached 999000 ms. */
export const LONG_CACHE_MS = 999_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
