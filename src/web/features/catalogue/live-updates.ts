import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAfterFirstLoad } from '../../lib/after-first-load.ts';

/**
 * The live-events channel for a catalogue page that shows live events (the dashboard's strip, a tag
 * landing's lives), so that status changes arrive without a reload (spec: content §4 "Live event
 * status"). It opens once the page has loaded: the channel's code (the connection, the readings
 * and the live contracts they use, zod with them) is not the first view's, whose scripts have a
 * budget (e2e/web-budget.spec.ts). True once the server has confirmed the subscription.
 */
export function useLiveEventsAfterFirstLoad(): boolean {
  const client = useQueryClient();
  const loaded = useAfterFirstLoad();
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    let stop: (() => void) | undefined;
    void import('../live/live-channel.ts').then((channel) => {
      if (current) stop = channel.followLiveEvents(client, () => setSubscribed(true));
    });
    return () => {
      current = false;
      stop?.();
      setSubscribed(false);
    };
  }, [loaded, client]);
  return subscribed;
}
