import { CLIENT_ERROR_LIMITS, clip, type ClientErrorKind } from '../../common/client-error-limits.ts';
import type { ClientErrorReport, FailedCall } from '../../common/client-errors.ts';

/**
 * Spec content §8: every failed action is also reported to error reporting. The reporter collects
 * reports, drops repeats, and sends them in batches a moment later, so the page never waits for it.
 * Its own failures are never reported (it does not go through the API client, and a failed send is
 * dropped): a reporter that reports itself would loop.
 */

/**
 * What a transport answers: the status, the Retry-After header of a 429 or 503, and for a transport
 * that sends report by report, how many of the batch went before it was told to wait.
 */
export type TransportAnswer = { status: number; retryAfter: string | null; sent?: number };
/** Sends one batch (our endpoint, or Sentry); may reject on a network failure. */
export type ReportTransport = (reports: ClientErrorReport[]) => Promise<TransportAnswer>;

export type ErrorReporterOptions = {
  transport: ReportTransport;
  /** How long a Retry-After value says to wait (the API client's reading, api-client.ts). */
  retryAfterMs: (value: string | null, now: number) => number;
  now?: () => number;
  /** The page shown when the failure happened. */
  page: () => string;
  release: string | null;
  userAgent: string | null;
  /** How long reports gather before a batch leaves. */
  batchDelayMs?: number;
  /** The same failure again within this time is not reported again. */
  repeatWindowMs?: number;
  /** Reports one page sends at most: a failure in a render loop must not become a flood. */
  maxPerPage?: number;
};

export type Failure = { kind: ClientErrorKind; message: string; stack?: string | null; request?: FailedCall | null };

const encoder = new TextEncoder();
const bytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

export function createErrorReporter(options: ErrorReporterOptions) {
  const now = options.now ?? (() => Date.now());
  const batchDelayMs = options.batchDelayMs ?? 2_000;
  const repeatWindowMs = options.repeatWindowMs ?? 10 * 60_000;
  const maxPerPage = options.maxPerPage ?? 100;
  const queue: ClientErrorReport[] = [];
  const lastSent = new Map<string, number>();
  let accepted = 0;
  let pausedUntil = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending: Promise<void> | null = null;

  const keyOf = (failure: Failure) =>
    [failure.kind, failure.message, failure.request?.method, failure.request?.path, failure.request?.status].join('\u0000');

  function schedule(delay: number) {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  }

  /** The next batch: as many reports as one POST takes, within the body limit (a report alone always fits, stack shortened). */
  function nextBatch(): ClientErrorReport[] {
    const batch: ClientErrorReport[] = [];
    while (queue.length > 0 && batch.length < CLIENT_ERROR_LIMITS.reportsPerBatch) {
      const candidate = queue[0] as ClientErrorReport;
      if (batch.length > 0 && bytes({ reports: [...batch, candidate] }) > CLIENT_ERROR_LIMITS.bodyBytes * 0.9) break;
      queue.shift();
      // Text far from ASCII takes up to three bytes a character: shorten the stack until it fits.
      while (bytes({ reports: [candidate] }) > CLIENT_ERROR_LIMITS.bodyBytes * 0.9 && candidate.stack)
        candidate.stack = candidate.stack.slice(0, Math.floor(candidate.stack.length / 2));
      batch.push(candidate);
    }
    return batch;
  }

  /** Sends the queue's full batches, or everything queued when `all`; what is left waits for the timer. */
  async function sendQueued(all: boolean): Promise<void> {
    while (queue.length >= CLIENT_ERROR_LIMITS.reportsPerBatch || (all && queue.length > 0)) {
      if (now() < pausedUntil) break;
      const batch = nextBatch();
      let answer: TransportAnswer;
      try {
        answer = await options.transport(batch);
      } catch {
        // Offline, or the reporting service is down: these reports are lost, on purpose (see above).
        continue;
      }
      if (answer.status === 429 || answer.status === 503) {
        // Told to come back later: the batch waits its turn again, the rest with it.
        pausedUntil = now() + Math.max(1_000, options.retryAfterMs(answer.retryAfter, now()));
        queue.unshift(...batch.slice(answer.sent ?? 0));
      }
    }
    if (queue.length > 0) schedule(Math.max(batchDelayMs, pausedUntil - now()));
  }

  /** Sends what is queued (a page being left sends at once); never rejects. */
  function flush(all = true): Promise<void> {
    if (all && timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    sending ??= sendQueued(all).finally(() => {
      sending = null;
    });
    return sending;
  }

  /** Queues one failure, unless the same was reported lately or the page has reported enough. */
  function report(failure: Failure): void {
    if (failure.request?.path.startsWith('/api/client_errors')) return;
    const key = keyOf(failure);
    const at = now();
    const last = lastSent.get(key);
    if ((last !== undefined && at - last < repeatWindowMs) || accepted >= maxPerPage) return;
    lastSent.set(key, at);
    accepted += 1;
    queue.push({
      kind: failure.kind,
      message: clip(failure.message || 'Error', CLIENT_ERROR_LIMITS.message),
      stack: failure.stack ? clip(failure.stack, CLIENT_ERROR_LIMITS.stack) : null,
      url: clip(options.page(), CLIENT_ERROR_LIMITS.url),
      release: options.release,
      user_agent: options.userAgent ? clip(options.userAgent, CLIENT_ERROR_LIMITS.userAgent) : null,
      request: failure.request ?? null,
      occurred_at: new Date(at).toISOString(),
    });
    if (queue.length >= CLIENT_ERROR_LIMITS.reportsPerBatch) void flush(false);
    else schedule(batchDelayMs);
  }

  return { report, flush: () => flush(true) };
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;
