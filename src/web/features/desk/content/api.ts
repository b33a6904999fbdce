import type {
  BulkBody,
  BulkResult,
  ContentAction,
  ContentActionBody,
  ContentItem,
  ContentList,
  SaveContentBody,
} from '../../../../common/newsroom-desk.ts';
import type { ContentFields } from '../../../../common/newsroom.ts';
import type { Country } from '../../../../common/reference.ts';
import { api } from '../../../lib/api.ts';
import type { QueryValue } from '../../../lib/api-client.ts';

/** Query keys of the newsroom desk; under 'desk', so sign-out forgets them with the rest. */
export const CONTENT_KEYS = {
  all: ['desk', 'content'] as const,
  list: (filters: Record<string, QueryValue>) => ['desk', 'content', 'list', filters] as const,
  item: (id: number) => ['desk', 'content', 'item', id] as const,
  countries: ['desk', 'content', 'countries'] as const,
};

/** The newsroom desk's calls (src/server/modules/newsroom/routes.ts), typed by the shared contracts. */
export const contentApi = {
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) => api.get<ContentList>('/api/desk/content', { query, signal }),
  item: (id: number, signal?: AbortSignal) => api.get<ContentItem>(`/api/desk/content/${id}`, { signal }),
  create: (fields: Partial<ContentFields> = {}) => api.post<ContentItem>('/api/desk/content', { body: { fields } }),
  save: (id: number, body: SaveContentBody) => api.patch<ContentItem>(`/api/desk/content/${id}`, { body }),
  act: (id: number, action: ContentAction, body: ContentActionBody = {}) =>
    api.post<ContentItem>(`/api/desk/content/${id}/${action}`, { body }),
  bulk: (body: BulkBody) => api.post<BulkResult>('/api/desk/content/bulk', { body }),
  countries: (signal?: AbortSignal) => api.get<Country[]>('/api/countries.json', { signal }),
};
