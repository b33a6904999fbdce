import { agreementFlags } from '../../common/agreement-values.ts';
import { DirectionProvider } from '@radix-ui/react-direction';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { detectLocale, isLocale, localeDirection, localizedPath, stripLocale, type Locale } from '../../common/locales.ts';
import { authDialogs } from '../features/accounts/auth-dialogs-store.ts';
import { usePlanningAccess } from '../features/agreements/queries.ts';
import { AlertBars } from '../features/alerts/alert-bars.tsx';
import { useApplyUserTimeZone } from '../features/accounts/time-zone.ts';
import { useCurrentUser } from '../features/accounts/use-current-user.ts';
import { useCurrentUserRoles } from '../features/accounts/use-current-user-roles.ts';
import { isVideoPath } from '../features/catalogue/query-params.ts';
import { SearchBox } from '../features/catalogue/search-box.tsx';
import { setFunctionalCookie } from '../features/consent/consent-store.ts';
import { CookieBanner } from '../features/consent/cookie-banner.tsx';
import { Footer } from '../features/layout/footer.tsx';
import { Header, type HeaderAccount } from '../features/layout/header.tsx';
import { NavigationRecordProvider } from '../features/navigation/use-navigation-record.tsx';
import { RouteErrorBoundary } from '../features/notices/route-error.tsx';
import { afterFirstLoad } from '../lib/after-first-load.ts';
import { readCookie } from '../lib/cookies.ts';
import { loadSections } from '../lib/i18n.ts';
import { EVERY_PAGE_SECTIONS } from '../i18n/sections.ts';
import { useDocumentMeta } from '../lib/page-meta.ts';
import { useSite } from '../lib/site.ts';
import { LoadingBar, TranslatedLoadingFallback } from '../ui/loading.tsx';
import { NotificationStack } from '../ui/notifications/notification-stack.tsx';
import { useNavigationPending } from './app-router.tsx';
import {
  AccountOverlaysOnDemand,
  DownloadsLiveOnDemand,
  AuthDialogsOnDemand,
  MixedContentPanelOnDemand,
  PushOnDemand,
  SupportOnDemand,
  TimeZoneSelectOnDemand,
} from './on-demand.tsx';

/** Where a path without a supported locale prefix goes (spec: accounts §5, locale detection). */
export function LocaleRedirect() {
  const location = useLocation();
  const locale = detectLocale({
    path: location.pathname,
    storedLanguageCode: readCookie('language_code'),
    browserLanguages: navigator.languages,
  });
  return <Navigate to={localizedPath(location.pathname, locale) + location.search + location.hash} replace />;
}

/** Applies the locale: catalogue, <html lang dir>, and the language cookie when consented to. */
function useApplyLocale(locale: Locale) {
  const { i18n } = useTranslation();
  useEffect(() => {
    let current = true;
    void i18n.changeLanguage(locale).then(() => {
      if (!current) return;
      // Written only when they change: writing the same value again has the browser restyle the whole page.
      const html = document.documentElement;
      if (html.lang !== locale) html.lang = locale;
      if (html.dir !== localeDirection(locale)) html.dir = localeDirection(locale);
    });
    setFunctionalCookie('language_code', locale);
    return () => {
      current = false;
    };
  }, [i18n, locale]);
}

/** The sections every page may say (the error texts) load once the first view is up. */
function useEveryPageSections() {
  useEffect(() => {
    void afterFirstLoad().then(() => loadSections(EVERY_PAGE_SECTIONS));
  }, []);
}

/** The copy notice's listener, loaded after the first view (features/notices/copy-notice.ts); an admin copies without it. */
function useCopyNotice(admin: boolean) {
  const { t } = useTranslation();
  const exempt = useRef(admin);
  useEffect(() => {
    exempt.current = admin;
  }, [admin]);
  useEffect(() => {
    let uninstall: (() => void) | undefined;
    let current = true;
    void afterFirstLoad()
      .then(() => import('../features/notices/copy-notice.ts'))
      .then(({ installCopyNotice }) => {
        if (current) uninstall = installCopyNotice({ exempt: () => exempt.current, notice: (url) => t('common.copyNotice', { url }) });
      });
    return () => {
      current = false;
      uninstall?.();
    };
  }, [t]);
}

