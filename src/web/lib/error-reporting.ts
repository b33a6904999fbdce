import { createErrorReporter } from './error-reporter.ts';
import { ownEndpointTransport, sentryTransport } from './error-transports.ts';

/**
 * The page's error reporter. Where the server is configured with a Sentry DSN it names it in the
 * page (`<meta name="sentry-dsn">`) and reports go there; else to our own endpoint.
 */
const sentryDsn = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content;
const site = () => window.location.host;

export const errorReporter = createErrorReporter({
  transport: (sentryDsn ? sentryTransport(sentryDsn) : null) ?? ownEndpointTransport({ baseUrl: import.meta.env.VITE_API_URL ?? '', site }),
  page: () => window.location.href,
  release: import.meta.env.VITE_RELEASE ?? null,
  userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
});
