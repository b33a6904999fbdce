import { MY_CONTENT_PAGE_SIZE } from '../../../common/download-values.ts';
import type {
  myContentEntitiesSchema,
  myContentOperationSchema,
  myContentOperationsSchema,
  videoRequestListSchema,
} from '../../../common/downloads.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

const MY_CONTENT = '/api/current_user/my_content';

/** The calls of spec: accounts §7 "My content", typed by the shared contracts. */
export const myContentApi = {
  requestedFiles: (signal?: AbortSignal) => api.get<Answer<typeof videoRequestListSchema>>(`${MY_CONTENT}/video_requests`, { signal }),
  /** Cancels a request still waiting for its file (its charge is given back) or clears a finished one. */
  removeRequestedFile: (id: number) => api.delete<null>(`${MY_CONTENT}/video_requests/${id}`),
  downloadedItems: (page: number, signal?: AbortSignal) =>
    api.get<Answer<typeof myContentEntitiesSchema>>(`${MY_CONTENT}/entities`, {
      query: { page, per_page: MY_CONTENT_PAGE_SIZE },
      signal,
    }),
  operations: (videoId: number, signal?: AbortSignal) =>
    api.get<Answer<typeof myContentOperationsSchema>>(`${MY_CONTENT}/entities/${videoId}/operations`, { signal }),
  comment: (operationId: number, comment: string) =>
    api.patch<Answer<typeof myContentOperationSchema>>(`${MY_CONTENT}/operation_comments/${operationId}`, { body: { comment } }),
  /** The CSV of every download; its link comes later by notification and e-mail. */
  requestStatsReport: () => api.post<{ status: 'queued' }>('/api/current_user/agreement_operations/full_stats_reports'),
};

/**
 * Every query of my content starts with 'my-content', so one invalidation of that prefix (after a
 * file is ready, say) refreshes the whole page.
 */
export const MY_CONTENT_KEY = ['my-content'] as const;
/** The requested files (GET …/my_content/video_requests): refreshed by the transcoding channel. */
export const REQUESTED_FILES_KEY = [...MY_CONTENT_KEY, 'video-requests'] as const;
export const MY_CONTENT_KEYS = {
  requestedFiles: REQUESTED_FILES_KEY,
  /** Titles come in the page's language. */
  downloadedItems: (locale: string) => [...MY_CONTENT_KEY, 'entities', locale] as const,
  operations: (videoId: number) => [...MY_CONTENT_KEY, 'operations', videoId] as const,
};

/** Spec: accounts §9 "Request polling 60,000 ms": the requested files are fetched again this often while shown. */
export const REQUESTS_REFRESH_MS = 60_000;
