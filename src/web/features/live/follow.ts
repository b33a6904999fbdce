import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent, LiveEventDetail } from '../../../common/live.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { LIVE_KEY, LIVE_KEYS, liveApi } from './api.ts';
import { pagesWithFollow, type EventPages } from './live-cache.ts';

/** Marks one event followed or not in the events list and the archive (every loaded page) and in its event view. */
function setFollowed(client: QueryClient, eventId: number, subscribed: boolean) {
  for (const queryKey of [LIVE_KEYS.allEvents, LIVE_KEYS.allArchivedEvents])
    client.setQueriesData<EventPages>({ queryKey }, (data) => data && pagesWithFollow(data, eventId, subscribed));
  client.setQueriesData<LiveEventDetail>({ queryKey: LIVE_KEYS.allEventViews }, (stored) =>
    stored && stored.id === eventId ? { ...stored, subscribed } : stored,
  );
}

type FollowChange = { event: LiveEvent; follow: boolean };

/**
 * Following an event (spec: content §4 "Following"): the list and the event view show the change at
 * once; on success my events is fetched again; on failure the flag goes back to what it was and the
 * error is said. Only the flag is put back, so a status change that arrived meanwhile stays.
 */
export function useFollowEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ event, follow }: FollowChange) => liveApi.follow(event.slug, follow),
    onMutate: async ({ event, follow }) => {
      // An answer on its way would bring back the flag as it was before the click.
      await Promise.all([
        client.cancelQueries({ queryKey: LIVE_KEYS.allEvents }),
        client.cancelQueries({ queryKey: LIVE_KEYS.allArchivedEvents }),
        client.cancelQueries({ queryKey: LIVE_KEYS.allEventViews }),
      ]);
      setFollowed(client, event.id, follow);
    },
    onSuccess: (answer) => {
      setFollowed(client, answer.id, answer.subscribed);
      void client.invalidateQueries({ queryKey: LIVE_KEYS.allMyEvents });
    },
    onError: (error, { event }) => {
      setFollowed(client, event.id, event.subscribed);
      notifications.notify({ type: 'error', children: errorText(error, translateIfExists) });
    },
  });
}

/** Unfollow all (spec: content §4 "Following"): then the events list and my events are fetched again. */
export function useUnfollowAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => liveApi.unfollowAll(),
    // Every live answer holds the caller's follow flags, the event views too.
    onSuccess: () => client.invalidateQueries({ queryKey: LIVE_KEY }),
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
}
