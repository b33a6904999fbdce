import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation } from 'react-router';
import { stripLocale, type Locale } from '../../../common/locales.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { carriedQuery, isMenuItemActive, menuHref, type MenuItem } from './menus.ts';

/** Desktop top menu; items with children open a panel on hover or keyboard focus. */
export function TopMenu({ items, locale }: { items: MenuItem[]; locale: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  const path = stripLocale(location.pathname);
  const carried = carriedQuery(location.search);
  return (
    <nav className="top-menu" aria-label={t('menu.main')}>
      <ul className="top-menu__list">
        {items.map((item) => {
          const active = isMenuItemActive(item, path);
          return (
            <li key={item.id} className={`top-menu__item${item.children ? ' top-menu__item--parent' : ''}`}>
              <Link
                to={menuHref(item, locale) + carried}
                className={`top-menu__link${active ? ' top-menu__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                aria-disabled={item.disabled || undefined}
                data-testid={`menu-${item.id}`}
              >
                {t(item.label)}
                {item.children ? <ChevronDownIcon width={14} height={14} /> : null}
              </Link>
              {item.children ? (
                <ul className="top-menu__panel">
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <Link
                        to={menuHref(child, locale) + carried}
                        className={`top-menu__panel-link${isMenuItemActive(child, path) ? ' top-menu__panel-link--active' : ''}`}
                        data-testid={`menu-${item.id}-${child.id}`}
                      >
                        {t(child.label)}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
