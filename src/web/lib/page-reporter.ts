import { createErrorReporter, type ErrorReporter } from './error-reporter.ts';
import { ownEndpointTransport, sentryTransport } from './error-transports.ts';

/**
 * The page's error reporter, loaded with its first failure (error-reporting.ts). Where the server is
 * configured with a Sentry DSN it names it in the page (`<meta name="sentry-dsn">`) and reports go
 * there; else to our own endpoint.
 */
export function pageReporter(retryAfterMs: (value: string | null, now: number) => number): ErrorReporter {
  const sentryDsn = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content;
  const ownEndpoint = ownEndpointTransport({ baseUrl: import.meta.env.VITE_API_URL ?? '', site: () => window.location.host });
  return createErrorReporter({
    retryAfterMs,
    transport: (sentryDsn ? sentryTransport(sentryDsn) : null) ?? ownEndpoint,
    page: () => window.location.href,
    release: import.meta.env.VITE_RELEASE ?? null,
    userAgent: navigator.userAgent,
  });
}
