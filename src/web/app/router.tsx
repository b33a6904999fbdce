import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type RouteName } from '../../common/routes.ts';
import { LoadingFallback } from '../ui/loading.tsx';
import { LocaleLayout, LocaleRedirect } from './locale-layout.tsx';
import { RouteError } from '../features/notices/route-error.tsx';

type LazyPage = () => Promise<{ Component: React.ComponentType }>;

/** One lazily loaded page per screen of src/common/routes.ts; the type makes sure none is missing. */
const pages: Record<RouteName, LazyPage> = {
  dashboard: () => import('../features/catalogue/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  oldBrowsers: () => import('../features/notices/old-browsers-page.tsx').then((m) => ({ Component: m.OldBrowsersPage })),
  serverError: () => import('../features/notices/server-error-page.tsx').then((m) => ({ Component: m.ServerErrorPage })),
};

const screens: RouteObject[] = (Object.keys(pages) as RouteName[]).map((name) =>
  ROUTES[name] === '/' ? { index: true, lazy: pages[name] } : { path: ROUTES[name].slice(1), lazy: pages[name] },
);

export const routes: RouteObject[] = [
  { path: '/', element: <LocaleRedirect /> },
  {
    path: '/:locale',
    element: <LocaleLayout />,
    HydrateFallback: () => <LoadingFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...screens,
          { path: '*', lazy: () => import('../features/notices/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
