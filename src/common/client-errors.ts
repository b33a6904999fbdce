import { z } from 'zod';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, CLIENT_ERROR_METHODS, clip } from './client-error-limits.ts';
import { MAX_ID, zod } from './validators.ts';

/**
 * Browser error reports (spec content §8: "every failed action is also reported to error
 * reporting"): what the browser sends to POST /api/client_errors and what the desk reads back from
 * GET /api/desk/client_errors. The browser clips with the same limits the server does, so a batch
 * it sends fits the body limit and the server keeps what was sent.
 */

const clipped = (max: number) => z.string().transform((text) => clip(text, max));

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
