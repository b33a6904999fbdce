import { useEffect } from 'react';
import type { CurrentUser } from '../../../common/accounts.ts';
import { showTimesIn } from '../../lib/time-zone.ts';
import { setFunctionalCookie } from '../consent/consent-store.ts';

/**
 * The signed-in user's time zone comes from the profile (spec: accounts §4); a change is shown at
 * once (src/web/lib/time-zone.ts), kept in the time_zone cookie when functional cookies are accepted
 * and, when signed in, saved to the profile (change-time-zone.ts, loaded with the chooser).
 */
export function applyTimeZone(zone: string) {
  showTimesIn(zone);
  setFunctionalCookie('time_zone', zone);
}

/** Applies the signed-in user's time zone whenever the user (re)loads. */
export function useApplyUserTimeZone(user: CurrentUser | null) {
  useEffect(() => {
    if (user?.time_zone) applyTimeZone(user.time_zone);
  }, [user?.time_zone]);
}
