import { LINKS, matchRoute } from '../../../common/routes.ts';
import type { SiteVariant } from '../../../common/site.ts';

/**
 * Menus (spec: accounts §2 "Header and menus", §6; content §2 "Top menu"). Each item has a path,
 * an optional search, an exact-match flag and a disabled flag; labels are catalogue keys. Paths
 * are without the locale prefix; links add it.
 */
export type MenuItem = {
  id: string;
  label: string;
  path: string;
  search?: string;
  exact?: boolean;
  disabled?: boolean;
  children?: MenuItem[];
};

/** VOD categories named in the spec's top menu. */
export const VOD_CATEGORIES = ['politics', 'society', 'cultural-events-and-celebrations'] as const;

const vod = (withCategories: boolean): MenuItem => ({
  id: 'vod',
  label: 'menu.vod',
  path: LINKS.videos,
  children: [
    { id: 'latest', label: 'menu.latest', path: LINKS.videos, exact: true },
    ...(withCategories
      ? VOD_CATEGORIES.map((slug) => ({ id: slug, label: `menu.categories.${slug}`, path: LINKS.videoCategory(slug), exact: true }))
      : []),
  ],
});
const live: MenuItem = {
  id: 'live',
  label: 'menu.live',
  path: LINKS.events,
  children: [
    { id: 'all-events', label: 'menu.allEvents', path: LINKS.events, exact: true },
    { id: 'my-events', label: 'menu.myEvents', path: LINKS.myEvents, exact: true },
  ],
};
const plans: MenuItem = { id: 'plans', label: 'menu.plans', path: LINKS.plans };
const myContent: MenuItem = { id: 'my-content', label: 'menu.myContent', path: LINKS.myContent };
const about: MenuItem = { id: 'about', label: 'menu.about', path: LINKS.about };
const careers: MenuItem = { id: 'careers', label: 'menu.careers', path: LINKS.career };
const broadcast: MenuItem = { id: 'broadcast', label: 'menu.broadcast', path: LINKS.broadcast };

/**
 * Whether a menu path leads to a screen that exists (src/common/routes.ts ROUTES). Later features
 * build the screens LINKS names ahead of time; until then their items are not shown, so no menu
 * leads to the not-found page (docs/decisions.md, "Menus show only built screens").
 */
export function isBuiltPath(path: string): boolean {
  return matchRoute(path) !== null;
}

/** The items (and children) whose screens exist; a parent left without any built path goes too. */
export function builtItems(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    const children = item.children ? builtItems(item.children) : undefined;
    if (!isBuiltPath(item.path)) return [];
    return [children ? { ...item, children } : item];
  });
}

/**
 * The spec's full menus are fullTopMenu / fullProfileMenu; topMenu / profileMenu are what is shown.
 * Standard: VOD, Live, Plans, My content, About, Careers (spec). Landing has a small public page
 * set: VOD latest, Plans, About. The Russian region has its own menu: broadcast services take the
 * place of careers. The last two are our choices (docs/decisions.md, "Menus per variant").
 */
export function fullTopMenu(variant: SiteVariant): MenuItem[] {
  switch (variant) {
    case 'landing':
      return [vod(false), plans, about];
    case 'ru':
      return [vod(true), live, broadcast, plans, myContent, about];
    default:
      return [vod(true), live, plans, myContent, about, careers];
  }
}

export function topMenu(variant: SiteVariant): MenuItem[] {
  return builtItems(fullTopMenu(variant));
}

/** The caller's facts the profile menu depends on (spec: accounts §6). */
export type ProfileMenuUser = {
  user_group: string | null;
  members_count: number;
  only_one_off: boolean;
  /** Whether any agreement of the user's company has per-member limits. */
  has_limit_agreements: boolean;
  /** Whether the planning-access check answered without error. */
  planning_access: boolean;
  /** Runs the company's integration: API keys and webhooks (GET /api/current_user/roles). */
  integrations: boolean;
};

const profileItem = (id: string, label: string, path: string): MenuItem => ({ id, label: `profileMenu.${label}`, path });

export function fullProfileMenu(variant: SiteVariant, user: ProfileMenuUser): MenuItem[] {
  const all = {
    myContent: profileItem('my-content', 'myContent', LINKS.myContent),
    profile: profileItem('profile', 'profile', LINKS.profile),
    planDetails: profileItem('plan-details', 'planDetails', LINKS.planDetails),
    billing: profileItem('billing-settings', 'billingSettings', LINKS.billingSettings),
    purchases: profileItem('purchase-history', 'purchaseHistory', LINKS.purchaseHistory),
    lists: profileItem('my-lists', 'myLists', LINKS.myLists),
    savedSearches: profileItem('saved-searches', 'savedSearches', LINKS.savedSearches),
    members: profileItem('members', 'members', LINKS.members),
    limits: profileItem('user-limits', 'userLimits', LINKS.userLimits),
    planning: profileItem('planning', 'planning', LINKS.planning),
    integrations: profileItem('integrations', 'integrations', LINKS.integrations),
  };
  const isClient = user.user_group === 'client';
  const showMembers = !isClient && !(user.members_count === 0 && user.only_one_off);
  const showLimits = showMembers && user.has_limit_agreements && user.members_count > 0;

  if (variant === 'landing') return [all.myContent, all.profile, ...(showMembers ? [all.members] : [])];
  return [
    all.myContent,
    all.profile,
    all.planDetails,
    ...(isClient ? [] : [all.billing, all.purchases]),
    all.lists,
    all.savedSearches,
    ...(showMembers ? [all.members] : []),
    ...(showLimits ? [all.limits] : []),
    ...(user.planning_access ? [all.planning] : []),
    ...(user.integrations ? [all.integrations] : []),
  ];
}

export function profileMenu(variant: SiteVariant, user: ProfileMenuUser): MenuItem[] {
  return builtItems(fullProfileMenu(variant, user));
}

/**
 * An item is active when its path equals the current path with the two-letter locale prefix
 * removed (spec: content §2); a non-exact item is also active on its sub-paths.
 */
export function isMenuItemActive(item: MenuItem, pathWithoutLocale: string): boolean {
  const path = pathWithoutLocale.replace(/\/+$/, '') || '/';
  if (item.path === path) return true;
  if (!item.exact && path.startsWith(`${item.path}/`)) return true;
  return (item.children ?? []).some((child) => isMenuItemActive(child, path));
}

/** The href of an item under a locale, with its search. */
export function menuHref(item: MenuItem, locale: string): string {
  return `/${locale}${item.path === '/' ? '' : item.path}${item.search ?? ''}`;
}

/** The mixed-content choice is carried in header links (spec: accounts §2, content §2). */
export function carriedQuery(search: string): string {
  const mix = new URLSearchParams(search).get('with_international_mix');
  return mix === 'true' || mix === 'false' ? `?with_international_mix=${mix}` : '';
}
