import { onFailedAction } from './api.ts';
import { retryAfterMs } from './api-client.ts';
import type { EarlyFailure } from './error-reporting.ts';
import { createErrorReporter } from './error-reporter.ts';
import { ownEndpointTransport, sentryTransport } from './error-transports.ts';
import { reportingWith, type PageReporting } from './uncaught-errors.ts';

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * The page's error reporter. Where the server is configured with a Sentry DSN it names it in the
 * page (`<meta name="sentry-dsn">`) and reports go there; else to our own endpoint.
 */
export function pageReporting(): PageReporting {
  const sentryDsn = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content;
  const ownEndpoint = ownEndpointTransport({ baseUrl: import.meta.env.VITE_API_URL ?? '', site: () => window.location.host });
  return reportingWith(
    createErrorReporter({
      retryAfterMs,
      transport: (sentryDsn ? sentryTransport(sentryDsn) : null) ?? ownEndpoint,
      page: () => window.location.href,
      release: import.meta.env.VITE_RELEASE ?? null,
      userAgent: navigator.userAgent,
    }),
  );
}

/**
 * Takes the listening over from the first page's stand-in (error-reporting.ts): uncaught errors,
 * unhandled rejections, failed actions and the page being hidden go to `reporting`, and what failed
 * before it loaded is reported first.
 */
export function attachReporting(
  target: ErrorTarget,
  reporting: PageReporting,
  early: EarlyFailure[],
  keep: (event: Event) => void,
  takeFailedActions: (listener: PageReporting['handleFailedAction']) => void,
): void {
  for (const type of ['error', 'unhandledrejection', 'pagehide']) {
    target.removeEventListener(type, keep);
    target.addEventListener(type, (event) => reporting.handleEvent(event));
  }
  takeFailedActions((...failure) => reporting.handleFailedAction(...failure));
  for (const failure of early.splice(0)) {
    if (failure.length === 1) reporting.handleEvent(failure[0]);
    else reporting.handleFailedAction(...failure);
  }
}

export function startPageReporting(target: Window, early: EarlyFailure[], keep: (event: Event) => void): void {
  attachReporting(target, pageReporting(), early, keep, onFailedAction);
}
