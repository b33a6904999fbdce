import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_LIMITS } from '../../common/client-error-limits.ts';
import type { ClientErrorReport } from '../../common/client-errors.ts';
import { ApiError, createApiClient, retryAfterMs } from './api-client.ts';
import { createErrorReporter, type TransportAnswer } from './error-reporter.ts';
import { parseSentryDsn } from '../../common/sentry-dsn.ts';
import { ownEndpointTransport, sentryTransport } from './error-transports.ts';
import { shouldRetry, retryDelay } from './query-client.ts';
import { attachReporting } from './page-reporter.ts';
import { failedCallOf, reportingWith } from './uncaught-errors.ts';

type Sent = ClientErrorReport[];

function recorder(answers: (TransportAnswer | Error)[] = []) {
  const batches: Sent[] = [];
  const transport = (reports: Sent) => {
    batches.push(reports.map((report) => ({ ...report })));
    const answer = answers.shift() ?? { status: 202, retryAfter: null };
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { batches, transport };
}

const start = Date.parse('2026-11-28T12:00:00Z');
const reporterWith = (transport: (reports: Sent) => Promise<TransportAnswer>) =>
  createErrorReporter({
    transport,
    retryAfterMs,
    now: () => Date.now(),
    page: () => 'http://localhost:3000/en/plans',
    release: 'build-7',
    userAgent: 'Chromium',
    batchDelayMs: 2_000,
  });

const failedPost = (status: number, path = '/api/current_user') => ({
  kind: 'api' as const,
  message: 'Internal error',
  request: { method: 'POST' as const, path, status, code: 'internal_error' },
});

describe('the error reporter (spec content §8: every failed action is reported)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('gathers failures for a moment and sends them as one batch, without the page waiting', async () => {
    const { batches, transport } = recorder();
    const reporter = reporterWith(transport);
    reporter.report(failedPost(500));
    reporter.report({ kind: 'error', message: 'TypeError: x is undefined', stack: 'at Plans (plans.tsx:1:1)' });
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual([
      {
        kind: 'api',
        message: 'Internal error',
        stack: null,
        url: 'http://localhost:3000/en/plans',
        release: 'build-7',
        user_agent: 'Chromium',
        request: { method: 'POST', path: '/api/current_user', status: 500, code: 'internal_error' },
        occurred_at: '2026-11-28T12:00:00.000Z',
      },
      expect.objectContaining({ kind: 'error', stack: 'at Plans (plans.tsx:1:1)', request: null }),
    ]);
  });

  it('reports the same failure once in ten minutes, then again', async () => {
    const { batches, transport } = recorder();
    const reporter = reporterWith(transport);
    for (let n = 0; n < 5; n += 1) reporter.report(failedPost(502));
    reporter.report(failedPost(502, '/api/lists'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches.flat().map((report) => report.request?.path)).toEqual(['/api/current_user', '/api/lists']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    reporter.report(failedPost(502));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches).toHaveLength(2);
  });

  it('sends a full batch at once, at most ten reports a batch, and the next batch after it', async () => {
    const { batches, transport } = recorder();
    const reporter = reporterWith(transport);
    for (let n = 0; n < 13; n += 1) reporter.report({ kind: 'error', message: `failure ${n}` });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((batch) => batch.length)).toEqual([10]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches.map((batch) => batch.length)).toEqual([10, 3]);
  });

  it('keeps each batch within the 16 KiB body limit, shortening a stack that alone would not fit', async () => {
    const { batches, transport } = recorder();
    const reporter = reporterWith(transport);
    reporter.report({ kind: 'error', message: 'wide', stack: 'ж'.repeat(CLIENT_ERROR_LIMITS.stack) });
    for (let n = 0; n < 4; n += 1) reporter.report({ kind: 'error', message: `long ${n}`, stack: 'ж'.repeat(3_000) });
    await reporter.flush();
    for (const batch of batches) expect(new TextEncoder().encode(JSON.stringify({ reports: batch })).length).toBeLessThanOrEqual(16 * 1024);
    expect(batches.flat()).toHaveLength(5);
    expect(batches.length).toBeGreaterThan(1);
  });

  it('never reports its own failures: a failed send is dropped, a report about the reporting endpoint ignored', async () => {
    const { batches, transport } = recorder([new Error('offline')]);
    const reporter = reporterWith(transport);
    reporter.report(failedPost(500));
    await reporter.flush();
    reporter.report(failedPost(500, '/api/client_errors'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batches).toHaveLength(1);
  });

  it('on 429 waits the Retry-After, or 60 s without one, then sends the batch again', async () => {
    const { batches, transport } = recorder([
      { status: 429, retryAfter: '5' },
      { status: 503, retryAfter: null },
    ]);
    const reporter = reporterWith(transport);
    reporter.report(failedPost(500));
    await reporter.flush();
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(batches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(3);
    expect(batches[2]?.[0]?.request?.status).toBe(500);
  });

  it('a transport told to wait part-way through a batch gets only the reports it had not sent yet', async () => {
    const { batches, transport } = recorder([{ status: 429, retryAfter: '1', sent: 2 }]);
    const reporter = reporterWith(transport);
    for (let n = 0; n < 3; n += 1) reporter.report({ kind: 'error', message: `failure ${n}` });
    await reporter.flush();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches.map((batch) => batch.map((report) => report.message))).toEqual([['failure 0', 'failure 1', 'failure 2'], ['failure 2']]);
  });

  it('reports what failed before it loaded first, then listens for uncaught errors, rejections and failed actions; a hidden page sends what waits', async () => {
    const { batches, transport } = recorder();
    const target = new EventTarget() as unknown as Window;
    const early: Parameters<typeof attachReporting>[2] = [];
    const keep = (event: Event) => void early.push([event]);
    target.addEventListener('error', keep);
    target.dispatchEvent(Object.assign(new Event('error'), { error: new RangeError('too deep'), message: 'too deep' }));
    early.push(['POST', '/api/lists?locale=en', new ApiError(503, [{ code: 'service_unavailable', message: 'Service unavailable' }])]);
    let failedActions: ((method: string, url: string, error: ApiError) => void) | null = null;
    attachReporting(target, reportingWith(reporterWith(transport)), early, keep, (listener) => {
      failedActions = listener;
    });
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'nobody caught me' }));
    failedActions!('PATCH', '/api/current_user?locale=en', new ApiError(0, [{ code: 'network_error', message: 'Failed to fetch' }]));
    target.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(
      batches[0]?.map((report) => [report.kind, report.message, report.request?.path ?? null, report.request?.status ?? null]),
    ).toEqual([
      ['error', 'RangeError: too deep', null, null],
      ['api', 'Service unavailable', '/api/lists', 503],
      ['unhandled_rejection', 'nobody caught me', null, null],
      ['api', 'Failed to fetch', '/api/current_user', 0],
    ]);
    expect(early).toEqual([]);
  });
});

