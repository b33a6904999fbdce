import { useQuery } from '@tanstack/react-query';
import type { Alert } from '../../../../common/alerts.ts';
import type { Banner } from '../../../../common/catalogue.ts';
import type { LiveEventStatus } from '../../../../common/live.ts';
import type {
  DeskEvent,
  DeskEventChanges,
  DeskEventInput,
  DeskEventPeople,
  DeskEventsPage,
  DeskEventsQuery,
  PictureHealth,
} from '../../../../common/live-desk.ts';
import { DEFAULT_LOCALE, pathLocale } from '../../../../common/locales.ts';
import { api } from '../../../lib/api.ts';
import { ApiError, type QueryValue } from '../../../lib/api-client.ts';
import { itemText } from '../../../lib/forms.ts';

/** Query keys of the live desk. */
export const LIVE_DESK_KEYS = {
  events: (query: Record<string, QueryValue>) => ['desk', 'live', 'events', query] as const,
  event: (id: number) => ['desk', 'live', 'event', id] as const,
  health: (id: number) => ['desk', 'live', 'health', id] as const,
  people: (id: number) => ['desk', 'live', 'people', id] as const,
  alerts: ['desk', 'alerts'] as const,
  banners: ['desk', 'banners'] as const,
};

const EVENTS = '/api/desk/live/events';

/** The live desk's calls (src/server/modules/live/desk-routes.ts, alerts/desk-routes.ts), typed by the shared contracts. */
export const liveDeskApi = {
  events: (query: DeskEventsQuery, signal?: AbortSignal) =>
    api.get<DeskEventsPage>(EVENTS, { query: query as Record<string, QueryValue>, signal }),
  event: (id: number, signal?: AbortSignal) => api.get<DeskEvent>(`${EVENTS}/${id}`, { signal }),
  create: (input: DeskEventInput) => api.post<DeskEvent>(EVENTS, { body: input }),
  update: (id: number, changes: DeskEventChanges) => api.patch<DeskEvent>(`${EVENTS}/${id}`, { body: changes }),
  status: (id: number, status: LiveEventStatus) => api.post<DeskEvent>(`${EVENTS}/${id}/status`, { body: { status } }),
  newKey: (id: number) => api.post<DeskEvent>(`${EVENTS}/${id}/stream_key`),
  health: (id: number, signal?: AbortSignal) => api.get<PictureHealth>(`${EVENTS}/${id}/health`, { signal }),
  people: (id: number, signal?: AbortSignal) => api.get<DeskEventPeople>(`${EVENTS}/${id}/people`, { signal }),
  removePicture: (id: number) => api.delete<DeskEvent>(`${EVENTS}/${id}/picture`),
  /** The picture is sent as itself (the server judges it by its content), not as a form. */
  async uploadPicture(id: number, file: File): Promise<DeskEvent> {
    const locale = pathLocale(window.location.pathname) ?? DEFAULT_LOCALE;
    const response = await fetch(`${EVENTS}/${id}/picture?locale=${locale}`, {
      method: 'PUT',
      body: file,
      credentials: 'same-origin',
      headers: { 'content-type': file.type || 'application/octet-stream' },
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const errors = (body as { errors?: ApiError['errors'] } | null)?.errors ?? [];
      throw new ApiError(response.status, errors);
    }
    return body as DeskEvent;
  },
  alerts: (signal?: AbortSignal) => api.get<{ alerts: Alert[] }>('/api/desk/alerts', { signal }),
  createAlert: (alert: unknown) => api.post<Alert>('/api/desk/alerts', { body: { alert } }),
  updateAlert: (id: number, alert: unknown) => api.patch<Alert>(`/api/desk/alerts/${id}`, { body: { alert } }),
  endAlert: (id: number) => api.delete<null>(`/api/desk/alerts/${id}`),
  banners: (signal?: AbortSignal) => api.get<{ banners: Banner[] }>('/api/desk/banners', { signal }),
  createBanner: (banner: unknown) => api.post<Banner>('/api/desk/banners', { body: banner }),
  updateBanner: (id: number, banner: unknown) => api.patch<Banner>(`/api/desk/banners/${id}`, { body: banner }),
  removeBanner: (id: number) => api.delete<null>(`/api/desk/banners/${id}`),
};

export function useDeskEvent(id: number) {
  return useQuery({ queryKey: LIVE_DESK_KEYS.event(id), queryFn: ({ signal }) => liveDeskApi.event(id, signal) });
}

/** How often the health panel asks again while the page is open. */
export const HEALTH_REFRESH_MS = 2000;

export function usePictureHealth(id: number) {
  return useQuery({
    queryKey: LIVE_DESK_KEYS.health(id),
    queryFn: ({ signal }) => liveDeskApi.health(id, signal),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

/** A failed call's messages by field (below the body's wrapper), and the rest. */
export function errorsOf(error: unknown, wrapper = ''): { fields: Record<string, string>; other: string[] } {
  if (!(error instanceof ApiError)) return { fields: {}, other: error instanceof Error ? [error.message] : [] };
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const item of error.errors) {
    const field = item.field?.startsWith(wrapper) ? item.field.slice(wrapper.length) : item.field;
    if (field) fields[field] ??= itemText(item);
    else other.push(itemText(item));
  }
  return { fields, other };
}
