import { useQuery } from '@tanstack/react-query';
import type { categoriesResponseSchema } from '../../../common/catalogue.ts';
import type { countriesResponseSchema, regionsResponseSchema } from '../../../common/reference.ts';
import type { Answer } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';

export type FilterChoiceList = 'categories' | 'countries' | 'regions';
const EVERY_LIST: readonly FilterChoiceList[] = ['categories', 'countries', 'regions'];

/** Filter choices, cached like the spec's geodata calls (999000 ms); only the lists `wanted` are asked for. */
export function useFilterChoices(locale: string, wanted: readonly FilterChoiceList[] = EVERY_LIST) {
  const options = { staleTime: LONG_CACHE_MS };
  const categories = useQuery({
    queryKey: ['reference', 'categories', locale],
    queryFn: ({ signal }) => api.get<Answer<typeof categoriesResponseSchema>>('/api/content/categories', { signal }),
    enabled: wanted.includes('categories'),
    ...options,
  });
  const countries = useQuery({
    queryKey: ['reference', 'geodata-countries', locale],
    queryFn: ({ signal }) => api.get<Answer<typeof countriesResponseSchema>>('/api/content/geodata/countries', { signal }),
    enabled: wanted.includes('countries'),
    ...options,
  });
  const regions = useQuery({
    queryKey: ['reference', 'geodata-regions', locale],
    queryFn: ({ signal }) => api.get<Answer<typeof regionsResponseSchema>>('/api/content/geodata/regions', { signal }),
    enabled: wanted.includes('regions'),
    ...options,
  });
  return { categories: categories.data ?? [], countries: countries.data ?? [], regions: regions.data ?? [] };
}
