import type {
  BookingForm,
  bookingResponseSchema,
  broadcastEventsResponseSchema,
  broadcastTownSchema,
  broadcastTownsResponseSchema,
} from '../../../common/broadcast.ts';
import type { profileSchema } from '../../../common/accounts.ts';
import type { jobTitlesResponseSchema } from '../../../common/reference.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

const BASE = '/api/content/broadcast';

/** The broadcast services calls (src/server/modules/broadcast/routes.ts), typed by the shared contracts. */
export const broadcastApi = {
  towns: (signal?: AbortSignal) => api.get<Answer<typeof broadcastTownsResponseSchema>>(`${BASE}/towns`, { signal }),
  town: (slug: string, signal?: AbortSignal) =>
    api.get<Answer<typeof broadcastTownSchema>>(`${BASE}/towns/${encodeURIComponent(slug)}`, { signal }),
  events: (signal?: AbortSignal) => api.get<Answer<typeof broadcastEventsResponseSchema>>(`${BASE}/events`, { signal }),
  book: (town: string, booking: BookingForm) =>
    api.post<Answer<typeof bookingResponseSchema>>(`${BASE}/towns/${encodeURIComponent(town)}/bookings`, { body: { booking } }),
  jobTitles: (signal?: AbortSignal) => api.get<Answer<typeof jobTitlesResponseSchema>>('/api/job_titles', { signal }),
  /** The signed-in user's profile, which fills the booking form's contact fields. */
  profile: (signal?: AbortSignal) => api.get<Answer<typeof profileSchema>>('/api/current_user/profile', { signal }),
};

/** Query keys: per language, as the answers are in it. */
export const BROADCAST_KEYS = {
  towns: (locale: string) => ['broadcast', 'towns', locale] as const,
  town: (locale: string, slug: string) => ['broadcast', 'town', locale, slug] as const,
  events: (locale: string) => ['broadcast', 'events', locale] as const,
  jobTitles: (locale: string) => ['reference', 'job_titles', locale] as const,
  /** The accounts feature's key for the same call: an edited profile refreshes the form's prefill too. */
  profile: ['profile'] as const,
};
