import { useSuspenseQuery } from '@tanstack/react-query';
import type { SiteInfo, siteInfoSchema } from '../../common/site.ts';
import { api } from './api.ts';
import type { Answer } from './api-client.ts';

/** The variant this page is served as (standard, landing or Russian-region), from GET /api/site. */
export const siteQuery = {
  queryKey: ['site'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.get<Answer<typeof siteInfoSchema>>('/api/site', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
};

export function useSite(): SiteInfo {
  return useSuspenseQuery(siteQuery).data;
}
