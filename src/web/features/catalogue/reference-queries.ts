import { useQuery } from '@tanstack/react-query';
import { categoriesResponseSchema } from '../../../common/catalogue.ts';
import { countriesResponseSchema, regionsResponseSchema } from '../../../common/reference.ts';
import { api } from '../../lib/api.ts';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';

/** Filter choices, cached like the spec's geodata calls (999000 ms). */
export function useFilterChoices(locale: string) {
  const options = { staleTime: LONG_CACHE_MS };
  const categories = useQuery({
    queryKey: ['reference', 'categories', locale],
    queryFn: ({ signal }) => api.get('/api/content/categories', { signal, schema: categoriesResponseSchema }),
    ...options,
  });
  const countries = useQuery({
    queryKey: ['reference', 'geodata-countries', locale],
    queryFn: ({ signal }) => api.get('/api/content/geodata/countries', { signal, schema: countriesResponseSchema }),
    ...options,
  });
  const regions = useQuery({
    queryKey: ['reference', 'geodata-regions', locale],
    queryFn: ({ signal }) => api.get('/api/content/geodata/regions', { signal, schema: regionsResponseSchema }),
    ...options,
  });
  return { categories: categories.data ?? [], countries: countries.data ?? [], regions: regions.data ?? [] };
}
