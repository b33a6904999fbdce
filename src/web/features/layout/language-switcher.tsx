import { Suspense, useState } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useTranslation } from '../../lib/translation.ts';
import { useLocation } from 'react-router';
import { LOCALES, stripLocale, type Locale } from '../../../common/locales.ts';
import type { SiteInfo } from '../../../common/site.ts';
import { useAfterFirstLoad } from '../../lib/after-first-load.ts';
import { ChevronDownIcon, GlobeIcon } from '../../ui/icons.tsx';

const PASSWORD_PAGES = /^\/(restore-password|new-password)(\/|$)/;

/** Locales the switcher offers on this path (spec: accounts §2, "Hidden locales"). */
export function switcherLocales(site: SiteInfo, pathname: string, current: Locale): Locale[] {
  const hidden = PASSWORD_PAGES.test(stripLocale(pathname)) ? site.hidden_locales_password_pages : site.hidden_locales;
  return LOCALES.filter((locale) => locale === current || !hidden.includes(locale));
}

const LanguageMenu = lazyRetry(() => import('./language-menu.tsx').then((module) => ({ default: module.LanguageMenu })));

/** The button's name holds the visible code, so a speech user can say what they see (WCAG 2.5.3). */
export function languageButtonName(label: string, locale: Locale): string {
  return `${label}: ${locale.toUpperCase()}`;
}

export function LanguageButtonFace({ locale }: { locale: Locale }) {
  return (
    <>
      <GlobeIcon />
      <span className="language-switcher__code">{locale.toUpperCase()}</span>
      <ChevronDownIcon width={16} height={16} />
    </>
  );
}

/**
 * The language button; its menu (a Radix dropdown) loads once the page has loaded, or at the first
 * press. A press before it arrives is kept and opens the menu once it does.
 */
export function LanguageSwitcher({ site, locale }: { site: SiteInfo; locale: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [pressed, setPressed] = useState(false);
  const loaded = useAfterFirstLoad();
  const locales = switcherLocales(site, location.pathname, locale);
  if (locales.length < 2) return null;
  const placeholder = (
    <button
      type="button"
      className="header__icon-button language-switcher"
      aria-label={languageButtonName(t('common.language'), locale)}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="language-switcher"
      onClick={() => setPressed(true)}
    >
      <LanguageButtonFace locale={locale} />
    </button>
  );
  if (!pressed && !loaded) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu locales={locales} locale={locale} defaultOpen={pressed} />
    </Suspense>
  );
}
