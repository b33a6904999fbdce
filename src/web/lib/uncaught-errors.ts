import { CLIENT_ERROR_METHODS } from '../../common/client-error-limits.ts';
import type { FailedCall } from '../../common/client-errors.ts';
import type { ApiError, FailedActionListener } from './api-client.ts';
import type { ErrorReporter, Failure } from './error-reporter.ts';

/**
 * What the page's events and failed actions mean to error reporting (spec content §8). Loaded with
 * the reporter on the page's first failure (error-reporting.ts forwards the raw events here).
 */

/** A thrown value as a report's message and stack. */
export function describeThrown(value: unknown): { message: string; stack: string | null } {
  if (value instanceof Error) return { message: `${value.name}: ${value.message}`, stack: value.stack ?? null };
  if (typeof value === 'string') return { message: value, stack: null };
  try {
    return { message: JSON.stringify(value) ?? String(value), stack: null };
  } catch {
    return { message: String(value), stack: null };
  }
}

/** An uncaught error (`error`) or an unhandled rejection (`unhandledrejection`) as a report. */
export function failureOf(event: Event): Failure | null {
  if (event.type === 'unhandledrejection')
    return { kind: 'unhandled_rejection', ...describeThrown((event as PromiseRejectionEvent).reason) };
  if (event.type !== 'error') return null;
  const { message, filename, lineno, colno } = event as ErrorEvent;
  const thrown: unknown = (event as ErrorEvent).error;
  const described = thrown !== undefined && thrown !== null ? describeThrown(thrown) : null;
  return {
    kind: 'error',
    message: described?.message ?? message,
    stack: described?.stack ?? (filename ? `at ${filename}:${lineno}:${colno}` : null),
  };
}

/** What the page's stand-in hands over: its events (a hidden page sends what waits) and failed actions. */
export type PageReporting = { handleEvent(event: Event): void; handleFailedAction: FailedActionListener };

/** A failed action as its report tells it: the call's method, path (no query), status and first error code. */
export function failedCallOf(method: string, url: string, error: ApiError): FailedCall {
  return {
    method: CLIENT_ERROR_METHODS.find((known) => known === method) ?? 'POST',
    path: new URL(url, 'http://relative.invalid').pathname,
    status: error.status,
    code: error.codes[0] ?? null,
  };
}

export function reportingWith(reporter: ErrorReporter): PageReporting {
  return {
    handleEvent(event) {
      if (event.type === 'pagehide') void reporter.flush();
      const failure = failureOf(event);
      if (failure) reporter.report(failure);
    },
    handleFailedAction(method, url, error) {
      reporter.report({ kind: 'api', message: error.message, request: failedCallOf(method, url, error) });
    },
  };
}
