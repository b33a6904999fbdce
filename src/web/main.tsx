import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLocale } from '../common/locales.ts';
import { AppRouter } from './app/app-router.tsx';
import { AppRoutes, loadFirstScreen } from './app/router.tsx';
import { alertsQuery } from './features/alerts/alerts-query.ts';
import { currentUserQuery } from './features/accounts/use-current-user.ts';
import { readCookie } from './lib/cookies.ts';
import { startErrorReporting } from './lib/error-reporting.ts';
import { FirstViewShown } from './lib/after-first-load.ts';
import { shellCarriesAnswers } from './lib/first-view.ts';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { siteQuery } from './lib/site.ts';
import { BootShell } from './ui/boot-shell.tsx';
import './styles/global.css';

const locale = detectLocale({
  path: location.pathname,
  storedLanguageCode: readCookie('language_code'),
  browserLanguages: navigator.languages,
});
const translations = initI18n(locale);
// Error reporting (spec content §8): failures are kept until the page has loaded, then reported.
startErrorReporting(window);

const queryClient = createQueryClient();
// The screen's own answers come before its first render only from the shell: a signed-in user's frame does not wait for the network.
const carried = shellCarriesAnswers() ? queryClient : null;
// Every page needs the variant, the user and the alert bars: ask while the catalogue and the page's code load.
const site = queryClient.fetchQuery(siteQuery);
void queryClient.prefetchQuery(currentUserQuery);
const alerts = queryClient.prefetchQuery(alertsQuery);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/** The first render, as a transition: React renders it in slices of a few milliseconds, not as one long task. */
function renderApp(container: HTMLElement) {
  const app = createRoot(container);
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<BootShell />}>
            <AppRouter>
              <AppRoutes />
            </AppRouter>
            <FirstViewShown />
          </Suspense>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

/*
 * The first render waits for what it would suspend on: the catalogue, the variant, the alert bars and
 * the screen's code, and for the screen's answers the shell carries (the page shows index.html's
 * boot shell meanwhile). A render that suspends
 * commits its fallback, and React then holds the content back until 300 ms after that commit (its
 * Suspense throttle): most of the first view's largest paint on a phone (docs/performance.md).
 * Whatever fails here is met again, and retried, by the render.
 */
const firstView = Promise.all([translations, alerts, site.then((info) => loadFirstScreen(location.pathname, info.variant, carried))]);
void firstView.catch(() => undefined).then(() => renderApp(root));
