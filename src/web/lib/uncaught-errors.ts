import type { Failure } from './error-reporter.ts';

/**
 * The page's uncaught errors, for error reporting (spec content §8). Small and free of the reporter
 * itself, so the first page carries only the listeners; the reporter loads on the first failure.
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

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;
/** Where failures go: the reporter, or the page's stand-in that loads it on the first failure. */
export type ReportSink = { report(failure: Failure): void; flush(): unknown };

/**
 * Uncaught errors and unhandled rejections of the page, reported; and whatever is queued is sent
 * when the page is hidden or left. Returns the function that stops listening.
 */
export function listenForUncaughtErrors(target: ErrorTarget, reporter: ReportSink): () => void {
  const onError = (event: ErrorEvent) => {
    const described = event.error !== undefined && event.error !== null ? describeThrown(event.error) : null;
    reporter.report({
      kind: 'error',
      message: described?.message ?? event.message,
      stack: described?.stack ?? (event.filename ? `at ${event.filename}:${event.lineno}:${event.colno}` : null),
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => reporter.report({ kind: 'unhandled_rejection', ...describeThrown(event.reason) });
  const onHide = () => void reporter.flush();
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('pagehide', onHide);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('pagehide', onHide);
  };
}
