import { describe, expect, it } from 'vitest';
import { carriedQuery, isMenuItemActive, menuHref, profileMenu, topMenu, type ProfileMenuUser } from './menus.ts';

const ids = (items: { id: string }[]) => items.map((item) => item.id);
const customer: ProfileMenuUser = {
  user_group: 'customer',
  members_count: 3,
  only_one_off: false,
  has_limit_agreements: true,
  planning_access: true,
};

describe('top menu (spec: accounts §2)', () => {
  it('standard: VOD (latest and three categories), Live (all, mine), Plans, My content, About, Careers', () => {
    const menu = topMenu('standard');
    expect(ids(menu)).toEqual(['vod', 'live', 'plans', 'my-content', 'about', 'careers']);
    expect(ids(menu[0]?.children ?? [])).toEqual(['latest', 'politics', 'society', 'cultural-events-and-celebrations']);
    expect(ids(menu[1]?.children ?? [])).toEqual(['all-events', 'my-events']);
  });

  it('landing keeps a small public set; the Russian region has broadcast services instead of careers', () => {
    expect(ids(topMenu('landing'))).toEqual(['vod', 'plans', 'about']);
    expect(ids(topMenu('ru'))).toEqual(['vod', 'live', 'broadcast', 'plans', 'my-content', 'about']);
  });

  it('marks an item active when its path equals the path without locale', () => {
    const [vod, live] = topMenu('standard');
    if (!vod || !live) throw new Error('menu is missing items');
    expect(isMenuItemActive(vod, '/videos')).toBe(true);
    expect(isMenuItemActive(vod, '/videos/category/politics')).toBe(true);
    expect(isMenuItemActive(vod.children?.[0] ?? vod, '/videos/category/politics')).toBe(false);
    expect(isMenuItemActive(live, '/videos')).toBe(false);
    expect(menuHref(vod.children?.[1] ?? vod, 'ar')).toBe('/ar/videos/category/politics');
  });
});

describe('profile menu (spec: accounts §2, §6)', () => {
  it('standard variant lists every item for a customer with members, limits and planning access', () => {
    expect(ids(profileMenu('standard', customer))).toEqual([
      'my-content',
      'profile',
      'plan-details',
      'billing-settings',
      'purchase-history',
      'my-lists',
      'members',
      'user-limits',
      'planning',
    ]);
  });

  it('landing variant: my content, profile, members', () => {
    expect(ids(profileMenu('landing', customer))).toEqual(['my-content', 'profile', 'members']);
  });

  it('client group: no billing settings, purchase history, members or limits', () => {
    const menu = ids(profileMenu('standard', { ...customer, user_group: 'client' }));
    expect(menu).not.toContain('billing-settings');
    expect(menu).not.toContain('purchase-history');
    expect(menu).not.toContain('members');
    expect(menu).not.toContain('user-limits');
  });

  it('members hidden with zero members and only one-off; limits hidden without limit agreements or members', () => {
    expect(ids(profileMenu('standard', { ...customer, members_count: 0, only_one_off: true }))).not.toContain('members');
    expect(ids(profileMenu('standard', { ...customer, members_count: 0, only_one_off: false }))).toContain('members');
    expect(ids(profileMenu('standard', { ...customer, has_limit_agreements: false }))).not.toContain('user-limits');
    expect(ids(profileMenu('standard', { ...customer, members_count: 0 }))).not.toContain('user-limits');
  });

  it('planning only when the planning-access check had no error', () => {
    expect(ids(profileMenu('standard', { ...customer, planning_access: false }))).not.toContain('planning');
  });
});

describe('mixed-content choice in header links', () => {
  it('carries with_international_mix and nothing else', () => {
    expect(carriedQuery('?with_international_mix=false&category=politics')).toBe('?with_international_mix=false');
    expect(carriedQuery('?category=politics')).toBe('');
    expect(carriedQuery('?with_international_mix=maybe')).toBe('');
  });
});
