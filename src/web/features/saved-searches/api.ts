import type {
  SavedSearchChange,
  SavedSearchCreate,
  savedSearchesSchema,
  savedSearchMatchesSchema,
  savedSearchSchema,
} from '../../../common/saved-searches.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

const SEARCHES = '/api/current_user/saved_searches';

/** The saved-search calls (issue 30), typed by the shared contracts. */
export const savedSearchesApi = {
  list: (signal?: AbortSignal) => api.get<Answer<typeof savedSearchesSchema>>(SEARCHES, { signal }),
  create: (body: SavedSearchCreate) => api.post<Answer<typeof savedSearchSchema>>(SEARCHES, { body }),
  change: (id: number, body: SavedSearchChange) => api.patch<Answer<typeof savedSearchSchema>>(`${SEARCHES}/${id}`, { body }),
  remove: (id: number) => api.delete<null>(`${SEARCHES}/${id}`),
  /** The user looked at its news: its count of new matches goes back to 0. */
  seen: (id: number) => api.post<Answer<typeof savedSearchSchema>>(`${SEARCHES}/${id}/seen`),
  /** Its newest matches, each saying whether it came after the user's last look. */
  matches: (id: number, signal?: AbortSignal) => api.get<Answer<typeof savedSearchMatchesSchema>>(`${SEARCHES}/${id}/matches`, { signal }),
};

/** Query keys: the list belongs to the signed-in user. */
export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;
export const savedSearchesKey = (userId: number | null) => [...SAVED_SEARCHES_KEY, userId] as const;
/**
 * A search's matches, apart from the list's keys: marking the search seen refreshes the list, while
 * the matches on screen keep saying which were new when they were opened.
 */
export const savedSearchMatchesKey = (userId: number | null, id: number) => ['saved-search-matches', userId, id] as const;
