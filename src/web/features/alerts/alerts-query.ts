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

/**
 * The bars' order: breaking (red) above live (yellow), newest first within a colour, whatever order
 * the list came in (the server's answer, newest first, or the list after a real-time change).
 */
export function inBarOrder(alerts: Alert[]): Alert[] {
  const rank = (alert: Alert) => (alert.alert_type === 'red' ? 0 : 1);
  return [...alerts].sort((a, b) => rank(a) - rank(b) || b.id - a.id);
}

export function useAlerts(): Alert[] {
  return useSuspenseQuery({ ...alertsQuery, select: inBarOrder }).data;
}
