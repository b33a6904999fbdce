import { useQuery } from '@tanstack/react-query';
import type {
  Assignee,
  AssignmentChange,
  DeskStudioBooking,
  DeskWorldExclusive,
  InboxChange,
  StudioBookingState,
  WorldExclusiveState,
} from '../../../../common/desk-inbox.ts';
import type { DeskLiveBooking } from '../../../../common/desk-live-bookings.ts';
import { api } from '../../../lib/api.ts';
import type { QueryValue } from '../../../lib/api-client.ts';

type Filters = Record<string, QueryValue>;

/** The inboxes' calls (src/server/modules/business/inbox-routes.ts, live/booking-routes.ts). */
export const inboxApi = {
  worldExclusives: (query: Filters, signal?: AbortSignal) =>
    api.get<{ requests: DeskWorldExclusive[] }>('/api/desk/world_exclusive_requests', { query, signal }),
  changeWorldExclusive: (id: number, body: InboxChange<WorldExclusiveState>) =>
    api.patch<DeskWorldExclusive>(`/api/desk/world_exclusive_requests/${id}`, { body }),
  studioBookings: (query: Filters, signal?: AbortSignal) =>
    api.get<{ bookings: DeskStudioBooking[] }>('/api/desk/studio_bookings', { query, signal }),
  changeStudioBooking: (id: number, body: InboxChange<StudioBookingState>) =>
    api.patch<DeskStudioBooking>(`/api/desk/studio_bookings/${id}`, { body }),
  liveBookings: (query: Filters, signal?: AbortSignal) =>
    api.get<{ bookings: DeskLiveBooking[] }>('/api/desk/live_bookings', { query, signal }),
  confirmLiveBooking: (id: number) => api.post<DeskLiveBooking>(`/api/desk/live_bookings/${id}/confirmation`),
  declineLiveBooking: (id: number, reason: string) =>
    api.post<DeskLiveBooking>(`/api/desk/live_bookings/${id}/rejection`, { body: { reason } }),
  assignLiveBooking: (id: number, body: AssignmentChange) => api.patch<DeskLiveBooking>(`/api/desk/live_bookings/${id}`, { body }),
};

export const INBOX_KEYS = {
  box: (box: string, filters: Filters) => ['desk', 'inbox', box, filters] as const,
};

/** Who inbox items may be assigned to (sales and admin staff); the same for every inbox. */
export function useAssignees() {
  return useQuery({
    queryKey: ['desk', 'inbox', 'assignees'],
    queryFn: ({ signal }) => api.get<{ assignees: Assignee[] }>('/api/desk/inbox/assignees', { signal }),
    staleTime: 5 * 60_000,
    select: (answer) => answer.assignees,
  });
}
