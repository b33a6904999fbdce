import { createErrorReporter } from './error-reporter.ts';
import { ownEndpointTransport, sentryTransport } from './error-transports.ts';
import { reportingWith, type PageReporting } from './uncaught-errors.ts';

/**
 * The page's error reporter, loaded with its first failure (error-reporting.ts). Where the server is
 * configured with a Sentry DSN it names it in the page (`<meta name="sentry-dsn">`) and reports go
 * there; else to our own endpoint. The API client's Retry-After reading is passed in, so this lazy
 * chunk shares no module with the first page's.
 */
export function pageReporting(retryAfterMs: (value: string | null, now: number) => number): PageReporting {
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
