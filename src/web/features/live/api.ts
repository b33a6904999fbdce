import {
  LIVE_PAGE_SIZE,
  type liveEventDetailSchema,
  type liveEventSchema,
  type liveEventsResponseSchema,
  type myEventsSchema,
} from '../../../common/live.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

const LIVE = '/api/content/live';
const eventPath = (slug: string) => `${LIVE}/events/${encodeURIComponent(slug)}`;

/** The live calls of spec: content §7, typed by the shared contracts. */
export const liveApi = {
  events: (page: number, signal?: AbortSignal) =>
    api.get<Answer<typeof liveEventsResponseSchema>>(`${LIVE}/events`, { query: { page, per_page: LIVE_PAGE_SIZE }, signal }),
  event: (slug: string, signal?: AbortSignal) => api.get<Answer<typeof liveEventDetailSchema>>(eventPath(slug), { signal }),
  myEvents: (signal?: AbortSignal) => api.get<Answer<typeof myEventsSchema>>(`${LIVE}/current_user/my_events`, { signal }),
  /** Follow or unfollow; the answer is the event with the caller's `subscribed`. */
  follow: (slug: string, follow: boolean) =>
    (follow ? api.post : api.delete)<Answer<typeof liveEventSchema>>(`${eventPath(slug)}/subscription`),
  unfollowAll: () => api.delete<{ unfollowed: number }>(`${LIVE}/events/subscriptions/destroy_all`),
};

/**
 * Every live query starts with 'live' and names its kind second, so a status change or a follow
 * reaches every cached list of a kind (each language, each loaded page) by prefix. Answers hold
 * the caller's own flags (subscribed, booked): the user is part of each key, so a sign-in never
 * shows a visitor's answer.
 */
export const LIVE_KEY = ['live'] as const;
export const LIVE_KEYS = {
  allEvents: [...LIVE_KEY, 'events'] as const,
  events: (locale: string, userId: number | null) => [...LIVE_KEY, 'events', locale, userId] as const,
  allEventViews: [...LIVE_KEY, 'event'] as const,
  event: (locale: string, slug: string, userId: number | null) => [...LIVE_KEY, 'event', locale, slug, userId] as const,
  allMyEvents: [...LIVE_KEY, 'my-events'] as const,
  myEvents: (locale: string, userId: number | null) => [...LIVE_KEY, 'my-events', locale, userId] as const,
};
