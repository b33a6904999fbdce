import { LOCALES } from './locales.ts';

/**
 * The catalogue's fixed values (spec: content §3), apart from its zod contracts in catalogue.ts so
 * that a page needing only a value does not load zod.
 */

/** Quality labels (spec: content §3): full_hd 1080p, hd 720p, md 360p, sd 240p. */
export const QUALITIES = ['full_hd', 'hd', 'md', 'sd'] as const;
export type Quality = (typeof QUALITIES)[number];
export const QUALITY_LABELS: Record<Quality, string> = { full_hd: '1080p', hd: '720p', md: '360p', sd: '240p' };
export const QUALITY_HEIGHTS: Record<Quality, number> = { full_hd: 1080, hd: 720, md: 360, sd: 240 };
/** Available formats (spec: content §3): clean, branded, credit. */
export const VIDEO_FORMATS = ['clean', 'branded', 'credit'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];
export const CONTAINERS = ['mp4', 'mxf'] as const;
export type Container = (typeof CONTAINERS)[number];
/** Six logo positions for branded footage (spec: accounts §9, content §2). */
export const LOGO_POSITIONS = ['top_left', 'top_center', 'top_right', 'bottom_left', 'bottom_center', 'bottom_right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

export const CONTENT_LANGUAGES = LOCALES;
export const CATALOGUE_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 48;
/** Spec: content §3, duration range min 0, max 9999999 (seconds). */
export const MIN_DURATION = 0;
export const MAX_DURATION = 9_999_999;

export const VIDEO_SORTS = ['newest', 'oldest', 'relevance', 'longest', 'shortest'] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];
/** A landing list's sorts (spec: content §2 "landing lists with sort"): those of the video list but relevance, which needs a search. */
export const LANDING_SORTS = ['newest', 'oldest', 'longest', 'shortest'] as const;
export type LandingSort = (typeof LANDING_SORTS)[number];

/** A basket holds at most this many videos: one rendition of each, asked for at once (issue 28). */
export const BASKET_MAX = 50;
