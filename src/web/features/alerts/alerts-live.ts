import type { QueryClient } from '@tanstack/react-query';
import type { Alert, AlertMessage } from '../../../common/alerts.ts';
import { CHANNELS } from '../../../common/realtime-channels.ts';
import { subscribe } from '../realtime/cable.ts';
import { alertsQuery } from './alerts-query.ts';

/**
 * Applies one message of the alerts channel to the cached list, kept newest first as the server
 * answers it; the bars show it in their own order (inBarOrder).
 */
export function applyAlertMessage(alerts: Alert[], message: AlertMessage): Alert[] {
  if (message.type === 'deleted') return alerts.filter((alert) => alert.id !== message.id);
  const others = alerts.filter((alert) => alert.id !== message.alert.id);
  return [...others, message.alert].sort((a, b) => b.id - a.id);
}

/**
 * Keeps the alerts current from the alerts channel; returns the unsubscribe. After the connection
 * comes back from a break, the list is fetched again so nothing sent meanwhile is missed.
 */
export function followAlerts(queryClient: QueryClient, onLive: () => void): () => void {
  let connectedBefore = false;
  return subscribe<AlertMessage>(CHANNELS.alerts, {
    received: (message) => queryClient.setQueryData<Alert[]>(alertsQuery.queryKey, (alerts = []) => applyAlertMessage(alerts, message)),
    connected: () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: alertsQuery.queryKey });
      connectedBefore = true;
      onLive();
    },
  });
}
