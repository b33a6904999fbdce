import type { z } from 'zod';
import type { ApiErrorItem } from '../../common/errors.ts';
import type { FirstAnswer } from '../../common/first-answers.ts';
import type { Locale } from '../../common/locales.ts';

/**
 * Milliseconds to wait from a Retry-After value: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
 * without one (or one that is neither), 60 s (spec content §9).
 */
export function retryAfterMs(value: string | null | undefined, now: number): number {
  const seconds = Number(value);
  if (value && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value ?? '');
  return date >= 0 ? Math.max(0, date - now) : 60_000;
}

/** A failed call: the HTTP status and the server's `errors` list (spec: accounts §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  /** For a 429 or 503: how long to wait before asking again (its Retry-After, else 60 s); else null. */
  readonly retryAfterMs: number | null;

  constructor(status: number, errors: ApiErrorItem[], retryAfterMs: number | null = null) {
    super(errors.map((error) => error.message).join('; ') || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.retryAfterMs = retryAfterMs;
  }

  get codes(): string[] {
    return this.errors.map((error) => error.code);
  }

  hasCode(code: string): boolean {
    return this.codes.includes(code);
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type RequestOptions = {
  /** GET payloads travel in the query (spec: accounts §7). */
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * The type of an answer, from its contract in src/common. The server checks every answer against
 * that contract before it leaves (its serializer; src/server/http/every-route.test.ts holds every
 * route to declaring one), so the browser takes answers as typed and does not parse them again:
 * zod stays out of the first page (docs/decisions.md).
 */
export type Answer<S extends z.ZodType> = z.output<S>;

export type ApiClientOptions = {
  /** Prefix for relative URLs (the API host); empty when the API is served by the same origin. */
  baseUrl: string;
  locale: () => Locale;
  /** The Site header: the host the app is served from, which selects the variant. */
  site: () => string;
  fetch?: typeof fetch;
  /** An answer the page already holds for a GET call (src/web/lib/first-answers.ts), instead of a request. */
  firstAnswer?: (url: string) => FirstAnswer | undefined;
  /**
   * Told of each failed action (spec content §8): a POST, PUT, PATCH or DELETE that got no answer
   * (status 0) or a 5xx. For error reporting only: it cannot change what the caller receives.
   */
  onFailedAction?: FailedActionListener;
};

export type FailedActionListener = (method: string, url: string, error: ApiError) => void;

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue>): string {
  const absolute = /^https?:\/\//.test(path);
  const url = new URL(absolute ? path : `${baseUrl}${path}`, absolute || baseUrl ? undefined : 'http://relative.invalid');
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number)[]) url.searchParams.append(`${key}[]`, String(item));
    else url.searchParams.set(key, String(value));
  }
  return url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}` : url.toString();
}

/**
 * The error envelope (src/common/errors.ts), checked by hand: an error may come from a proxy rather
 * than our server, and zod stays out of the first page.
 */
function isErrorBody(body: unknown): body is { errors: ApiErrorItem[] } {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors) || body.errors.length === 0)
    return false;
  return (body.errors as unknown[]).every(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      'code' in item &&
      typeof item.code === 'string' &&
      'message' in item &&
      typeof item.message === 'string',
  );
}

/** Turns a non-2xx answer into an ApiError, whatever the body holds. */
async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  // A 429 or 503 says when to ask again.
  const retryAfter =
    response.status === 429 || response.status === 503 ? retryAfterMs(response.headers.get('retry-after'), Date.now()) : null;
  try {
    const body: unknown = JSON.parse(text);
    if (isErrorBody(body)) return new ApiError(response.status, body.errors, retryAfter);
  } catch {
    // Not JSON (a proxy's error page, say): fall through to a generic error of that status.
  }
  return new ApiError(response.status, [{ code: `http_${response.status}`, message: response.statusText || 'Error' }], retryAfter);
}

/** What a call returns or throws for an answer the page already held. */
async function answerFrom<T>({ status, body }: FirstAnswer): Promise<T> {
  if (status < 200 || status >= 300) throw await toApiError(new Response(JSON.stringify(body), { status }));
  return body as T;
}

/**
 * The one fetch client: adds the `locale` query parameter and the `Site` header, sends cookies,
 * prefixes relative URLs with the API host and turns error bodies into ApiError. It never
 * redirects or notifies: the caller decides what a failure means (STYLE: what we avoid).
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: string, path: string, { query = {}, body, signal }: RequestOptions = {}): Promise<T> {
    // Marked as handled: a failed request never awaits it; a failed import still fails the parse below.
    const url = buildUrl(options.baseUrl, path, { ...query, locale: options.locale() });
    const headers: Record<string, string> = { accept: 'application/json', site: options.site() };
    // A FormData body (a form with files) is sent as multipart/form-data; fetch sets its boundary.
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const held = method === 'GET' ? options.firstAnswer?.(url) : undefined;
    if (held) return answerFrom<T>(held);
    const failed = (error: ApiError) => {
      if (method !== 'GET' && (error.status === 0 || error.status >= 500)) options.onFailedAction?.(method, url, error);
      return error;
    };
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: 'include',
        signal,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw failed(new ApiError(0, [{ code: 'network_error', message: error instanceof Error ? error.message : 'Network error' }]));
    }
    if (!response.ok) throw failed(await toApiError(response));
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  return {
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, opts?: RequestOptions) => request<T>('POST', path, opts),
    put: <T>(path: string, opts?: RequestOptions) => request<T>('PUT', path, opts),
    patch: <T>(path: string, opts?: RequestOptions) => request<T>('PATCH', path, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Text for a failure (spec: accounts §8): the translated string for the code, else the server's
 * message, else "Error".
 */
export function errorText(error: unknown, translate: (key: string) => string | undefined): string {
  const items = error instanceof ApiError ? error.errors : [];
  const texts = items.map((item) => translate(`errors.${item.code}`) ?? (item.message || undefined)).filter(Boolean);
  if (texts.length > 0) return texts.join('\n');
  return translate('errors.generic') ?? 'Error';
}
