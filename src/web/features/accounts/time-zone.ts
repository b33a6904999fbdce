import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CurrentUser } from '../../../common/accounts.ts';
import { showTimesIn } from '../../lib/time-zone.ts';
import { setFunctionalCookie } from '../consent/consent-store.ts';
import { accountsApi } from './api.ts';
import { storeCurrentUser } from './use-current-user.ts';

/**
 * The signed-in user's time zone comes from the profile (spec: accounts §4); a change is shown at
 * once (src/web/lib/time-zone.ts), kept in the time_zone cookie when functional cookies are accepted
 * and, when signed in, saved to the profile.
 */
function apply(zone: string) {
  showTimesIn(zone);
  setFunctionalCookie('time_zone', zone);
}

/** Applies the signed-in user's time zone whenever the user (re)loads. */
export function useApplyUserTimeZone(user: CurrentUser | null) {
  useEffect(() => {
    if (user?.time_zone) apply(user.time_zone);
  }, [user?.time_zone]);
}

export function useChangeTimeZone(user: CurrentUser | null) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (zone: string) => accountsApi.updateProfile({ time_zone: zone }),
    onSuccess: (updated) => storeCurrentUser(client, updated),
  });
  return (zone: string) => {
    apply(zone);
    if (user) save.mutate(zone);
  };
}
