import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '../../lib/translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { LOCALE_NAMES, swapLocale, type Locale } from '../../../common/locales.ts';
import { LanguageButtonFace, languageButtonName } from './language-switcher.tsx';

/** Swaps the two-letter prefix of the current path (spec: accounts §2). */
export function LanguageMenu({ locales, locale, defaultOpen }: { locales: Locale[]; locale: Locale; defaultOpen: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <DropdownMenu.Root dir={locale === 'ar' ? 'rtl' : 'ltr'} modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className="header__icon-button language-switcher"
        aria-label={languageButtonName(t('common.language'), locale)}
        data-testid="language-switcher"
      >
        <LanguageButtonFace locale={locale} />
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
