import { DEFAULT_LOCALE, pathLocale } from '../../common/locales.ts';
import { createApiClient } from './api-client.ts';
import { errorReporting } from './error-reporting.ts';
import { takeFirstAnswer } from './first-answers.ts';

/** The app's API client: the locale comes from the path, the Site header from the page's host. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_URL ?? '',
  locale: () => pathLocale(window.location.pathname) ?? DEFAULT_LOCALE,
  site: () => window.location.host,
  firstAnswer: takeFirstAnswer,
  onFailedAction: ({ message, ...request }) => errorReporting.report({ kind: 'api', message, request }),
});
