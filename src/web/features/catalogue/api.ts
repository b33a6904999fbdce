import type {
  availableFormatsResponseSchema,
  CONTENT_PAGES,
  contentPageSchema,
  dashboardResponseSchema,
  minMaxDurationSchema,
  searchResponseSchema,
  suggestionsResponseSchema,
  tagLandingResponseSchema,
  tagsResponseSchema,
  videoListResponseSchema,
  videoProjectSchema,
  videoProjectSummarySchema,
} from '../../../common/catalogue.ts';
import type { DownloadBody, purchaseResultSchema, worldExclusiveRequestSchema } from '../../../common/downloads.ts';
import { api } from '../../lib/api.ts';
import type { Answer, QueryValue } from '../../lib/api-client.ts';
import type { LandingSort, LogoPosition } from '../../../common/catalogue-values.ts';

export type CatalogueQuery = Record<string, QueryValue>;

/**
 * The catalogue's cached answers that show live events: their keys start with a kind, so a live
 * event's status change reaches every language and filter of a kind by prefix (live/live-channel.ts).
 */
export const CATALOGUE_KEYS = {
  allDashboards: ['dashboard'] as const,
  dashboard: (locale: string, query: CatalogueQuery) => ['dashboard', locale, query] as const,
  allTagLandings: ['tag-landing'] as const,
  tagLanding: (locale: string, slug: string, sort: LandingSort = 'newest') => ['tag-landing', locale, slug, sort] as const,
};

/** The catalogue calls of spec: content §7, typed by the shared contracts. */
export const catalogueApi = {
  dashboard: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get<Answer<typeof dashboardResponseSchema>>('/api/content/video_projects/dashboard', { query, signal }),
  list: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get<Answer<typeof videoListResponseSchema>>('/api/content/video_projects', { query, signal }),
  search: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get<Answer<typeof searchResponseSchema>>('/api/content/video_projects/search', { query, signal }),
  suggest: (search: string, signal?: AbortSignal) =>
    api.get<Answer<typeof suggestionsResponseSchema>>('/api/content/video_projects/suggests', {
      query: { search },
      signal,
    }),
  searchHit: (body: { search_id: string; video: number; event_type: 'view' | 'click' | 'preview' | 'download' }) =>
    api.post('/api/content/video_projects/search_statistics', { body }),
  video: (id: string, signal?: AbortSignal) =>
    api.get<Answer<typeof videoProjectSchema>>(`/api/content/video_projects/${encodeURIComponent(id)}`, {
      signal,
    }),
  related: (id: string, signal?: AbortSignal) =>
    api.get<Answer<typeof videoProjectSummarySchema>[]>('/api/content/video_projects/related_video_projects', { query: { id }, signal }),
  formats: (id: number, signedIn: boolean, brandPosition: LogoPosition, signal?: AbortSignal) =>
    api.get<Answer<typeof availableFormatsResponseSchema>>(
      `/api/content/video_projects/${id}/videos/${signedIn ? 'current_available_formats' : 'current_guest_available_formats'}`,
      // A visitor's answer is the same for everyone (and cached so): no position in it.
      { signal, query: signedIn ? { brand_position: brandPosition } : {} },
    ),
  download: (projectId: number, body: DownloadBody) =>
    api.post<Answer<typeof purchaseResultSchema>>(`/api/content/video_projects/${projectId}/videos/download`, { body }),
  requestWorldExclusive: (projectId: number) =>
    api.post<Answer<typeof worldExclusiveRequestSchema>>(`/api/content/video_projects/${projectId}/videos/request_world_exclusive`),
  durations: (signal?: AbortSignal) =>
    api.get<Answer<typeof minMaxDurationSchema>>('/api/system/min_max_duration_video_projects', { signal }),
  tags: (signal?: AbortSignal) => api.get<Answer<typeof tagsResponseSchema>>('/api/content/tags', { signal }),
  tagLanding: (slug: string, page: number, sort: LandingSort, signal?: AbortSignal) =>
    api.get<Answer<typeof tagLandingResponseSchema>>(`/api/content/tags/landings/${encodeURIComponent(slug)}`, {
      query: sort === 'newest' ? { page } : { page, sort },
      signal,
    }),
  follow: (slug: string, follow: boolean) =>
    (follow ? api.post : api.delete)(`/api/content/tags/${encodeURIComponent(slug)}/subscriptions`),
  page: (slug: (typeof CONTENT_PAGES)[number], signal?: AbortSignal) =>
    api.get<Answer<typeof contentPageSchema>>(`/api/content/pages/${slug}`, { signal }),
};
