import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { recordNavigation, shouldScrollToTop, startRecord, type NavigationRecord } from './navigation-history.ts';

const NavigationRecordContext = createContext<NavigationRecord | null>(null);

/** Tracks the previous path and query changes, and scrolls to top after each navigation. */
export function NavigationRecordProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [record, setRecord] = useState(() => startRecord({ pathname: location.pathname, search: location.search }));
  const first = useRef(true);
  // Derived from the location during render (React: "storing information from previous renders").
  const next = recordNavigation(record, { pathname: location.pathname, search: location.search });
  if (next !== record) setRecord(next);

  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) return;
    if (shouldScrollToTop(location.state)) window.scrollTo({ top: 0, left: 0 });
  }, [location.key, location.hash, location.state]);

  return <NavigationRecordContext.Provider value={record}>{children}</NavigationRecordContext.Provider>;
}

export function useNavigationRecord(): NavigationRecord {
  const record = useContext(NavigationRecordContext);
  if (!record) throw new Error('useNavigationRecord needs NavigationRecordProvider');
  return record;
}
