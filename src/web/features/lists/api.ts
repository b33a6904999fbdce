import type {
  ListChanges,
  listDetailSchema,
  ListItemsChange,
  listItemsChangeSchema,
  listSchema,
  listsResponseSchema,
  NewListInput,
  videoListsResponseSchema,
} from '../../../common/lists.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

const LISTS = '/api/content/lists';
const listPath = (id: string) => `${LISTS}/${encodeURIComponent(id)}`;

/** The list calls of spec: content §7, typed by the shared contracts. */
export const listsApi = {
  mine: (signal?: AbortSignal) => api.get<Answer<typeof listsResponseSchema>>(LISTS, { signal }),
  one: (id: string, signal?: AbortSignal) => api.get<Answer<typeof listDetailSchema>>(listPath(id), { signal }),
  /** New list, or a duplicate when `duplicate_of` names the source. */
  create: (list: NewListInput) => api.post<Answer<typeof listSchema>>(LISTS, { body: { list } }),
  change: (id: string, list: ListChanges) => api.patch<Answer<typeof listSchema>>(listPath(id), { body: { list } }),
  remove: (id: string) => api.delete<null>(listPath(id)),
  /** The user's lists, each saying whether it holds the video. */
  forVideo: (videoId: number, signal?: AbortSignal) =>
    api.get<Answer<typeof videoListsResponseSchema>>('/api/content/video_lists', {
      query: { item_type: 'video_project', item_id: videoId },
      signal,
    }),
  addItems: (change: ListItemsChange) => api.post<Answer<typeof listItemsChangeSchema>>('/api/content/list_items', { body: change }),
  removeItems: (change: ListItemsChange) => api.delete<Answer<typeof listItemsChangeSchema>>('/api/content/list_items', { body: change }),
};

/** Query keys: every list answer belongs to the signed-in user (their lists, `mine`). */
export const LISTS_KEY = ['lists'] as const;
export const LISTS_KEYS = {
  mine: (userId: number | null) => [...LISTS_KEY, 'mine', userId] as const,
  one: (id: string, userId: number | null, locale: string) => [...LISTS_KEY, 'one', id, userId, locale] as const,
  forVideo: (videoId: number, userId: number | null) => [...LISTS_KEY, 'video', videoId, userId] as const,
};
