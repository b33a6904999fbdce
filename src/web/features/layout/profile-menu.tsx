import { Suspense, useState } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useTranslation } from '../../lib/translation.ts';
import type { Locale } from '../../../common/locales.ts';
import { UserIcon } from '../../ui/icons.tsx';
import type { MenuItem } from './menus.ts';

export type ProfileMenuProps = { email: string; items: MenuItem[]; locale: Locale; onSignOut: () => void };

const ProfileDropdown = lazyRetry(() => import('./profile-dropdown.tsx').then((module) => ({ default: module.ProfileDropdown })));

/**
 * The signed-in user's menu; the items come from profileMenu() for the variant and the user. The
 * button shows at once; a press before the menu's code arrives opens the menu when it does.
 */
export function ProfileMenu(props: ProfileMenuProps) {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  const placeholder = (
    <button
      type="button"
      className="header__icon-button profile-menu__trigger"
      aria-label={t('profileMenu.title')}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="profile-menu"
      onClick={() => setPressed(true)}
    >
      <UserIcon />
    </button>
  );
  return (
    <Suspense fallback={placeholder}>
      <ProfileDropdown {...props} defaultOpen={pressed} />
    </Suspense>
  );
}
