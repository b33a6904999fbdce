import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLocale } from '../common/locales.ts';
import { AppRouter } from './app/app-router.tsx';
import { AppRoutes } from './app/router.tsx';
import { alertsQuery } from './features/alerts/alerts-query.ts';
import { currentUserQuery } from './features/accounts/use-current-user.ts';
import { readCookie } from './lib/cookies.ts';
import { startErrorReporting } from './lib/error-reporting.ts';
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
void initI18n(locale);
// Error reporting (spec content §8): failures are kept until the page has loaded, then reported.
startErrorReporting(window);

const queryClient = createQueryClient();
// Every page needs the variant, the user and the alert bars: ask while the catalogue and the page's code load.
void queryClient.prefetchQuery(siteQuery);
void queryClient.prefetchQuery(currentUserQuery);
void queryClient.prefetchQuery(alertsQuery);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BootShell />}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
