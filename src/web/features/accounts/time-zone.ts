import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../../common/accounts.ts';
import { readCookie } from '../../lib/cookies.ts';
import { setFunctionalCookie } from '../consent/consent-store.ts';
import { accountsApi } from './api.ts';
import { storeCurrentUser } from './use-current-user.ts';

/**
 * The time zone dates are shown in (spec: accounts §4): the user's, else the one kept in the
 * time_zone cookie, else the browser's. Applied after the user loads; a change is kept locally and,
 * when signed in, saved to the profile.
 */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
let current: string = (typeof document !== 'undefined' && readCookie('time_zone')) || browserZone();
const listeners = new Set<() => void>();

function apply(zone: string) {
  if (zone === current) return;
  current = zone;
  setFunctionalCookie('time_zone', zone);
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
