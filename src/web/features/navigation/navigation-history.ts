/**
 * Navigation record (spec: accounts §2, content §2): each navigation records the previous path and
 * whether the query string changed; the page scrolls to top unless the navigation state says not to.
 */
export type Place = { pathname: string; search: string };
export type NavigationRecord = { current: Place; previousPath: string | null; queryChanged: boolean };

export function startRecord(place: Place): NavigationRecord {
  return { current: place, previousPath: null, queryChanged: false };
}

export function recordNavigation(record: NavigationRecord, next: Place): NavigationRecord {
  if (record.current.pathname === next.pathname && record.current.search === next.search) return record;
  return {
    current: next,
    previousPath: record.current.pathname,
    queryChanged: record.current.search !== next.search,
  };
}

/** Navigation state that keeps the scroll position: navigate(to, { state: { keepScroll: true } }). */
export type KeepScrollState = { keepScroll?: boolean };

export function shouldScrollToTop(state: unknown): boolean {
  return !(state && typeof state === 'object' && (state as KeepScrollState).keepScroll === true);
}
