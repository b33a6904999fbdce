import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LiveEventDetail, LiveEventUpdate, MyEvents } from '../../../common/live.ts';
import { eventViewReading, myEventsReading } from '../../../common/live-readings.ts';
import type { LiveEventStatusMessage } from '../../../common/realtime.ts';
import { CHANNELS } from '../../../common/realtime-channels.ts';
import { subscribe } from '../realtime/cable.ts';
import { LIVE_KEY, LIVE_KEYS } from './api.ts';
import { pagedEventsReading, withOwnTagNames, type EventPages } from './live-cache.ts';

/**
 * One status change applied to every cached live answer by its own reading (spec: content §4
 * "Live event status"): the events list (every loaded page), the event views, my events.
 */
export function applyStatusChange(client: QueryClient, update: LiveEventUpdate) {
  client.setQueriesData<EventPages>({ queryKey: LIVE_KEYS.allEvents }, (data) => data && pagedEventsReading(data, update));
  client.setQueriesData<LiveEventDetail>(
    { queryKey: LIVE_KEYS.allEventViews },
    (stored) => stored && withOwnTagNames(stored, eventViewReading(stored, update)),
  );
  client.setQueriesData<MyEvents>({ queryKey: LIVE_KEYS.allMyEvents }, (mine) => mine && myEventsReading(mine, update));
}

/**
 * An open event view asks for the event again when its status changes: whether it has a picture
 * (`playback_url`) is the server's to say, and no status change carries it.
 */
function refetchEventViews(client: QueryClient, eventId: number) {
  for (const [queryKey, view] of client.getQueriesData<LiveEventDetail>({ queryKey: LIVE_KEYS.allEventViews }))
    if (view?.id === eventId) void client.invalidateQueries({ queryKey, exact: true });
}

/**
 * Keeps the live answers current from the live-events channel while a Live page is open; true once
 * the server has confirmed the subscription (a change sent before would not arrive). After the
 * connection comes back from a break, the live answers are fetched again, as changes sent
 * meanwhile are lost.
 */
export function useLiveEventsChannel(): boolean {
  const client = useQueryClient();
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    let connectedBefore = false;
    const stop = subscribe<LiveEventStatusMessage>(CHANNELS.liveEvents, {
      received: (message) => {
        if (message.type === 'status_changed') {
          applyStatusChange(client, message.live_event);
          refetchEventViews(client, message.live_event.id);
        }
      },
      connected: () => {
        if (connectedBefore) void client.invalidateQueries({ queryKey: LIVE_KEY });
        connectedBefore = true;
        setSubscribed(true);
      },
    });
    return () => {
      stop();
      setSubscribed(false);
    };
  }, [client]);
  return subscribed;
}