describe('the API client tells error reporting of failed actions, and honours Retry-After', () => {
  const answering = (status: number, headers: Record<string, string> = {}) =>
    (() =>
      Promise.resolve(
        new Response(JSON.stringify({ errors: [{ code: 'boom', message: 'Boom' }] }), { status, headers }),
      )) as unknown as typeof fetch;

  it('a POST, PATCH or DELETE answered 5xx or not at all is a failed action; a GET or a 4xx is not', async () => {
    const failures: ReturnType<typeof failedCallOf>[] = [];
    const make = (fetchImpl: typeof fetch) =>
      createApiClient({
        baseUrl: 'https://api.example.com',
        locale: () => 'en',
        site: () => 'x',
        fetch: fetchImpl,
        onFailedAction: (method, url, error) => failures.push(failedCallOf(method, url, error)),
      });
    await make(answering(500))
      .post('/api/lists')
      .catch(() => undefined);
    await make(answering(503))
      .get('/api/lists')
      .catch(() => undefined);
    await make(answering(422))
      .patch('/api/current_user')
      .catch(() => undefined);
    await make(() => Promise.reject(new TypeError('Failed to fetch')))
      .delete('/api/lists/3')
      .catch(() => undefined);
    expect(failures).toEqual([
      { method: 'POST', path: '/api/lists', status: 500, code: 'boom' },
      { method: 'DELETE', path: '/api/lists/3', status: 0, code: 'network_error' },
    ]);
  });

  it('a 429 or 503 carries how long to wait: its Retry-After in seconds or as a date, else 60 s', async () => {
    const client = (fetchImpl: typeof fetch) => createApiClient({ baseUrl: '', locale: () => 'en', site: () => 'x', fetch: fetchImpl });
    const waited = async (status: number, headers?: Record<string, string>) =>
      (
        (await client(answering(status, headers))
          .get('/api/x')
          .catch((e: unknown) => e)) as { retryAfterMs: number | null }
      ).retryAfterMs;
    expect(await waited(429, { 'retry-after': '7' })).toBe(7_000);
    expect(await waited(503)).toBe(60_000);
    expect(await waited(500, { 'retry-after': '7' })).toBeNull();
    expect(retryAfterMs('Sat, 28 Nov 2026 12:00:30 GMT', start)).toBe(30_000);
    // Queries ask once more after the wait; another 4xx is not asked again.
    const tooMany = (await client(answering(429, { 'retry-after': '7' }))
      .get('/api/x')
      .catch((e: unknown) => e)) as Error;
    expect([shouldRetry(0, tooMany), shouldRetry(1, tooMany), retryDelay(0, tooMany)]).toEqual([true, false, 7_000]);
    const notFound = (await client(answering(404))
      .get('/api/x')
      .catch((e: unknown) => e)) as Error;
    expect(shouldRetry(0, notFound)).toBe(false);
    expect(retryAfterMs('soon', start)).toBe(60_000);
  });
});

