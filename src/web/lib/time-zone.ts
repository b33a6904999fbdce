import { useSyncExternalStore } from 'react';
import { readCookie } from './cookies.ts';

/**
 * The time zone published times are shown in (spec: accounts §4): the user's, else the visitor's
 * choice, else the browser's. The choice lives in the time_zone cookie when functional cookies are
 * accepted and in the tab's session storage in any case, so it survives a reload either way
 * (docs/decisions.md, "Time zone of a visitor").
 */
const VISIT_KEY = 'newsreel.time_zone';

export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const stored = typeof document === 'undefined' ? [] : [readCookie('time_zone'), sessionStorage.getItem(VISIT_KEY)];
let current: string = stored.find(isTimeZone) ?? browserZone();
const listeners = new Set<() => void>();

/** Shows times in `zone` from now on, in this tab and after a reload. */
export function showTimesIn(zone: string) {
  if (!isTimeZone(zone) || zone === current) return;
  current = zone;
  sessionStorage.setItem(VISIT_KEY, zone);
  for (const listener of listeners) listener();
}

export function useTimeZone(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
