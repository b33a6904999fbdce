/**
 * Browser error reports' kinds and limits, without zod: the reporter on every page clips with them
 * (client-errors.ts holds the contracts that use them).
 */

/** What failed: an API call the user made, an uncaught error, a promise nobody handled. */
export const CLIENT_ERROR_KINDS = ['api', 'error', 'unhandled_rejection'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const CLIENT_ERROR_LIMITS = {
  /** A batch larger than this is refused with 413 before it is read. */
  bodyBytes: 16 * 1024,
  reportsPerBatch: 10,
  message: 1000,
  stack: 4000,
  url: 1000,
  release: 100,
  userAgent: 300,
  path: 500,
  code: 100,
} as const;

/** How long reports are kept before the daily prune removes them. */
export const CLIENT_ERROR_RETENTION_DAYS = 30;

/** Text cut to `max` characters, the cut marked, so a long stack is kept rather than refused. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Methods a failed call may have. */
export const CLIENT_ERROR_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
