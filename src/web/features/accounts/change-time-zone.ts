import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../common/accounts.ts';
import { accountsApi } from './api.ts';
import { applyTimeZone } from './time-zone.ts';
import { storeCurrentUser } from './use-current-user.ts';

/** The chooser's change: shown at once, and saved to the profile when signed in. */
export function useChangeTimeZone(user: CurrentUser | null) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (zone: string) => accountsApi.updateProfile({ time_zone: zone }),
    onSuccess: (updated) => storeCurrentUser(client, updated),
  });
  return (zone: string) => {
    applyTimeZone(zone);
    if (user) save.mutate(zone);
  };
}
