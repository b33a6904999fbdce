/**
 * A Sentry DSN (`https://<public key>@<host>/<project id>`), read where the browser's error reports
 * may go to Sentry instead of our endpoint: the server checks it at start-up and allows its origin
 * in the page's connect-src; the browser posts envelopes to it.
 */
export function parseSentryDsn(dsn: string): { origin: string; envelopeUrl: string } | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const projectId = url.pathname.split('/').filter(Boolean).pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId) || !/^https?:$/.test(url.protocol)) return null;
  const prefix = url.pathname.slice(0, url.pathname.lastIndexOf(`/${projectId}`));
  return {
    origin: url.origin,
    envelopeUrl: `${url.origin}${prefix}/api/${projectId}/envelope/?sentry_key=${encodeURIComponent(url.username)}&sentry_version=7`,
  };
}
