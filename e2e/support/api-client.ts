import { request, type APIRequestContext, type Page } from '@playwright/test';

/**
 * A client of the app's API that opens a connection for each call, its calls carrying the site's
 * Origin as a browser's do. Playwright's own request contexts keep idle connections longer than the
 * server does (it announces `Keep-Alive: timeout=5` and closes at 6 s; Playwright's agent has no
 * timeout of its own, so Node ignores the hint, microsoft/playwright#42698): a call made after a
 * pause of about 6 s can go out on a connection the server is closing, and fails with
 * `read ECONNRESET` or `socket hang up`. Journeys that call the API between pages use this.
 */
export function apiClient(baseURL: string, storageState?: Awaited<ReturnType<APIRequestContext['storageState']>>) {
  return request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, connection: 'close' },
    ...(storageState ? { storageState } : {}),
  });
}

/** The same, signed in as the page's browser is (its cookies now: the session is not renewed by calls). */
export async function apiClientOf(page: Page, baseURL: string): Promise<APIRequestContext> {
  return apiClient(baseURL, await page.context().storageState());
}