describe('where reports go', () => {
  it('our endpoint gets the batch as JSON with cookies and the Site header', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const transport = ownEndpointTransport({
      baseUrl: '',
      site: () => 'localhost:3000',
      fetch: ((url: string, init: RequestInit) => {
        calls.push({ url, init });
        return Promise.resolve(new Response('{"stored":1}', { status: 429, headers: { 'retry-after': '12' } }));
      }) as unknown as typeof fetch,
    });
    const report = { kind: 'error' as const, message: 'x', url: '/', occurred_at: new Date(start).toISOString() };
    expect(await transport([report])).toEqual({ status: 429, retryAfter: '12' });
    expect(calls[0]?.url).toBe('/api/client_errors');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true });
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ reports: [report] });
  });

  it('a Sentry DSN takes its place: one envelope a report, to the project envelope endpoint', async () => {
    expect(parseSentryDsn('https://abc123@o1.ingest.sentry.io/4505')?.envelopeUrl).toBe(
      'https://o1.ingest.sentry.io/api/4505/envelope/?sentry_key=abc123&sentry_version=7',
    );
    expect(parseSentryDsn('not a dsn')).toBeNull();
    expect(parseSentryDsn('https://o1.ingest.sentry.io/4505')).toBeNull();
    const bodies: string[] = [];
    const transport = sentryTransport('https://abc123@o1.ingest.sentry.io/4505', {
      fetch: ((_url: string, init: RequestInit) => {
        bodies.push(init.body as string);
        return Promise.resolve(new Response('{}', { status: 200 }));
      }) as unknown as typeof fetch,
    });
    const report = { kind: 'api' as const, message: 'Internal error', url: '/en', occurred_at: new Date(start).toISOString() };
    expect(await transport?.([report, { ...report, message: 'TypeError: y' }])).toEqual({ status: 200, retryAfter: null });
    expect(bodies).toHaveLength(2);
    const [header, item, event] = (bodies[1] ?? '').split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toMatchObject({ dsn: 'https://abc123@o1.ingest.sentry.io/4505' });
    expect(item).toEqual({ type: 'event' });
    expect(event).toMatchObject({ platform: 'javascript', level: 'error', exception: { values: [{ type: 'TypeError', value: 'y' }] } });
  });
});
