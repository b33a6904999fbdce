import type { z } from 'zod';
import { LIVE_PAGE_SIZE } from '../../../common/live-values.ts';
import type {
  liveBookingBodySchema,
  LiveTargetInput,
  liveTargetSchema,
  liveTargetsSchema,
  liveTokenSchema,
  transcoderProvidersSchema,
  tvuReceiversSchema,
  liveEventDetailSchema,
  liveEventSchema,
  liveEventsResponseSchema,
  liveRecordingsResponseSchema,
  myEventsSchema,
  recordingEmbedBodySchema,
  recordingEmbedSchema,
} from '../../../common/live.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

const LIVE = '/api/content/live';
const eventPath = (slug: string) => `${LIVE}/events/${encodeURIComponent(slug)}`;

/** The live calls of spec: content §7, typed by the shared contracts. */
export const liveApi = {
  events: (page: number, signal?: AbortSignal) =>
    api.get<Answer<typeof liveEventsResponseSchema>>(`${LIVE}/events`, { query: { page, per_page: LIVE_PAGE_SIZE }, signal }),
  /** The archive: finished events, the latest first. */
  archivedEvents: (page: number, signal?: AbortSignal) =>
    api.get<Answer<typeof liveEventsResponseSchema>>(`${LIVE}/events`, {
      query: { archived: true, page, per_page: LIVE_PAGE_SIZE },
      signal,
    }),
  recordings: (page: number, signal?: AbortSignal) =>
    api.get<Answer<typeof liveRecordingsResponseSchema>>(`${LIVE}/recordings`, { query: { page, per_page: LIVE_PAGE_SIZE }, signal }),
  /** A player of the recording to put on another site; the server checks the privacy policy is accepted. */
  embedRecording: (id: number, privacyAccepted: boolean) =>
    api.post<Answer<typeof recordingEmbedSchema>>(`${LIVE}/recordings/${id}/embed`, {
      body: { book_recording: { privacy_accepted: privacyAccepted } } satisfies z.input<typeof recordingEmbedBodySchema>,
    }),
  event: (slug: string, signal?: AbortSignal) => api.get<Answer<typeof liveEventDetailSchema>>(eventPath(slug), { signal }),
  myEvents: (signal?: AbortSignal) => api.get<Answer<typeof myEventsSchema>>(`${LIVE}/current_user/my_events`, { signal }),
  /** Follow or unfollow; the answer is the event with the caller's `subscribed`. */
  follow: (slug: string, follow: boolean) =>
    (follow ? api.post : api.delete)<Answer<typeof liveEventSchema>>(`${eventPath(slug)}/subscription`),
  /** Ask to book an event (spec §5: the privacy policy accepted); the answer is the event with its booking, pending. */
  book: (slug: string, booking: z.input<typeof liveBookingBodySchema>['booking']) =>
    api.post<Answer<typeof liveEventDetailSchema>>(`${eventPath(slug)}/bookings`, {
      body: { booking } satisfies z.input<typeof liveBookingBodySchema>,
    }),
  /** Cancel the caller's booking before the event starts; the answer is the event with the booking canceled. */
  cancelBooking: (slug: string) => api.delete<Answer<typeof liveEventDetailSchema>>(`${eventPath(slug)}/bookings`),
  targets: (slug: string, signal?: AbortSignal) => api.get<Answer<typeof liveTargetsSchema>>(`${eventPath(slug)}/targets`, { signal }),
  addTarget: (slug: string, target: LiveTargetInput) =>
    api.post<Answer<typeof liveTargetSchema>>(`${eventPath(slug)}/targets`, { body: { target } }),
  removeTarget: (id: number) => api.delete<null>(`${LIVE}/targets/${id}`),
  transcoderProviders: (signal?: AbortSignal) =>
    api.get<Answer<typeof transcoderProvidersSchema>>(`${LIVE}/transcoder_providers`, { signal }),
  /** The receivers of the TVU account in the caller's profile. */
  tvuReceivers: (signal?: AbortSignal) => api.get<Answer<typeof tvuReceiversSchema>>(`${LIVE}/tvu/receivers`, { signal }),
  streamToken: (slug: string, languageId: string) =>
    api.post<Answer<typeof liveTokenSchema>>(`${eventPath(slug)}/tokens`, { body: { language_id: languageId } }),
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
  /** Not under 'events': the events list's status-change reading is not the archive's. */
  allArchivedEvents: [...LIVE_KEY, 'archived-events'] as const,
  archivedEvents: (locale: string, userId: number | null) => [...LIVE_KEY, 'archived-events', locale, userId] as const,
  recordings: (locale: string, userId: number | null) => [...LIVE_KEY, 'recordings', locale, userId] as const,
  allMyEvents: [...LIVE_KEY, 'my-events'] as const,
  myEvents: (locale: string, userId: number | null) => [...LIVE_KEY, 'my-events', locale, userId] as const,
  targets: (slug: string, userId: number | null) => [...LIVE_KEY, 'targets', slug, userId] as const,
  transcoderProviders: [...LIVE_KEY, 'transcoder-providers'] as const,
  tvuReceivers: (userId: number | null) => [...LIVE_KEY, 'tvu-receivers', userId] as const,
};
