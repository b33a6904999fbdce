import { z } from 'zod';
import { MAX_ID, zod } from './validators.ts';

/**
 * Browser error reports (spec content §8: "every failed action is also reported to error
 * reporting"): what the browser sends to POST /api/client_errors and what the desk reads back from
 * GET /api/desk/client_errors. The browser clips with the same limits the server does, so a batch
 * it sends fits the body limit and the server keeps what was sent.
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

const clipped = (max: number) => z.string().transform((text) => clip(text, max));

export const CLIENT_ERROR_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The failed API call of an `api` report; status 0 is a network failure (no answer at all). */
export const failedCallSchema = z.object({
  method: z.enum(CLIENT_ERROR_METHODS),
  path: clipped(CLIENT_ERROR_LIMITS.path),
  status: z.number().int().min(0).max(599),
  code: clipped(CLIENT_ERROR_LIMITS.code).nullable().optional(),
});
export type FailedCall = z.infer<typeof failedCallSchema>;

export const clientErrorReportSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z
    .string()
    .min(1)
    .transform((text) => clip(text, CLIENT_ERROR_LIMITS.message)),
  stack: clipped(CLIENT_ERROR_LIMITS.stack).nullable().optional(),
  /** The page the browser showed. */
  url: clipped(CLIENT_ERROR_LIMITS.url),
  /** The build the browser ran (its release id). */
  release: clipped(CLIENT_ERROR_LIMITS.release).nullable().optional(),
  user_agent: clipped(CLIENT_ERROR_LIMITS.userAgent).nullable().optional(),
  request: failedCallSchema.nullable().optional(),
  occurred_at: z.iso.datetime({ offset: true }),
});
export type ClientErrorReport = z.input<typeof clientErrorReportSchema>;
/** A report as the server keeps it: clipped. */
export type ReceivedClientErrorReport = z.output<typeof clientErrorReportSchema>;

/** POST /api/client_errors: a batch of reports, as the browser's reporter sends them. */
export const clientErrorsBodySchema = z.object({
  reports: z.array(clientErrorReportSchema).min(1).max(CLIENT_ERROR_LIMITS.reportsPerBatch),
});
export type ClientErrorsBody = z.input<typeof clientErrorsBodySchema>;
export const clientErrorsAcceptedSchema = z.object({ stored: z.number() });

/** One stored report as the desk reads it. */
export const clientErrorSchema = z.object({
  id: z.number(),
  received_at: z.string(),
  occurred_at: z.string(),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string(),
  release: z.string().nullable(),
  user_agent: z.string().nullable(),
  request: z.object({ method: z.string(), path: z.string(), status: z.number(), code: z.string().nullable() }).nullable(),
  user: z.object({ id: z.number(), email: z.string() }).nullable(),
  ip: z.string().nullable(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

export const CLIENT_ERRORS_PAGE_SIZE = 50;

/** GET /api/desk/client_errors: newest first, filtered by text, the failed call's status and the day received. */
export const clientErrorsQuerySchema = z.object({
  q: zod.line(200).optional(),
  kind: z.enum(CLIENT_ERROR_KINDS).optional(),
  status: z.coerce.number().int().min(0).max(599).optional(),
  from: zod.calendarDate().optional(),
  to: zod.calendarDate().optional(),
  before_id: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});
export type ClientErrorsQuery = z.infer<typeof clientErrorsQuerySchema>;
export const clientErrorsPageSchema = z.object({ client_errors: z.array(clientErrorSchema), next_before_id: z.number().nullable() });
export type ClientErrorsPage = z.infer<typeof clientErrorsPageSchema>;
