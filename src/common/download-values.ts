/**
 * My content's fixed values (spec: accounts §7), apart from the zod contracts in downloads.ts, so
 * that a page that only asks for the requested files (the video page's download) does not load zod.
 */

/** My content (accounts §7): 12 downloaded items a page, newest download first. */
export const MY_CONTENT_PAGE_SIZE = 12;

/** The longest comment on a download (accounts §7). */
export const COMMENT_MAX_LENGTH = 500;
