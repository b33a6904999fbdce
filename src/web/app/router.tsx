import type { QueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { lazyRetry } from '../lib/lazy-retry.ts';
import { Route, Routes } from 'react-router';
import { isDeskPath } from '../../common/desk-routes.ts';
import { pathLocale, stripLocale } from '../../common/locales.ts';
import { PRIVATE_ROUTES, ROUTES, matchPattern, matchRoute, screenOnVariant, type RouteName } from '../../common/routes.ts';
import { SCREEN_SECTIONS } from '../../common/screen-sections.ts';
import type { SiteVariant } from '../../common/site.ts';
import { RequireUser } from '../features/accounts/require-user.tsx';
import type { FirstView, FirstViewQueries } from '../lib/first-view.ts';
import { loadSections } from '../lib/i18n.ts';
import { useSite } from '../lib/site.ts';
import type { Section } from '../i18n/sections.ts';
import { LocaleLayout, LocaleRedirect } from './locale-layout.tsx';

/** A screen, and the loading of what its first render needs, which the first view awaits (main.tsx). */
type Page = ComponentType & { loadFirstView: (client: QueryClient | null, view: FirstView) => Promise<unknown> };

/**
 * A page of a module that holds several: the module loads once, whichever of its pages comes first,
 * and with it the catalogue sections the page's texts come from (src/web/lib/i18n.ts). A page whose
 * code is in when it mounts (the first view's) renders at once; another suspends until its code has
 * come, as React's lazy does. `firstView` puts in the cache the answers its first render reads.
 */
function pageOf<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  sections: Section[] = [],
  firstView?: () => Promise<FirstViewQueries>,
): Page {
  let loaded: ComponentType | null = null;
  const loadPage = () => Promise.all([load(), loadSections(sections)]).then(([module]) => (loaded = pick(module)));
  const Lazy = lazyRetry(() => loadPage().then((component) => ({ default: component })));
  function Page() {
    // Chosen once a mount, so that the page is never mounted again when its code arrives.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const loadFirstView = (client: QueryClient | null, view: FirstView) =>
    Promise.all([loadPage(), client && firstView ? firstView().then((queries) => queries(client, view)) : null]);
  return Object.assign(Page, { loadFirstView });
}

const catalogueQueries = () => import('../features/catalogue/queries.ts');

/** One lazily loaded page per screen of src/common/routes.ts; the type makes sure none is missing. */
const notices = () => import('../features/accounts/notice-pages.tsx');
const passwords = () => import('../features/accounts/password-pages.tsx');
const content = () => import('../features/content/content-pages.tsx');
const lists = () => import('../features/lists/list-pages.tsx');
// An expired or used link says an error text: its section loads with the page, not after the first view.
const finalStep = pageOf(
  () => import('../features/accounts/final-step-page.tsx'),
  (m) => m.FinalStepPage,
  ['validation', 'errors'],
);
const videos = pageOf(
  () => import('../features/catalogue/videos-page.tsx'),
  (m) => m.VideosPage,
  [],
  () => catalogueQueries().then((m) => m.videosFirstView),
);
const profile = pageOf(
  () => import('../features/accounts/profile-page.tsx'),
  (m) => m.ProfilePage,
  ['validation'],
);
const planRequest = pageOf(
  () => import('../features/agreements/plan-request-page.tsx'),
  (m) => m.PlanRequestPage,
  ['planRequest', 'validation'],
);
const pages: Record<RouteName, Page> = {
  dashboard: pageOf(
    () => import('../features/catalogue/dashboard-page.tsx'),
    (m) => m.DashboardPage,
    [],
    () => catalogueQueries().then((m) => m.dashboardFirstView),
  ),
  oldBrowsers: pageOf(
    () => import('../features/notices/old-browsers-page.tsx'),
    (m) => m.OldBrowsersPage,
  ),
  serverError: pageOf(
    () => import('../features/notices/server-error-page.tsx'),
    (m) => m.ServerErrorPage,
  ),
  signin: pageOf(
    () => import('../features/accounts/sign-in-page.tsx'),
    (m) => m.SignInPage,
    ['validation'],
  ),
  signinDeactivated: pageOf(notices, (m) => m.SigninDeactivatedPage),
  signup: pageOf(
    () => import('../features/accounts/sign-up-page.tsx'),
    (m) => m.SignUpPage,
    ['validation'],
  ),
  checkEmail: pageOf(notices, (m) => m.CheckEmailPage),
  alreadyConfirmed: pageOf(notices, (m) => m.AlreadyConfirmedPage),
  joinTeam: finalStep,
  finalStep,
  restorePassword: pageOf(passwords, (m) => m.RestorePasswordPage, ['validation']),
  restorePasswordCheckEmail: pageOf(notices, (m) => m.RestorePasswordCheckEmailPage),
  newPassword: pageOf(passwords, (m) => m.NewPasswordPage, ['validation', 'errors']),
  newPasswordChanged: pageOf(notices, (m) => m.PasswordChangedPage),
  accountLocked: pageOf(notices, (m) => m.AccountLockedPage),
  unlock: pageOf(passwords, (m) => m.UnlockPage, ['validation', 'errors']),
  accountTransfer: pageOf(
    () => import('../features/accounts/account-transfer-page.tsx'),
    (m) => m.AccountTransferPage,
    ['accountTransfer', 'validation', 'errors'],
  ),
  videos,
  videosFiltered: videos,
  // planDetails: the download panel names the agreement and the kind a download draws on.
  video: pageOf(
    () => import('../features/catalogue/video-page.tsx'),
    (m) => m.VideoPage,
    [...SCREEN_SECTIONS.video],
    () => import('../features/catalogue/video-queries.ts').then((m) => m.videoFirstView),
  ),
  search: pageOf(
    () => import('../features/catalogue/search-page.tsx'),
    (m) => m.SearchPage,
  ),
  tagLanding: pageOf(
    () => import('../features/catalogue/tag-landing-page.tsx'),
    (m) => m.TagLandingPage,
  ),
  events: pageOf(
    () => import('../features/live/events-page.tsx'),
    (m) => m.EventsPage,
    ['live'],
  ),
  myEvents: pageOf(
    () => import('../features/live/my-events-page.tsx'),
    (m) => m.MyEventsPage,
    ['live'],
  ),
  liveRecordings: pageOf(
    () => import('../features/live/recordings-page.tsx'),
    (m) => m.RecordingsPage,
    ['live'],
  ),
  archivedEvents: pageOf(
    () => import('../features/live/archived-events-page.tsx'),
    (m) => m.ArchivedEventsPage,
    ['live'],
  ),
  liveEvent: pageOf(
    () => import('../features/live/event-page.tsx'),
    (m) => m.EventPage,
    ['live', 'validation'],
  ),
  about: pageOf(content, (m) => m.AboutPage),
  termsOfService: pageOf(content, (m) => m.TermsOfServicePage),
  privacyPolicy: pageOf(content, (m) => m.PrivacyPolicyPage),
  cookiePolicy: pageOf(content, (m) => m.CookiePolicyPage),
  impressum: pageOf(content, (m) => m.ImpressumPage),
  career: pageOf(
    () => import('../features/careers/careers-page.tsx'),
    (m) => m.CareersPage,
    ['careers'],
  ),
  careerVacancy: pageOf(
    () => import('../features/careers/vacancy-page.tsx'),
    (m) => m.VacancyPage,
    ['careers', 'validation'],
  ),
  broadcast: pageOf(
    () => import('../features/broadcast/broadcast-page.tsx'),
    (m) => m.BroadcastPage,
    ['broadcast', 'validation'],
  ),
  user: profile,
  userProfile: profile,
  userPlanDetails: pageOf(
    () => import('../features/agreements/plan-details-page.tsx'),
    (m) => m.PlanDetailsPage,
    ['planDetails'],
  ),
  userBillingSettings: pageOf(
    () => import('../features/payments/billing-settings-page.tsx'),
    (m) => m.BillingSettingsPage,
    ['billing', 'savedCards', 'payment', 'purchaseHistory', 'validation'],
  ),
  // The planning page's refusal says an error text (the every-page sections may not have loaded yet).
  userPlanning: pageOf(
    () => import('../features/agreements/planning-page.tsx'),
    (m) => m.PlanningPage,
    ['planning', 'errors'],
  ),
  purchaseHistory: pageOf(
    () => import('../features/payments/purchase-history-page.tsx'),
    (m) => m.PurchaseHistoryPage,
    ['purchaseHistory'],
  ),
  purchaseReceipt: pageOf(
    () => import('../features/payments/receipt-page.tsx'),
    (m) => m.ReceiptPage,
    ['purchaseHistory'],
  ),
  userMembers: pageOf(
    () => import('../features/company/members-page.tsx'),
    (m) => m.MembersPage,
    ['team', 'validation'],
  ),
  userMember: pageOf(
    () => import('../features/company/member-page.tsx'),
    (m) => m.MemberPage,
    ['team', 'validation'],
  ),
  userLimits: pageOf(
    () => import('../features/company/user-limits-page.tsx'),
    (m) => m.UserLimitsPage,
    ['team', 'validation'],
  ),
  userIntegrations: pageOf(
    () => import('../features/integration/integrations-page.tsx'),
    (m) => m.IntegrationsPage,
    ['integrations', 'webhooks', 'deliveryRules', 'validation', 'errors'],
  ),
  myContent: pageOf(
    () => import('../features/my-content/my-content-page.tsx'),
    (m) => m.MyContentPage,
    ['myContent', 'validation'],
  ),
  myLists: pageOf(lists, (m) => m.MyListsPage, ['lists']),
  myList: pageOf(lists, (m) => m.MyListPage, ['lists']),
  savedSearches: pageOf(
    () => import('../features/saved-searches/saved-searches-page.tsx'),
    (m) => m.SavedSearchesPage,
    ['savedSearches'],
  ),
  publicList: pageOf(lists, (m) => m.PublicListPage, ['lists']),
  plans: pageOf(
    () => import('../features/agreements/plans-page.tsx'),
    (m) => m.PlansPage,
    ['plans', 'video'],
  ),
  payment: pageOf(
    () => import('../features/payments/payment-page.tsx'),
    (m) => m.PaymentPage,
    ['payment', 'billing', 'planDetails', 'validation'],
  ),
  paymentProcessing: pageOf(
    () => import('../features/payments/processing-page.tsx'),
    (m) => m.PaymentProcessingPage,
    ['payment'],
  ),
  planRequestEnterprise: planRequest,
  planRequestRegional: planRequest,
};
/** The desk: one lazily loaded app of its own screens (features/desk), for staff only. */
const DeskPage = pageOf(
  () => import('../features/desk/desk-app.tsx'),
  (m) => m.DeskApp,
  ['desk', 'validation'],
);
const NotFoundPage = pageOf(
  () => import('../ui/not-found.tsx'),
  (m) => m.NotFoundPage,
);

/**
 * Loads what the first render of the screen at `pathname` on the variant needs (main.tsx): its code
 * and texts and, given the query client, the answers its shell carries into the cache. A first
 * render that suspends commits its fallback, and React then holds the page back at least 300 ms
 * more (its Suspense throttle) after the code has come; one that starts without its data renders
 * twice.
 */
export function loadFirstScreen(pathname: string, variant: SiteVariant, client: QueryClient | null): Promise<unknown> {
  const locale = pathLocale(pathname);
  if (!locale) return Promise.resolve();
  const path = stripLocale(pathname);
  if (isDeskPath(path)) return DeskPage.loadFirstView(null, { locale, params: {} });
  const name = matchRoute(path);
  if (!name || !screenOnVariant(name, variant)) return NotFoundPage.loadFirstView(null, { locale, params: {} });
  return pages[name].loadFirstView(client, { locale, params: matchPattern(ROUTES[name], path) ?? {} });
}

/** The screen, where the site variant has it; the not-found page where it does not (the landing set). */
function OnVariant({ name }: { name: RouteName }) {
  const { variant } = useSite();
  const Page = screenOnVariant(name, variant) ? pages[name] : NotFoundPage;
  return <Page />;
}

function screen(name: RouteName) {
  const path = ROUTES[name];
  const element = <OnVariant name={name} />;
  return path === '/' ? <Route key={name} index element={element} /> : <Route key={name} path={path.slice(1)} element={element} />;
}
const names = Object.keys(pages) as RouteName[];

/**
 * Every screen under /:locale, in the frame of LocaleLayout. The router is React Router's
 * declarative mode: no screen has a loader, and the data router's machinery would add 16 KB
 * gzipped to the first page (docs/decisions.md).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LocaleRedirect />} />
      <Route path="/:locale" element={<LocaleLayout />}>
        {names.filter((name) => !PRIVATE_ROUTES.includes(name)).map(screen)}
        {/* Private screens sit behind RequireUser: signed out, the visitor goes to sign-in and back. */}
        <Route element={<RequireUser />}>{PRIVATE_ROUTES.map(screen)}</Route>
        {/* The desk routes its own screens (src/common/desk-routes.ts); who is not staff gets its not-found page. */}
        <Route path="desk/*" element={<DeskPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
