import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DashboardResponse } from '../../../common/catalogue.ts';
import type { LiveEventDetail, LiveEventUpdate, MyEvents } from '../../../common/live.ts';
import { eventViewReading, myEventsReading } from '../../../common/live-readings.ts';
import type { LiveEventStatusMessage } from '../../../common/realtime.ts';
import { CHANNELS } from '../../../common/realtime-channels.ts';
import { CATALOGUE_KEYS } from '../catalogue/api.ts';
import { dashboardWithStatusChange, tagLandingWithStatusChange, type TagLandingPages } from '../catalogue/live-cache.ts';
import { subscribe } from '../realtime/cable.ts';
import { LIVE_KEY, LIVE_KEYS } from './api.ts';
import { pagedEventsReading, withOwnTagNames, type EventPages } from './live-cache.ts';

/**
 * One status change applied to every cached answer that shows live events, each by its own reading
 * (spec: content §4 "Live event status"): the events list (every loaded page), the event views,
 * my events, the dashboard's strip and the tag landings' lives.
 */
export function applyStatusChange(client: QueryClient, update: LiveEventUpdate) {
  client.setQueriesData<EventPages>({ queryKey: LIVE_KEYS.allEvents }, (data) => data && pagedEventsReading(data, update));
  client.setQueriesData<LiveEventDetail>(
    { queryKey: LIVE_KEYS.allEventViews },
    (stored) => stored && withOwnTagNames(stored, eventViewReading(stored, update)),
  );
  client.setQueriesData<MyEvents>({ queryKey: LIVE_KEYS.allMyEvents }, (mine) => mine && myEventsReading(mine, update));
  client.setQueriesData<DashboardResponse>(
    { queryKey: CATALOGUE_KEYS.allDashboards },
    (dashboard) => dashboard && dashboardWithStatusChange(dashboard, update),
  );
  client.setQueriesData<TagLandingPages>(
    { queryKey: CATALOGUE_KEYS.allTagLandings },
    (landing) => landing && tagLandingWithStatusChange(landing, update),
  );
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
 * Keeps the cached answers that show live events current from the live-events channel; returns the
 * unsubscribe. `onSubscribed` runs each time the server confirms the subscription (a change sent
 * before would not arrive). After the connection comes back from a break, those answers are
 * fetched again, as changes sent meanwhile are lost.
 */
export function followLiveEvents(client: QueryClient, onSubscribed: () => void): () => void {
  let connectedBefore = false;
  return subscribe<LiveEventStatusMessage>(CHANNELS.liveEvents, {
    received: (message) => {
      if (message.type === 'status_changed') {
        applyStatusChange(client, message.live_event);
        refetchEventViews(client, message.live_event.id);
      }
    },
    connected: () => {
      if (connectedBefore)
        for (const queryKey of [LIVE_KEY, CATALOGUE_KEYS.allDashboards, CATALOGUE_KEYS.allTagLandings])
          void client.invalidateQueries({ queryKey });
      connectedBefore = true;
      onSubscribed();
    },
  });
}

/** followLiveEvents while a Live page is open; true once the server has confirmed the subscription. */
export function useLiveEventsChannel(): boolean {
  const client = useQueryClient();
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    const stop = followLiveEvents(client, () => setSubscribed(true));
    return () => {
      stop();
      setSubscribed(false);
    };
  }, [client]);
  return subscribed;
}
