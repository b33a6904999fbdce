import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import type { Locale } from '../../../common/locales.ts';
import type { SiteInfo } from '../../../common/site.ts';
import { buttonClass } from '../../ui/button.tsx';
import { MenuIcon } from '../../ui/icons.tsx';
import { NoticeBell } from '../notice-centre/notice-bell.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { profileMenu, topMenu, type ProfileMenuUser } from './menus.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { TopMenu } from './top-menu.tsx';
import './header.css';

const MobileMenu = lazyRetry(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));

export type HeaderAccount = { email: string; menuUser: ProfileMenuUser; onSignOut: () => void } | null;
type HeaderProps = {
  site: SiteInfo;
  locale: Locale;
  account: HeaderAccount;
  onSignIn: () => void;
  onSignUp: () => void;
  search?: ReactNode;
};

/**
 * The header is sticky and wraps onto two rows on a phone: the page's scroll padding takes its height,
 * so focus and "scroll into view" stop below it (global.css has the one-row height until then).
 */
function useStickyHeight() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    // The observer reports the height after the browser's own layout (its first report comes with the
    // first frame): reading offsetHeight here would force a layout of the page while it is still rendering.
    let published = -1;
    const observer = new ResizeObserver(([entry]) => {
      const height = Math.round(entry?.borderBoxSize[0]?.blockSize ?? element.offsetHeight);
      if (height === published) return;
      published = height;
      // The root's own scroll padding, which no element inherits: a custom property on the root had
      // the browser restyle every element of the page (60-100 ms of a phone's main thread at 4x).
      document.documentElement.style.scrollPaddingBlockStart = `calc(${height}px + var(--space-2))`;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return header;
}

/** Header: logo, top menu, language switcher, the notice centre's bell and the profile menu (or sign-in); a drawer on small screens. */
export function Header({ site, locale, account, onSignIn, onSignUp, search }: HeaderProps) {
  const { t } = useTranslation();
  const [mobileOpen, setMobileOpen] = useState(false);
  // The drawer's code (a Radix dialog) loads the first time it is opened.
  const [mobileWanted, setMobileWanted] = useState(false);
  const items = topMenu(site.variant);
  const header = useStickyHeight();

  const accountArea = account ? (
    <ProfileMenu email={account.email} items={profileMenu(site.variant, account.menuUser)} locale={locale} onSignOut={account.onSignOut} />
  ) : (
    <div className="header__auth">
      {/* The sign-in modal opens from the header; the landing variant also offers the sign-up modal (spec: accounts §2). */}
      <a
        href={`/${locale}${LINKS.signin}`}
        className={buttonClass('ghost', 'small')}
        data-testid="sign-in-link"
        onClick={(event) => {
          event.preventDefault();
          onSignIn();
        }}
      >
        {t('profileMenu.signIn')}
      </a>
      {site.variant === 'landing' ? (
        <a
          href={`/${locale}${LINKS.signup}`}
          className={buttonClass('primary', 'small')}
          data-testid="sign-up-link"
          onClick={(event) => {
            event.preventDefault();
            onSignUp();
          }}
        >
          {t('profileMenu.signUp')}
        </a>
      ) : null}
    </div>
  );

  return (
    <header className="header" data-variant={site.variant} ref={header}>
      <div className="header__inner">
        <button
          type="button"
          className="header__icon-button header__burger"
          aria-label={t('common.openMenu')}
          onClick={() => {
            setMobileWanted(true);
            setMobileOpen(true);
          }}
          data-testid="mobile-menu-button"
        >
          <MenuIcon />
        </button>
        <Link to={`/${locale}`} className="header__logo" aria-label={t('brand.home')}>
          <Logo />
        </Link>
        <TopMenu items={items} locale={locale} />
        {search}
        <div className="header__tools">
          <LanguageSwitcher site={site} locale={locale} />
          {account ? <NoticeBell locale={locale} /> : null}
          {accountArea}
        </div>
      </div>
      {mobileWanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onOpenChange={setMobileOpen} items={items} locale={locale} />
        </Suspense>
      ) : null}
    </header>
  );
}
