import type { z } from 'zod';
import type { ApiErrorItem } from '../../common/errors.ts';
import type { Locale } from '../../common/locales.ts';
import { errorContracts } from './contracts.ts';

/** A failed call: the HTTP status and the server's `errors` list (spec: accounts §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];

  constructor(status: number, errors: ApiErrorItem[]) {
    super(errors.map((error) => error.message).join('; ') || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  get codes(): string[] {
    return this.errors.map((error) => error.code);
  }

  hasCode(code: string): boolean {
    return this.codes.includes(code);
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type RequestOptions<T> = {
  /** GET payloads travel in the query (spec: accounts §7). */
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Parses the answer; the browser uses exactly the server's contract. A loader (see
   * src/web/lib/contracts.ts) keeps zod out of the first page: it runs while the request travels.
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
};

export type ApiClientOptions = {
  /** Prefix for relative URLs (the API host); empty when the API is served by the same origin. */
  baseUrl: string;
  locale: () => Locale;
  /** The Site header: the host the app is served from, which selects the variant. */
  site: () => string;
  fetch?: typeof fetch;
};

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

/** Turns a non-2xx answer into an ApiError, whatever the body holds. */
async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    const { errorBodySchema } = await errorContracts();
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) return new ApiError(response.status, parsed.data.errors);
  } catch {
    // Not JSON (a proxy's error page, say): fall through to a generic error of that status.
  }
  return new ApiError(response.status, [{ code: `http_${response.status}`, message: response.statusText || 'Error' }]);
}

/**
 * The one fetch client: adds the `locale` query parameter and the `Site` header, sends cookies,
 * prefixes relative URLs with the API host and turns error bodies into ApiError. It never
 * redirects or notifies: the caller decides what a failure means (STYLE: what we avoid).
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: string, path: string, { query = {}, body, signal, schema }: RequestOptions<T> = {}): Promise<T> {
    const contract = typeof schema === 'function' ? schema() : schema;
    // Marked as handled: a failed request never awaits it; a failed import still fails the parse below.
    if (contract instanceof Promise) contract.catch(() => undefined);
    const url = buildUrl(options.baseUrl, path, { ...query, locale: options.locale() });
    const headers: Record<string, string> = { accept: 'application/json', site: options.site() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: 'include',
        signal,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, [{ code: 'network_error', message: error instanceof Error ? error.message : 'Network error' }]);
    }
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined as T;
    const data: unknown = await response.json();
    return contract ? (await contract).parse(data) : (data as T);
  }

  return {
    get: <T>(path: string, opts?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, opts?: RequestOptions<T>) => request<T>('POST', path, opts),
    put: <T>(path: string, opts?: RequestOptions<T>) => request<T>('PUT', path, opts),
    patch: <T>(path: string, opts?: RequestOptions<T>) => request<T>('PATCH', path, opts),
    delete: <T>(path: string, opts?: RequestOptions<T>) => request<T>('DELETE', path, opts),
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