/** Every screen lives under /:locale; this is their frame: header, page, footer and overlays. */
export function LocaleLayout() {
  const { locale } = useParams();
  if (!isLocale(locale)) return <LocaleRedirect />;
  return <LocaleFrame locale={locale} />;
}

/** VOD pages: the dashboard and the video pages carry the mixed-content panel. */
function isVodPath(pathname: string): boolean {
  return stripLocale(pathname) === '/' || isVideoPath(pathname);
}

/**
 * "Skip to content" puts the keyboard at the start of the page's content. It moves focus itself
 * rather than following #main, which would add a history entry and a hash to the screen's address.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/**
 * The document's title and description, a leaf of the frame: a screen that publishes its own (a
 * story's title, once its page has mounted) re-renders this alone, not the header and footer.
 */
function DocumentMeta({ locale }: { locale: Locale }) {
  useDocumentMeta(locale);
  return null;
}

function LocaleFrame({ locale }: { locale: Locale }) {
  useApplyLocale(locale);
  const { t } = useTranslation();
  const site = useSite();
  const navigationPending = useNavigationPending();
  const location = useLocation();
  const [cookieSettingsOpen, setCookieSettingsOpen] = useState(false);
  const skipLink = useRef<HTMLAnchorElement>(null);
  const dir = localeDirection(locale);
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  // Spec §6: the planning menu item shows only when the access check has no error. The check is
  // asked only when the roles say it will answer, not for the 403 of a user without planning.
  const roles = useCurrentUserRoles().data;
  const mayPlan = roles?.planning === true;
  const planningAccess = usePlanningAccess(mayPlan ? (user?.id ?? null) : null, locale);
  useApplyUserTimeZone(user);
  useCopyNotice(user !== null && roles?.admin === true);
  useEveryPageSections();
  const account: HeaderAccount = user
    ? {
        email: user.email,
        menuUser: {
          user_group: user.user_group,
          members_count: user.members_count,
          // The derived flags are one function of src/common, which the server answers only_one_off with too.
          only_one_off: agreementFlags(user.agreement_types).onlyOneOff,
          has_limit_agreements: user.has_limit_agreements,
          planning_access: planningAccess,
          integrations: roles?.integrations === true,
        },
        // Sign-out's code loads when it is chosen.
        onSignOut: () => void import('../features/accounts/sign-out.ts').then((module) => module.signOut(queryClient)),
      }
    : null;

  return (
    <DirectionProvider dir={dir}>
      <NavigationRecordProvider>
        <div className="app" dir={dir}>
          <DocumentMeta locale={locale} />
          {/* First in tab order until it is answered (issue 28, keyboard); then the skip link is. */}
          <CookieBanner settingsOpen={cookieSettingsOpen} onSettingsOpenChange={setCookieSettingsOpen} focusAfterAnswer={skipLink} />
          <a ref={skipLink} className="skip-link" href="#main" onClick={skipToMain} data-testid="skip-link">
            {t('common.skipToContent')}
          </a>
          <LoadingBar active={navigationPending} />
          <Header
            site={site}
            locale={locale}
            account={account}
            onSignIn={authDialogs.openSignIn}
            onSignUp={authDialogs.openSignUp}
            search={<SearchBox />}
          />
          <AlertBars locale={locale} userId={user?.id ?? null} />
          {isVodPath(location.pathname) ? <MixedContentPanelOnDemand user={user} /> : null}
          <main id="main" className="app__main" tabIndex={-1}>
            <RouteErrorBoundary path={location.pathname}>
              <Suspense fallback={<TranslatedLoadingFallback />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
          <Footer
            site={site}
            locale={locale}
            onCookieSettings={() => setCookieSettingsOpen(true)}
            tools={<TimeZoneSelectOnDemand user={user} />}
          />
          <NotificationStack />
          <AuthDialogsOnDemand landing={site.variant === 'landing'} />
          <AccountOverlaysOnDemand user={user} locale={locale} />
          <DownloadsLiveOnDemand user={user} locale={locale} />
          <PushOnDemand locale={locale} />
          <SupportOnDemand user={user} variant={site.variant} />
        </div>
      </NavigationRecordProvider>
    </DirectionProvider>
  );
}
