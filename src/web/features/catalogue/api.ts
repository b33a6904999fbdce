import {
  availableFormatsResponseSchema,
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
  type CONTENT_PAGES,
} from '../../../common/catalogue.ts';
import { z } from 'zod';
import { api } from '../../lib/api.ts';
import type { QueryValue } from '../../lib/api-client.ts';

export type CatalogueQuery = Record<string, QueryValue>;

/** The catalogue calls of spec: content §7, typed by the shared contracts. */
export const catalogueApi = {
  dashboard: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get('/api/content/video_projects/dashboard', { query, signal, schema: dashboardResponseSchema }),
  list: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get('/api/content/video_projects', { query, signal, schema: videoListResponseSchema }),
  search: (query: CatalogueQuery, signal?: AbortSignal) =>
    api.get('/api/content/video_projects/search', { query, signal, schema: searchResponseSchema }),
  suggest: (search: string, signal?: AbortSignal) =>
    api.get('/api/content/video_projects/suggests', { query: { search }, signal, schema: suggestionsResponseSchema }),
  searchHit: (body: { search_id: string; video: number; event_type: 'view' | 'click' | 'preview' | 'download' }) =>
    api.post('/api/content/video_projects/search_statistics', { body }),
  video: (id: string, signal?: AbortSignal) =>
    api.get(`/api/content/video_projects/${encodeURIComponent(id)}`, { signal, schema: videoProjectSchema }),
  related: (id: string, signal?: AbortSignal) =>
    api.get('/api/content/video_projects/related_video_projects', { query: { id }, signal, schema: z.array(videoProjectSummarySchema) }),
  formats: (id: number, signedIn: boolean, signal?: AbortSignal) =>
    api.get(`/api/content/video_projects/${id}/videos/${signedIn ? 'current_available_formats' : 'current_guest_available_formats'}`, {
      signal,
      schema: availableFormatsResponseSchema,
    }),
  durations: (signal?: AbortSignal) => api.get('/api/system/min_max_duration_video_projects', { signal, schema: minMaxDurationSchema }),
  tags: (signal?: AbortSignal) => api.get('/api/content/tags', { signal, schema: tagsResponseSchema }),
  tagLanding: (slug: string, page: number, signal?: AbortSignal) =>
    api.get(`/api/content/tags/landings/${encodeURIComponent(slug)}`, { query: { page }, signal, schema: tagLandingResponseSchema }),
  follow: (slug: string, follow: boolean) =>
    (follow ? api.post : api.delete)(`/api/content/tags/${encodeURIComponent(slug)}/subscriptions`),
  page: (slug: (typeof CONTENT_PAGES)[number], signal?: AbortSignal) =>
    api.get(`/api/content/pages/${slug}`, { signal, schema: contentPageSchema }),
};
