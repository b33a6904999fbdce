import { useSuspenseQuery } from '@tanstack/react-query';
import type { Alert, alertsResponseSchema } from '../../../common/alerts.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

/**
 * The flash alerts (GET /api/content/alerts). The alerts channel keeps the answer current
 * (alerts-live.ts), so it never goes stale by time.
 */
export const alertsQuery = {
  queryKey: ['alerts'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.get<Answer<typeof alertsResponseSchema>>('/api/content/alerts', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
};

export function useAlerts(): Alert[] {
  return useSuspenseQuery(alertsQuery).data;
}
