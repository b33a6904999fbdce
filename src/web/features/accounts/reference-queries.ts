import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';
import { accountsApi } from './api.ts';

/**
 * Countries in the page's language, cached like the spec's geodata calls. In another language the
 * last list stays until the new one is there, so a form's country select keeps its options (and
 * with them its value) meanwhile.
 */
export function useCountries(locale: string) {
  return useQuery({
    queryKey: ['reference', 'countries', locale],
    queryFn: ({ signal }) => accountsApi.countries(signal),
    staleTime: LONG_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useTimeZones() {
  return useQuery({
    queryKey: ['reference', 'time_zones'],
    queryFn: ({ signal }) => accountsApi.timeZones(signal),
    staleTime: LONG_CACHE_MS,
  });
}
