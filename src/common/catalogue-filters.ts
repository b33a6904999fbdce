import type { VideoSearchQuery } from './catalogue.ts';

/**
 * The catalogue's filter kinds, presets and search threshold: plain values shared by the server,
 * the catalogue contracts (./catalogue.ts) and the browser's first page, which imports them
 * without zod.
 */

/** Suggestions only for text longer than 3 characters (spec: content §2 "Search"). */
export const SUGGEST_MIN_LENGTH = 4;

export const FILTER_KINDS = ['tags', 'category', 'country', 'region', 'filter'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/**
 * Named presets of /{locale}/videos/filter/{name} (spec: content §2 lists "filter" among the
 * filter kinds without naming its values; these are ours).
 */
export const FILTER_PRESETS: Record<string, Partial<Pick<VideoSearchQuery, 'free_access' | 'pool' | 'min_duration' | 'max_duration'>>> = {
  free: { free_access: true },
  pool: { pool: true },
  'short-clips': { max_duration: 120 },
  'long-form': { min_duration: 600 },
};
