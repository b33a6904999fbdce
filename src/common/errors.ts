import { z } from 'zod';

/**
 * The one error body of the API (ARCHITECTURE: HTTP API). `code` is stable and translated by the
 * browser; `message` is English for logs and API users; `field` names the input at fault when the
 * error is about one field (a dotted path such as `user.email`).
 */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  /** Extra facts for the message, e.g. the client address of the last two-factor attempt. */
  meta: z.record(z.string(), z.string()).optional(),
});
export const errorBodySchema = z.object({ errors: z.array(apiErrorSchema).min(1) });

export type ApiErrorItem = z.infer<typeof apiErrorSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Codes the server uses for failures that are not a domain's own. */
export const ERROR_CODES = {
  notFound: 'not_found',
  routeNotFound: 'route_not_found',
  malformedJson: 'malformed_json',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  invalid: 'invalid',
  forbidden: 'forbidden',
  unauthenticated: 'unauthenticated',
  conflict: 'conflict',
  quotaExceeded: 'quota_exceeded',
  tooManyRequests: 'too_many_requests',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
  badUrl: 'bad_url',
  uriTooLong: 'uri_too_long',
  headersTooLarge: 'headers_too_large',
  requestTimeout: 'request_timeout',
  badRequest: 'bad_request',
} as const;
