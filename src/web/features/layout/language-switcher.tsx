import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOCALES, LOCALE_NAMES, stripLocale, swapLocale, type Locale } from '../../../common/locales.ts';
import type { SiteInfo } from '../../../common/site.ts';
import { ChevronDownIcon, GlobeIcon } from '../../ui/icons.tsx';

const PASSWORD_PAGES = /^\/(restore-password|new-password)(\/|$)/;

/** Locales the switcher offers on this path (spec: accounts §2, "Hidden locales"). */
export function switcherLocales(site: SiteInfo, pathname: string, current: Locale): Locale[] {
  const hidden = PASSWORD_PAGES.test(stripLocale(pathname)) ? site.hidden_locales_password_pages : site.hidden_locales;
  return LOCALES.filter((locale) => locale === current || !hidden.includes(locale));
}

/** Swaps the two-letter prefix of the current path (spec: accounts §2). */
export function LanguageSwitcher({ site, locale }: { site: SiteInfo; locale: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const locales = switcherLocales(site, location.pathname, locale);
  if (locales.length < 2) return null;

  return (
    <DropdownMenu.Root dir={locale === 'ar' ? 'rtl' : 'ltr'} modal={false}>
      <DropdownMenu.Trigger
        className="header__icon-button language-switcher"
        // The name holds the visible code, so a speech user can say what they see (WCAG 2.5.3).
        aria-label={`${t('common.language')}: ${locale.toUpperCase()}`}
        data-testid="language-switcher"
      >
        <GlobeIcon />
        <span className="language-switcher__code">{locale.toUpperCase()}</span>
        <ChevronDownIcon width={16} height={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="dropdown" align="end" sideOffset={6}>
          <DropdownMenu.RadioGroup
            value={locale}
            onValueChange={(value) =>
              void navigate(swapLocale(location.pathname, value as Locale) + location.search + location.hash, {
                state: { keepScroll: true },
              })
            }
          >
            {locales.map((code) => (
              <DropdownMenu.RadioItem key={code} value={code} className="dropdown__item" lang={code} data-testid={`locale-${code}`}>
                <span className="dropdown__check" aria-hidden />
                {LOCALE_NAMES[code]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
