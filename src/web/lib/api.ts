import { DEFAULT_LOCALE, pathLocale } from '../../common/locales.ts';
import { createApiClient, type FailedActionListener } from './api-client.ts';
import { takeFirstAnswer } from './first-answers.ts';

let failedActionListener: FailedActionListener | null = null;

/** Who hears of the app's failed actions: error reporting, wired by main.tsx (the client itself knows no reporter). */
export function onFailedAction(listener: FailedActionListener): void {
  failedActionListener = listener;
}

/** The app's API client: the locale comes from the path, the Site header from the page's host. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_URL ?? '',
  locale: () => pathLocale(window.location.pathname) ?? DEFAULT_LOCALE,
  site: () => window.location.host,
  firstAnswer: takeFirstAnswer,
  onFailedAction: (...failure) => failedActionListener?.(...failure),
});
