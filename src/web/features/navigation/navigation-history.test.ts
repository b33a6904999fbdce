import { describe, expect, it } from 'vitest';
import { recordNavigation, shouldScrollToTop, startRecord } from './navigation-history.ts';

describe('navigation record', () => {
  it('records the previous path and whether the query changed', () => {
    let record = startRecord({ pathname: '/en', search: '' });
    record = recordNavigation(record, { pathname: '/en/videos', search: '?page=2' });
    expect(record).toMatchObject({ previousPath: '/en', queryChanged: true });
    record = recordNavigation(record, { pathname: '/en/videos', search: '?page=3' });
    expect(record).toMatchObject({ previousPath: '/en/videos', queryChanged: true });
    record = recordNavigation(record, { pathname: '/en/plans', search: '?page=3' });
    expect(record).toMatchObject({ previousPath: '/en/videos', queryChanged: false });
  });

  it('keeps the record when nothing changed', () => {
    const record = recordNavigation(startRecord({ pathname: '/en', search: '' }), { pathname: '/en/about', search: '' });
    expect(recordNavigation(record, { pathname: '/en/about', search: '' })).toBe(record);
  });

  it('scrolls to top unless the navigation state says to keep the scroll', () => {
    expect(shouldScrollToTop(null)).toBe(true);
    expect(shouldScrollToTop({ from: 'x' })).toBe(true);
    expect(shouldScrollToTop({ keepScroll: true })).toBe(false);
  });
});
