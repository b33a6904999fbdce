import { describe, expect, it } from 'vitest';
import { ROUTES, matchRoute } from '../../../common/routes.ts';
import {
  builtItems,
  carriedQuery,
  fullProfileMenu,
  fullTopMenu,
  isMenuItemActive,
  menuHref,
  profileMenu,
  topMenu,
  type MenuItem,
  type ProfileMenuUser,
} from './menus.ts';

const ids = (items: { id: string }[]) => items.map((item) => item.id);
const customer: ProfileMenuUser = {
  user_group: 'customer',
  members_count: 3,
  only_one_off: false,
  has_limit_agreements: true,
  planning_access: true,
  integrations: true,
};

describe('top menu (spec: accounts §2)', () => {
  it('standard: VOD (latest and three categories), Live (all, mine), Plans, My content, About, Careers', () => {
    const menu = fullTopMenu('standard');
    expect(ids(menu)).toEqual(['vod', 'live', 'plans', 'my-content', 'about', 'careers']);
    expect(ids(menu[0]?.children ?? [])).toEqual(['latest', 'politics', 'society', 'cultural-events-and-celebrations']);
    expect(ids(menu[1]?.children ?? [])).toEqual(['all-events', 'my-events']);
  });

  it('landing keeps a small public set; the Russian region has broadcast services instead of careers', () => {
    expect(ids(fullTopMenu('landing'))).toEqual(['vod', 'plans', 'about']);
    expect(ids(fullTopMenu('ru'))).toEqual(['vod', 'live', 'broadcast', 'plans', 'my-content', 'about']);
  });

  it('marks an item active when its path equals the path without locale', () => {
    const [vod, live] = fullTopMenu('standard');
    if (!vod || !live) throw new Error('menu is missing items');
    expect(isMenuItemActive(vod, '/videos')).toBe(true);
    expect(isMenuItemActive(vod, '/videos/category/politics')).toBe(true);
    expect(isMenuItemActive(vod.children?.[0] ?? vod, '/videos/category/politics')).toBe(false);
    expect(isMenuItemActive(live, '/videos')).toBe(false);
    expect(isMenuItemActive(live, '/events/flood-relief-press-conference')).toBe(true);
    expect(isMenuItemActive(live.children?.[0] ?? live, '/events/my-events')).toBe(false);
    expect(isMenuItemActive(live.children?.[1] ?? live, '/events/my-events')).toBe(true);
    expect(menuHref(vod.children?.[1] ?? vod, 'ar')).toBe('/ar/videos/category/politics');
  });
});

describe('profile menu (spec: accounts §2, §6)', () => {
  it('standard variant lists every item for a customer with members, limits and planning access', () => {
    expect(ids(fullProfileMenu('standard', customer))).toEqual([
      'my-content',
      'profile',
      'plan-details',
      'billing-settings',
      'purchase-history',
      'my-lists',
      'saved-searches',
      'members',
      'user-limits',
      'planning',
      'integrations',
    ]);
  });

  it('shows integrations (API keys, webhooks) only to whoever runs them: a master or a user without a company (issue 30)', () => {
    expect(ids(profileMenu('standard', customer))).toContain('integrations');
    expect(ids(profileMenu('standard', { ...customer, integrations: false }))).not.toContain('integrations');
    expect(ids(profileMenu('landing', customer))).not.toContain('integrations');
  });

  it('landing variant: my content, profile, members', () => {
    expect(ids(fullProfileMenu('landing', customer))).toEqual(['my-content', 'profile', 'members']);
  });

  it('client group: no billing settings, purchase history, members or limits', () => {
    const menu = ids(fullProfileMenu('standard', { ...customer, user_group: 'client' }));
    expect(menu).not.toContain('billing-settings');
    expect(menu).not.toContain('purchase-history');
    expect(menu).not.toContain('members');
    expect(menu).not.toContain('user-limits');
  });

  it('members hidden with zero members and only one-off; limits hidden without limit agreements or members', () => {
    expect(ids(fullProfileMenu('standard', { ...customer, members_count: 0, only_one_off: true }))).not.toContain('members');
    expect(ids(fullProfileMenu('standard', { ...customer, members_count: 0, only_one_off: false }))).toContain('members');
    expect(ids(fullProfileMenu('standard', { ...customer, has_limit_agreements: false }))).not.toContain('user-limits');
    expect(ids(fullProfileMenu('standard', { ...customer, members_count: 0 }))).not.toContain('user-limits');
  });

  it('planning only when the planning-access check had no error', () => {
    expect(ids(fullProfileMenu('standard', { ...customer, planning_access: false }))).not.toContain('planning');
  });
});

