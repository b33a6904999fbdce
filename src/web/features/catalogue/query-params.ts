import { stripLocale } from '../../../common/locales.ts';
import { FILTER_KINDS, FILTER_PRESETS, type FilterKind } from '../../../common/catalogue-filters.ts';
import type { CatalogueQuery } from './api.ts';

/** Video pages: the list, filtered lists, a video and search (spec: content §2). */
export function isVideoPath(pathname: string): boolean {
  const path = stripLocale(pathname);
  return path === '/videos' || path.startsWith('/videos/') || path === '/search';
}

/** The query to carry to another video page: kept only while moving between video pages. */
export function videoQuery(pathname: string, search: string): string {
  return isVideoPath(pathname) && search && search !== '?' ? search : '';
}

/** The parameters the URL's query gives the list and search calls. */
const FILTER_PARAMS = [
  'search',
  'tags',
  'category',
  'country',
  'region',
  'language',
  'with_international_mix',
  'free_access',
  'pool',
  'min_duration',
  'max_duration',
  'date_from',
  'date_to',
  'sort',
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

export function queryFromSearch(params: URLSearchParams): CatalogueQuery {
  const query: CatalogueQuery = {};
  for (const name of FILTER_PARAMS) {
    const value = params.get(name);
    if (value !== null && value !== '') query[name] = value;
  }
  return query;
}

/** /videos/{filter}/{name}: tags, category, country, region, or a named preset (filter). */
export function queryFromRoute(kind: string | undefined, name: string | undefined): CatalogueQuery | null {
  if (!kind || !name) return {};
  if (!(FILTER_KINDS as readonly string[]).includes(kind)) return null;
  const filter = kind as FilterKind;
  if (filter === 'filter') {
    const preset = FILTER_PRESETS[name];
    return preset ? { ...preset } : null;
  }
  return { [filter]: name };
}
