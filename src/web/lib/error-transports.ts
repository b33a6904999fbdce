import type { ClientErrorReport, ClientErrorsBody } from '../../common/client-errors.ts';
import { parseSentryDsn } from '../../common/sentry-dsn.ts';
import type { ReportTransport, TransportAnswer } from './error-reporter.ts';

type Fetch = typeof fetch;

/**
 * Our own endpoint (POST /api/client_errors): a batch a request, with the session cookie so a
 * signed-in user's reports carry their id. `keepalive` lets a batch sent as the page closes arrive.
 */
export function ownEndpointTransport(options: { baseUrl: string; site: () => string; fetch?: Fetch }): ReportTransport {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return async (reports) => {
    const body: ClientErrorsBody = { reports };
    const response = await doFetch(`${options.baseUrl}/api/client_errors`, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json', site: options.site() },
      body: JSON.stringify(body),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  };
}

const eventId = () =>
  (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`)
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 32)
    .padEnd(32, '0');

/** One report as a Sentry event (the envelope's item); the failed call goes in tags and context. */
export function sentryEvent(report: ClientErrorReport, id: string) {
  const [type, ...rest] = report.message.split(': ');
  return {
    event_id: id,
    timestamp: Date.parse(report.occurred_at) / 1000,
    platform: 'javascript',
    level: 'error',
    release: report.release ?? undefined,
    request: { url: report.url, headers: report.user_agent ? { 'User-Agent': report.user_agent } : {} },
    tags: {
      kind: report.kind,
      ...(report.request ? { 'http.method': report.request.method, 'http.status_code': String(report.request.status) } : {}),
    },
    exception: {
      values: [
        {
          type: rest.length > 0 ? type : report.kind,
          value: rest.length > 0 ? rest.join(': ') : report.message,
          ...(report.stack ? { mechanism: { type: 'generic', handled: report.kind === 'api' } } : {}),
        },
      ],
    },
    contexts: { failed_call: report.request ?? undefined },
    extra: report.stack ? { stack: report.stack } : undefined,
  };
}

/**
 * A Sentry project instead of our endpoint (docs/decisions.md "Browser error reports"): each report
 * is one envelope POSTed to the DSN's envelope endpoint, as text/plain so no preflight is needed.
 */
export function sentryTransport(dsn: string, options: { fetch?: Fetch } = {}): ReportTransport | null {
  const target = parseSentryDsn(dsn);
  if (!target) return null;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return async (reports) => {
    let worst: TransportAnswer = { status: 200, retryAfter: null };
    for (const [index, report] of reports.entries()) {
      const id = eventId();
      const envelope = [
        JSON.stringify({ event_id: id, sent_at: new Date().toISOString(), dsn }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(sentryEvent(report, id)),
      ].join('\n');
      const response = await doFetch(target.envelopeUrl, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: envelope,
      });
      if (response.status === 429 || response.status === 503)
        return { status: response.status, retryAfter: response.headers.get('retry-after'), sent: index };
      if (!response.ok) worst = { status: response.status, retryAfter: null };
    }
    return worst;
  };
}
