import { useQuery } from '@tanstack/react-query';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';
import { agreementsApi } from './api.ts';

/** The request form's choices, in the page's language, cached like the spec's reference calls. */
export function useRequestChoices(locale: string) {
  const options = { staleTime: LONG_CACHE_MS };
  const countries = useQuery({
    queryKey: ['reference', 'countries', locale],
    queryFn: ({ signal }) => agreementsApi.countries(signal),
    ...options,
  });
  const companyTypes = useQuery({
    queryKey: ['reference', 'company_types', locale],
    queryFn: ({ signal }) => agreementsApi.companyTypes(signal),
    ...options,
  });
  const jobTitles = useQuery({
    queryKey: ['reference', 'job_titles', locale],
    queryFn: ({ signal }) => agreementsApi.jobTitles(signal),
    ...options,
  });
  return {
    countries: countries.data,
    companyTypes: companyTypes.data,
    jobTitles: jobTitles.data,
    error: countries.error ?? companyTypes.error ?? jobTitles.error,
  };
}
