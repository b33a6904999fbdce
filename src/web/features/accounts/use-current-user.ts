import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../common/accounts.ts';
import { CURRENT_USER_KEY } from '../../lib/session.ts';
import { accountsApi } from './api.ts';

/**
 * The current user (spec: accounts §4 "Session"): signed in when the call returns an id; reloaded
 * when the tab becomes visible again (TanStack's focus manager listens to visibilitychange).
 */
export const currentUserQuery = {
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) => accountsApi.currentUser(signal),
  staleTime: 30_000,
  refetchOnWindowFocus: 'always' as const,
};

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, loading: query.isPending, query };
}

/** After sign-in, sign-up-related, company and agreement calls the user is reloaded (spec §7). */
export function storeCurrentUser(client: QueryClient, user: CurrentUser | null) {
  client.setQueryData(CURRENT_USER_KEY, user);
  void client.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'none' });
}
