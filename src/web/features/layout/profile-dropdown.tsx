import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { DESK_ROUTES } from '../../../common/desk-routes.ts';
import { UserIcon } from '../../ui/icons.tsx';
import { useCurrentUserRoles } from '../accounts/use-current-user-roles.ts';
import { menuHref } from './menus.ts';
import type { ProfileMenuProps } from './profile-menu.tsx';

/** The signed-in user's menu (a Radix dropdown), loaded by ./profile-menu.tsx after the first paint. */
export function ProfileDropdown({ email, items, locale, onSignOut, defaultOpen }: ProfileMenuProps & { defaultOpen: boolean }) {
  const { t } = useTranslation();
  // Staff (admins with desk roles) have the desk; its screens say the rest.
  const staff = (useCurrentUserRoles().data?.desk_roles.length ?? 0) > 0;
  return (
    <DropdownMenu.Root dir={locale === 'ar' ? 'rtl' : 'ltr'} modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className="header__icon-button profile-menu__trigger"
        aria-label={t('profileMenu.title')}
        data-testid="profile-menu"
      >
        <UserIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="dropdown" align="end" sideOffset={6}>
          <DropdownMenu.Label className="dropdown__label">{email}</DropdownMenu.Label>
          {items.map((item) => (
            <DropdownMenu.Item key={item.id} asChild className="dropdown__item">
              <Link to={menuHref(item, locale)} data-testid={`profile-${item.id}`}>
                {t(item.label)}
              </Link>
            </DropdownMenu.Item>
          ))}
          {staff ? (
            <DropdownMenu.Item asChild className="dropdown__item">
              <Link to={`/${locale}${DESK_ROUTES.deskHome.path}`} data-testid="profile-desk">
                {t('profileMenu.desk')}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="dropdown__separator" />
          <DropdownMenu.Item className="dropdown__item" onSelect={onSignOut} data-testid="sign-out">
            {t('profileMenu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
