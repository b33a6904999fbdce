import { ERROR_CODES, type ApiErrorItem } from '../../common/errors.ts';

/**
 * Typed errors services throw; the one error handler (http/error-handler.ts) turns them into a
 * status and the `{ errors: [{ code, message }] }` body.
 */
export class AppError extends Error {
  readonly status: number;
  readonly items: ApiErrorItem[];
  readonly headers: Record<string, string>;

  constructor(status: number, items: ApiErrorItem[], headers: Record<string, string> = {}) {
    // A 4xx is an answer, not a fault: its stack would tell nobody anything, and capturing one costs
    // about 6 µs, a few per cent of a refused download call (docs/performance.md). A 5xx keeps it.
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(items.map((item) => item.message).join('; '));
    Error.stackTraceLimit = stackTraceLimit;
    this.name = new.target.name;
    this.status = status;
    this.items = items;
    this.headers = headers;
  }
}

function humanize(code: string): string {
  const text = code.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A failed check of one field; the message is the validator's key (`validation.url`) when it set one. */
export function fieldError(message: string | undefined, field: string): ApiErrorItem {
  const text = message ?? 'Invalid value';
  const code = text.startsWith('validation.') ? text.slice('validation.'.length) : ERROR_CODES.invalid;
  return { code, message: text.startsWith('validation.') ? humanize(code) : text, field };
}

type Detail = { code?: string; message?: string; field?: string; meta?: Record<string, string> };
const item = (fallbackCode: string, fallbackMessage: string, detail: Detail = {}): ApiErrorItem => ({
  code: detail.code ?? fallbackCode,
  message: detail.message ?? fallbackMessage,
  ...(detail.field ? { field: detail.field } : {}),
  ...(detail.meta ? { meta: detail.meta } : {}),
});

export class NotFound extends AppError {
  constructor(detail?: Detail) {
    super(404, [item(ERROR_CODES.notFound, 'Not found', detail)]);
  }
}
export class Unauthenticated extends AppError {
  constructor(detail?: Detail) {
    super(401, [item(ERROR_CODES.unauthenticated, 'You need to sign in or sign up before continuing', detail)]);
  }
}
export class Forbidden extends AppError {
  constructor(detail?: Detail) {
    super(403, [item(ERROR_CODES.forbidden, 'Forbidden', detail)]);
  }
}
export class Conflict extends AppError {
  constructor(detail?: Detail) {
    super(409, [item(ERROR_CODES.conflict, 'Conflict', detail)]);
  }
}
/** Input that is well-formed but breaks a rule; one item per failing field. */
export class Invalid extends AppError {
  constructor(details: Detail | Detail[]) {
    const list = Array.isArray(details) ? details : [details];
    super(
      422,
      list.map((detail) => item(ERROR_CODES.invalid, 'Invalid value', detail)),
    );
  }
}
export class QuotaExceeded extends AppError {
  constructor(detail?: Detail) {
    super(403, [item(ERROR_CODES.quotaExceeded, 'Quota exceeded', detail)]);
  }
}
export class TooManyRequests extends AppError {
  constructor(retryAfterSeconds: number, detail?: Detail) {
    super(429, [item(ERROR_CODES.tooManyRequests, 'Too many requests', detail)], {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
export class Unavailable extends AppError {
  constructor(detail?: Detail, options?: { cause: unknown }) {
    super(503, [item(ERROR_CODES.unavailable, 'Service unavailable', detail)]);
    if (options) this.cause = options.cause;
  }
}