describe('mixed-content choice in header links', () => {
  it('carries with_international_mix and nothing else', () => {
    expect(carriedQuery('?with_international_mix=false&category=politics')).toBe('?with_international_mix=false');
    expect(carriedQuery('?category=politics')).toBe('');
    expect(carriedQuery('?with_international_mix=maybe')).toBe('');
  });
});

const paths = (items: MenuItem[]): string[] => items.flatMap((item) => [item.path, ...paths(item.children ?? [])]);

describe('menus show only built screens (src/common/routes.ts ROUTES)', () => {
  it('every shown item of every variant and user leads to a built screen', () => {
    for (const variant of ['standard', 'ru', 'landing'] as const) {
      const shown = [...paths(topMenu(variant)), ...paths(profileMenu(variant, customer))];
      expect(shown.length).toBeGreaterThan(0);
      for (const path of shown) expect(matchRoute(path), `${variant} ${path}`).not.toBeNull();
    }
  });

  it('hides the screens later issues build; shows VOD with its categories, Live with all and my events, Plans, My content, About, Careers, and the built account pages', () => {
    const menu = topMenu('standard');
    expect(ids(menu)).toEqual(['vod', 'live', 'plans', 'my-content', 'about', 'careers']);
    expect(ids(menu[0]?.children ?? [])).toEqual(['latest', 'politics', 'society', 'cultural-events-and-celebrations']);
    expect(ids(menu[1]?.children ?? [])).toEqual(['all-events', 'my-events']);
    expect(ids(topMenu('landing'))).toEqual(['vod', 'plans', 'about']);
    expect(ids(topMenu('ru'))).toEqual(['vod', 'live', 'broadcast', 'plans', 'my-content', 'about']);
    expect(ids(profileMenu('standard', customer))).toEqual([
      'my-content',
      'profile',
      'plan-details',
      'billing-settings',
      'purchase-history',
      'my-lists',
      'saved-searches',
      'members',
      'user-limits',
      'planning',
      'integrations',
    ]);
  });

  it('shows plan details to every signed-in user of the standard variant, billing settings and purchase history to all but clients, planning only with access (spec §6)', () => {
    const plain: ProfileMenuUser = {
      user_group: 'other',
      members_count: 0,
      only_one_off: false,
      has_limit_agreements: false,
      planning_access: false,
      integrations: false,
    };
    // Members shows for anyone but a client or a one-off buyer without a team; limits only with members and limit agreements.
    expect(ids(profileMenu('standard', plain))).toEqual([
      'my-content',
      'profile',
      'plan-details',
      'billing-settings',
      'purchase-history',
      'my-lists',
      'saved-searches',
      'members',
    ]);
    expect(ids(profileMenu('standard', { ...plain, only_one_off: true }))).toEqual([
      'my-content',
      'profile',
      'plan-details',
      'billing-settings',
      'purchase-history',
      'my-lists',
      'saved-searches',
    ]);
    expect(ids(profileMenu('standard', { ...plain, user_group: 'client', planning_access: true }))).toEqual([
      'my-content',
      'profile',
      'plan-details',
      'my-lists',
      'saved-searches',
      'planning',
    ]);
    expect(ids(profileMenu('landing', { ...plain, planning_access: true }))).toEqual(['my-content', 'profile', 'members']);
  });

  it('shows an item as soon as its screen is in ROUTES, and drops a parent without a built path', () => {
    const item = (id: string, path: string, children?: MenuItem[]): MenuItem => ({ id, label: id, path, children });
    expect(
      ids(
        builtItems([
          item('about', ROUTES.about),
          item('unbuilt', '/user/not-built'),
          item('later', '/not-built-yet', [item('latest', '/videos')]),
        ]),
      ),
    ).toEqual(['about']);
  });
});
