import type { CONTENT_PAGES } from '../../../common/catalogue.ts';
import { api } from '../../lib/api.ts';
import type { QueryValue } from '../../lib/api-client.ts';
import { catalogueContracts, contract } from '../../lib/contracts.ts';

export type CatalogueQuery = Record<string, QueryValue>;

/** The catalogue calls of spec: content §7, typed by the shared contracts. */
export const catalogueApi = {
  dashboard: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get('/api/content/video_projects/dashboard', { query, signal, schema: contract(catalogueContracts, 'dashboardResponseSchema') }),
  list: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get('/api/content/video_projects', { query, signal, schema: contract(catalogueContracts, 'videoListResponseSchema') }),
  search: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get('/api/content/video_projects/search', { query, signal, schema: contract(catalogueContracts, 'searchResponseSchema') }),
  suggest: (search: string, signal?: AbortSignal) =>
    api.get('/api/content/video_projects/suggests', {
      query: { search },
      signal,
      schema: contract(catalogueContracts, 'suggestionsResponseSchema'),
    }),
  searchHit: (body: { search_id: string; video: number; event_type: 'view' | 'click' | 'preview' | 'download' }) =>
    api.post('/api/content/video_projects/search_statistics', { body }),
  video: (id: string, signal?: AbortSignal) =>
    api.get(`/api/content/video_projects/${encodeURIComponent(id)}`, {
      signal,
      schema: contract(catalogueContracts, 'videoProjectSchema'),
    }),
  related: (id: string, signal?: AbortSignal) =>
    api.get('/api/content/video_projects/related_video_projects', {
      query: { id },
      signal,
      schema: () => catalogueContracts().then((contracts) => contracts.videoProjectSummarySchema.array()),
    }),
  formats: (id: number, signedIn: boolean, signal?: AbortSignal) =>
    api.get(`/api/content/video_projects/${id}/videos/${signedIn ? 'current_available_formats' : 'current_guest_available_formats'}`, {
      signal,
      schema: contract(catalogueContracts, 'availableFormatsResponseSchema'),
    }),
  durations: (signal?: AbortSignal) =>
    api.get('/api/system/min_max_duration_video_projects', { signal, schema: contract(catalogueContracts, 'minMaxDurationSchema') }),
  tags: (signal?: AbortSignal) => api.get('/api/content/tags', { signal, schema: contract(catalogueContracts, 'tagsResponseSchema') }),
  tagLanding: (slug: string, page: number, signal?: AbortSignal) =>
    api.get(`/api/content/tags/landings/${encodeURIComponent(slug)}`, {
      query: { page },
      signal,
      schema: contract(catalogueContracts, 'tagLandingResponseSchema'),
    }),
  follow: (slug: string, follow: boolean) =>
    (follow ? api.post : api.delete)(`/api/content/tags/${encodeURIComponent(slug)}/subscriptions`),
  page: (slug: (typeof CONTENT_PAGES)[number], signal?: AbortSignal) =>
    api.get(`/api/content/pages/${slug}`, { signal, schema: contract(catalogueContracts, 'contentPageSchema') }),
};
