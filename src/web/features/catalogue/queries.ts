import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CATALOGUE_PAGE_SIZE } from '../../../common/catalogue-values.ts';
import type { FirstViewQueries } from '../../lib/first-view.ts';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';
import { CATALOGUE_KEYS, catalogueApi, type CatalogueQuery } from './api.ts';

/** The queries the catalogue's screens open with: the screens use them, and so does their first view (below). */
export const catalogueQueries = {
  dashboard: (locale: string, query: CatalogueQuery) =>
    queryOptions({ queryKey: CATALOGUE_KEYS.dashboard(locale, query), queryFn: ({ signal }) => catalogueApi.dashboard(query, signal) }),
  /** Pages of 12; "load more" asks for the next. */
  list: (locale: string, query: CatalogueQuery) =>
    infiniteQueryOptions({
      queryKey: ['videos', locale, query],
      queryFn: ({ pageParam, signal }) => catalogueApi.list({ ...query, page: pageParam, per_page: CATALOGUE_PAGE_SIZE }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    }),
  /** A visitor reads an excerpt of the script, a signed-in user all of it: two answers, two entries. */
  video: (locale: string, id: string, signedIn: boolean) =>
    queryOptions({
      queryKey: ['video', locale, id, signedIn],
      queryFn: ({ signal }) => catalogueApi.video(id, signal),
      // Spec (content §9): video detail is cached 999000 ms.
      staleTime: LONG_CACHE_MS,
    }),
  related: (locale: string, id: number) =>
    queryOptions({ queryKey: ['video-related', locale, id], queryFn: ({ signal }) => catalogueApi.related(String(id), signal) }),
};

/*
 * A visitor's first view of the dashboard, the catalogue or a video's page: the answers the shell
 * carries (src/server/web/first-answers.ts) are in the cache before the first render, so the
 * screen renders its content at once, not a loading view and then its content.
 */
export const dashboardFirstView: FirstViewQueries = (client, { locale }) => client.prefetchQuery(catalogueQueries.dashboard(locale, {}));

export const videosFirstView: FirstViewQueries = (client, { locale }) => client.prefetchInfiniteQuery(catalogueQueries.list(locale, {}));
