import { useSuspenseQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../common/site.ts';
import { api } from './api.ts';
import { contract, siteContracts } from './contracts.ts';

/** The variant this page is served as (standard, landing or Russian-region), from GET /api/site. */
export const siteQuery = {
  queryKey: ['site'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.get('/api/site', { signal, schema: contract(siteContracts, 'siteInfoSchema') }),
  staleTime: Number.POSITIVE_INFINITY,
};

export function useSite(): SiteInfo {
  return useSuspenseQuery(siteQuery).data;
}
