import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { receiptSchema, transactionsPageSchema } from '../../../common/payments.ts';
import type { countriesResponseSchema } from '../../../common/reference.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';

/** The purchase history's calls (spec: accounts §7 Payments "transactions"), typed by the shared contracts. */
export const historyApi = {
  transactions: (page: number, signal?: AbortSignal) =>
    api.get<Answer<typeof transactionsPageSchema>>('/api/current_user/payments/transactions', { query: { page }, signal }),
  receipt: (id: string, signal?: AbortSignal) =>
    api.get<Answer<typeof receiptSchema>>(`/api/current_user/payments/transactions/${encodeURIComponent(id)}/receipt`, { signal }),
  countries: (signal?: AbortSignal) => api.get<Answer<typeof countriesResponseSchema>>('/api/countries.json', { signal }),
};

export const HISTORY_KEYS = {
  transactions: (page: number) => ['payments', 'transactions', page] as const,
  receipt: (id: string) => ['payments', 'receipt', id] as const,
};

/** One page of the history; the page shown stays while the next one loads. */
export function useTransactions(page: number) {
  return useQuery({
    queryKey: HISTORY_KEYS.transactions(page),
    queryFn: ({ signal }) => historyApi.transactions(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReceipt(id: string) {
  return useQuery({ queryKey: HISTORY_KEYS.receipt(id), queryFn: ({ signal }) => historyApi.receipt(id, signal) });
}

/** Countries in the page's language, cached like the spec's geodata calls (the key other pages share). */
export function useCountries(locale: string) {
  return useQuery({
    queryKey: ['reference', 'countries', locale],
    queryFn: ({ signal }) => historyApi.countries(signal),
    staleTime: LONG_CACHE_MS,
  });
}
