import { createBrowserRouter, type RouteObject } from 'react-router';
import { PRIVATE_ROUTES, ROUTES, type RouteName } from '../../common/routes.ts';
import { RequireUser } from '../features/accounts/require-user.tsx';
import { BootShell } from '../ui/boot-shell.tsx';
import { LocaleLayout, LocaleRedirect } from './locale-layout.tsx';
import { RouteError } from '../features/notices/route-error.tsx';

type LazyPage = () => Promise<{ Component: React.ComponentType }>;

/** One lazily loaded page per screen of src/common/routes.ts; the type makes sure none is missing. */
const notices = () => import('../features/accounts/notice-pages.tsx');
const passwords = () => import('../features/accounts/password-pages.tsx');
const content = () => import('../features/content/content-pages.tsx');
const pages: Record<RouteName, LazyPage> = {
  dashboard: () => import('../features/catalogue/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  oldBrowsers: () => import('../features/notices/old-browsers-page.tsx').then((m) => ({ Component: m.OldBrowsersPage })),
  serverError: () => import('../features/notices/server-error-page.tsx').then((m) => ({ Component: m.ServerErrorPage })),
  signin: () => import('../features/accounts/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })),
  signinDeactivated: () => notices().then((m) => ({ Component: m.SigninDeactivatedPage })),
  signup: () => import('../features/accounts/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })),
  checkEmail: () => notices().then((m) => ({ Component: m.CheckEmailPage })),
  alreadyConfirmed: () => notices().then((m) => ({ Component: m.AlreadyConfirmedPage })),
  joinTeam: () => import('../features/accounts/final-step-page.tsx').then((m) => ({ Component: m.FinalStepPage })),
  finalStep: () => import('../features/accounts/final-step-page.tsx').then((m) => ({ Component: m.FinalStepPage })),
  restorePassword: () => passwords().then((m) => ({ Component: m.RestorePasswordPage })),
  restorePasswordCheckEmail: () => notices().then((m) => ({ Component: m.RestorePasswordCheckEmailPage })),
  newPassword: () => passwords().then((m) => ({ Component: m.NewPasswordPage })),
  newPasswordChanged: () => notices().then((m) => ({ Component: m.PasswordChangedPage })),
  accountLocked: () => notices().then((m) => ({ Component: m.AccountLockedPage })),
  unlock: () => passwords().then((m) => ({ Component: m.UnlockPage })),
  videos: () => import('../features/catalogue/videos-page.tsx').then((m) => ({ Component: m.VideosPage })),
  videosFiltered: () => import('../features/catalogue/videos-page.tsx').then((m) => ({ Component: m.VideosPage })),
  video: () => import('../features/catalogue/video-page.tsx').then((m) => ({ Component: m.VideoPage })),
  search: () => import('../features/catalogue/search-page.tsx').then((m) => ({ Component: m.SearchPage })),
  tagLanding: () => import('../features/catalogue/tag-landing-page.tsx').then((m) => ({ Component: m.TagLandingPage })),
  about: () => content().then((m) => ({ Component: m.AboutPage })),
  termsOfService: () => content().then((m) => ({ Component: m.TermsOfServicePage })),
  privacyPolicy: () => content().then((m) => ({ Component: m.PrivacyPolicyPage })),
  cookiePolicy: () => content().then((m) => ({ Component: m.CookiePolicyPage })),
  impressum: () => content().then((m) => ({ Component: m.ImpressumPage })),
  user: () => import('../features/accounts/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  userProfile: () => import('../features/accounts/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
};

const route = (name: RouteName): RouteObject =>
  ROUTES[name] === '/' ? { index: true, lazy: pages[name] } : { path: ROUTES[name].slice(1), lazy: pages[name] };
const names = Object.keys(pages) as RouteName[];
const publicScreens = names.filter((name) => !PRIVATE_ROUTES.includes(name)).map(route);
/** Private screens sit behind RequireUser: signed out, the visitor goes to sign-in and back. */
const privateScreens: RouteObject = { element: <RequireUser />, children: PRIVATE_ROUTES.map(route) };
const screens: RouteObject[] = [...publicScreens, privateScreens];

export const routes: RouteObject[] = [
  { path: '/', element: <LocaleRedirect /> },
  {
    path: '/:locale',
    element: <LocaleLayout />,
    HydrateFallback: () => <BootShell />,
    children: [
      {
        errorElement: <RouteError />,
        children: [...screens, { path: '*', lazy: () => import('../ui/not-found.tsx').then((m) => ({ Component: m.NotFoundPage })) }],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
