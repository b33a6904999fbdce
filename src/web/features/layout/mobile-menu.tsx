import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation } from 'react-router';
import { stripLocale, type Locale } from '../../../common/locales.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { useReturnFocus } from '../../ui/return-focus.ts';
import { isMenuItemActive, menuHref, type MenuItem } from './menus.ts';

/** Full-height drawer with the menu in 46 px rows (spec: accounts §9, mobile menu row height 46). */
export function MobileMenu({
  open,
  onOpenChange,
  items,
  locale,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: MenuItem[];
  locale: Locale;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const path = stripLocale(useLocation().pathname);
  const close = () => onOpenChange(false);
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="mobile-menu__overlay" />
        <RadixDialog.Content className="mobile-menu" aria-describedby={undefined} data-testid="mobile-menu" {...returnFocus}>
          <div className="mobile-menu__header">
            <RadixDialog.Title className="mobile-menu__title">{t('common.menu')}</RadixDialog.Title>
            <RadixDialog.Close className="header__icon-button" aria-label={t('common.closeMenu')}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <nav aria-label={t('menu.main')}>
            <ul className="mobile-menu__list">
              {items.flatMap((item) => [
                <li key={item.id}>
                  <Link
                    to={menuHref(item, locale)}
                    onClick={close}
                    className={`mobile-menu__row${isMenuItemActive(item, path) ? ' mobile-menu__row--active' : ''}`}
                  >
                    {t(item.label)}
                  </Link>
                </li>,
                ...(item.children ?? [])
                  .filter((child) => child.path !== item.path)
                  .map((child) => (
                    <li key={`${item.id}-${child.id}`}>
                      <Link to={menuHref(child, locale)} onClick={close} className="mobile-menu__row mobile-menu__row--child">
                        {t(child.label)}
                      </Link>
                    </li>
                  )),
              ])}
            </ul>
          </nav>
          {footer ? <div className="mobile-menu__footer">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
